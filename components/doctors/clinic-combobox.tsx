'use client';
/**
 * The finder's clinic filter (docs/doctor-finder.md "The filter panel"): a searchable Headless UI Combobox
 * instead of a wall of chips, so with 47 clinics the first doctor stays above the fold. Typing filters by
 * name; a clinic with no doctor for the other filters is shown but disabled; choosing one navigates to its
 * URL (the list's state lives in the URL). A chunk of its own, drawn by clinic-filter.tsx when needed.
 */
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { startNavigationProgress } from '@/components/ui/navigation-progress';

export interface ClinicChoice {
  /** HospitalCode, '' for every clinic. */
  value: string;
  label: string;
  /** Doctors it leaves with the other filters; -1 when unknown. */
  count: number;
  href: string;
}

export function ClinicCombobox({
  choices,
  current,
  autoFocus = false,
  inputClassName,
}: {
  choices: ClinicChoice[];
  current: string;
  /** Take focus when drawn (the stand-in of clinic-filter.tsx had it). */
  autoFocus?: boolean;
  inputClassName: string;
}) {
  const router = useRouter();
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);
  const selected = choices.find((c) => c.value === current) ?? choices[0]!;
  const shown = useMemo(() => {
    const q = query.trim();
    return q ? choices.filter((c) => c.value === '' || c.label.includes(q)) : choices;
  }, [choices, query]);
  return (
    <Combobox
      value={selected}
      by="value"
      immediate
      onChange={(choice: ClinicChoice | null) => {
        if (!choice || choice.value === current) return;
        startNavigationProgress(choice.href);
        router.push(choice.href);
      }}
      onClose={() => setQuery('')}
    >
      <div className="relative w-full max-w-80">
        <ComboboxInput
          ref={inputRef}
          aria-label="门诊"
          displayValue={(c: ClinicChoice | null) => (c && c.value ? c.label : '')}
          placeholder="全部门诊（输入名称查找）"
          onChange={(event) => setQuery(event.target.value)}
          className={inputClassName}
        />
        <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-2 text-stone-500" aria-label="展开门诊列表">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
          </svg>
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor="bottom start"
        className="z-30 mt-1 max-h-72 w-[var(--input-width)] overflow-auto rounded-md border border-stone-200 bg-white py-1 text-sm shadow-lg empty:invisible"
      >
        {shown.map((c) => (
          <ComboboxOption
            key={c.value || 'all'}
            value={c}
            disabled={c.value !== '' && c.count === 0 && c.value !== current}
            className="flex cursor-pointer items-center justify-between px-3 py-1.5 text-stone-800 data-[disabled]:cursor-not-allowed data-[disabled]:text-stone-400 data-[focus]:bg-brand-50 data-[selected]:font-semibold"
          >
            <span>{c.value ? c.label : '全部门诊'}</span>
            {c.value && c.count >= 0 ? <span className="ml-3 text-xs text-stone-500">{c.count === 0 ? '无医生' : `${c.count}位`}</span> : null}
          </ComboboxOption>
        ))}
        {shown.length === 1 && query.trim() ? <p className="px-3 py-1.5 text-stone-500">没有名称含“{query.trim()}”的门诊</p> : null}
      </ComboboxOptions>
    </Combobox>
  );
}

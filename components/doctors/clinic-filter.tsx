'use client';
/**
 * The finder's clinic filter as the first load carries it (docs/decisions.md "First-load JavaScript"): a
 * combobox-looking input that names the chosen clinic in the first HTML, and the searchable Headless UI
 * Combobox (clinic-combobox.tsx, ~45 KB gzip with its positioning) loaded as its own chunk when a pointer comes
 * near or the input takes focus, as the header search loads its suggestions.
 */
import { lazy, Suspense, useState } from 'react';
import type { ClinicChoice } from './clinic-combobox';

const ClinicCombobox = lazy(() => import('./clinic-combobox').then((m) => ({ default: m.ClinicCombobox })));

const INPUT =
  'w-full rounded-md border border-stone-300 bg-white py-1.5 pl-3 pr-9 text-sm text-stone-800 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200';

export function ClinicFilter({ choices, current }: { choices: ClinicChoice[]; current: string }) {
  // 'focus': the stand-in has focus, and the real input takes it over when it arrives.
  const [armed, setArmed] = useState<'no' | 'pointer' | 'focus'>('no');
  const label = choices.find((c) => c.value && c.value === current)?.label ?? '';
  const standIn = (
    <div className="relative w-full max-w-80">
      <input
        type="text"
        role="combobox"
        aria-label="门诊"
        aria-expanded={false}
        aria-controls="clinic-filter-options"
        aria-autocomplete="list"
        readOnly
        value={label}
        placeholder="全部门诊（输入名称查找）"
        onFocus={() => setArmed('focus')}
        onBlur={() => setArmed('pointer')}
        className={INPUT}
      />
      <ul id="clinic-filter-options" role="listbox" aria-label="门诊" hidden />
      <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute right-2 top-1/2 h-4 w-4 -translate-y-1/2 text-stone-500" fill="currentColor">
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
      </svg>
    </div>
  );
  return (
    <div onPointerEnter={() => setArmed((a) => (a === 'no' ? 'pointer' : a))}>
      {armed !== 'no' ? (
        <Suspense fallback={standIn}>
          <ClinicCombobox choices={choices} current={current} autoFocus={armed === 'focus'} inputClassName={INPUT} />
        </Suspense>
      ) : (
        standIn
      )}
    </div>
  );
}

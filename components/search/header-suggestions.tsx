'use client';
/**
 * The header search's suggestion list (docs/site-search.md), loaded on the box's first focus: reads
 * GET /search-suggestions through React Query, debounced, and follows the combobox keys of
 * combobox-state.ts. It reads through the root QueryClient (components/ui/query-provider.tsx, around the
 * whole body in app/layout.tsx), with its key in components/ui/query-keys.ts.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction } from 'react';
import { queryKeys } from '@/components/ui/query-keys';
import { comboboxStep, LISTBOX_ID, SUGGEST_DEBOUNCE_MS, type ComboboxAria, type ComboboxState } from './combobox-state';
import { SUGGESTION_KIND_LABELS, type Suggestion } from './suggestion-types';

interface Props {
  value: string;
  setValue: (v: string) => void;
  setAria: Dispatch<SetStateAction<ComboboxAria>>;
  keyHandlerRef: RefObject<((e: KeyboardEvent<HTMLInputElement>) => void) | null>;
  inputRef: RefObject<HTMLInputElement | null>;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

async function fetchSuggestions(keyword: string, signal: AbortSignal): Promise<Suggestion[]> {
  const res = await fetch(`/search-suggestions?q=${encodeURIComponent(keyword)}`, { signal });
  if (!res.ok) throw new Error('suggestions unavailable');
  return ((await res.json()) as { items: Suggestion[] }).items;
}

const optionId = (i: number) => `header-search-option-${i}`;

export function HeaderSuggestions({ value, setValue, setAria, keyHandlerRef, inputRef }: Props) {
  const router = useRouter();
  const keyword = useDebounced(value.trim().slice(0, 50), SUGGEST_DEBOUNCE_MS);
  const { data } = useQuery({
    queryKey: queryKeys.searchSuggestions(keyword),
    queryFn: ({ signal }) => fetchSuggestions(keyword, signal),
    placeholderData: keepPreviousData,
  });
  const items = data ?? [];
  const [state, setState] = useState<ComboboxState>({ open: false, active: -1 });

  // New suggestions for what was typed open the list (the hot words alone wait for ArrowDown).
  useEffect(() => {
    if (document.activeElement === inputRef.current && keyword) setState(comboboxStep(state, { type: 'typed', count: items.length }).state);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer changes
  }, [data]);

  const expanded = state.open && items.length > 0;
  const active = expanded && state.active >= 0 && state.active < items.length ? state.active : -1;
  useEffect(() => {
    setAria({ expanded, activeId: active >= 0 ? optionId(active) : undefined });
  }, [expanded, active, setAria]);

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const close = () => setState({ open: false, active: -1 });
    input.addEventListener('blur', close);
    return () => input.removeEventListener('blur', close);
  }, [inputRef]);

  const pick = (item: Suggestion) => {
    setState({ open: false, active: -1 });
    setValue(item.kind === 'word' || item.kind === 'term' ? item.label : '');
    router.push(item.href);
  };

  // The input (in header-search.tsx) hands its keys to the latest handler.
  useEffect(() => {
    keyHandlerRef.current = (e) => {
      const step = comboboxStep({ open: expanded, active }, { type: 'key', key: e.key, count: items.length });
      if (step.handled) e.preventDefault();
      setState(step.state);
      if (step.effect === 'pick') pick(items[active]!);
      if (step.effect === 'clear') setValue('');
    };
  });

  return (
    <ul
      id={LISTBOX_ID}
      role="listbox"
      aria-label="搜索建议"
      hidden={!expanded}
      className="absolute right-0 top-full z-40 mt-1 max-h-96 w-80 overflow-auto rounded-md border border-stone-200 bg-white py-1 text-sm shadow-lg"
    >
      {items.map((item, i) => (
        <li
          key={`${item.kind}-${item.href}`}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          data-kind={item.kind}
          // Keep the focus in the input (APG): the click picks without a blur closing the list first.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => pick(item)}
          className={`flex cursor-pointer items-baseline gap-2 px-3 py-1.5 ${i === active ? 'bg-brand-50 text-brand-800' : 'text-stone-800 hover:bg-stone-50'}`}
        >
          <span className="flex-none rounded bg-stone-100 px-1.5 text-xs text-stone-600">{SUGGESTION_KIND_LABELS[item.kind]}</span>
          <span className="truncate">
            {item.label}
            {item.hint ? <span className="ml-2 text-xs text-stone-600">{item.hint}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

'use client';
/**
 * The search box in the header of every page (docs/site-search.md): a GET form to /searchList that works
 * without JavaScript, whose input is a WAI-ARIA combobox. Its suggestion logic (React Query, the listbox,
 * the keys) is a separate chunk loaded on first focus, so the first load carries only this box.
 */
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { LISTBOX_ID, type ComboboxAria } from './combobox-state';

const HeaderSuggestions = lazy(() => import('./header-suggestions').then((m) => ({ default: m.HeaderSuggestions })));

export function HeaderSearch() {
  const [value, setValue] = useState('');
  const [armed, setArmed] = useState(false);
  const [aria, setAria] = useState<ComboboxAria>({ expanded: false });
  const keyHandlerRef = useRef<((e: KeyboardEvent<HTMLInputElement>) => void) | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const emptyList = <ul id={LISTBOX_ID} role="listbox" aria-label="搜索建议" hidden />;
  return (
    <form action="/searchList" method="get" role="search" className="relative flex items-center gap-1">
      <label htmlFor="header-search" className="sr-only">
        搜索医生、门诊、疾病与文章
      </label>
      <input
        ref={inputRef}
        id="header-search"
        name="keyword"
        // type=text: the Nu checker allows role=combobox on a text input only (ARIA in HTML).
        type="text"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={aria.expanded}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={aria.activeId}
        autoComplete="off"
        maxLength={50}
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onFocus={() => setArmed(true)}
        onKeyDown={(e) => keyHandlerRef.current?.(e)}
        placeholder="搜索医生、门诊、疾病"
        className="h-7 w-52 rounded-md border border-stone-300 bg-white px-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <button type="submit" aria-label="站内搜索" className="h-7 rounded-md bg-brand-700 px-3 text-sm text-white hover:bg-brand-800">
        搜索
      </button>
      {armed ? (
        <Suspense fallback={emptyList}>
          <HeaderSuggestions value={value} setValue={setValue} setAria={setAria} keyHandlerRef={keyHandlerRef} inputRef={inputRef} />
        </Suspense>
      ) : (
        emptyList
      )}
    </form>
  );
}

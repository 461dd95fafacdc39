/**
 * The header search box's keyboard rules, a WAI-ARIA combobox with a listbox popup (APG "Combobox With
 * Listbox Popup", docs/site-search.md): ArrowDown opens the list and moves down (wrapping), ArrowUp moves
 * up (wrapping), Enter on an active option picks it (otherwise the form submits the typed words), Escape
 * closes the list, or clears the box when the list is already closed.
 */
/** The listbox's id: the box (header-search.tsx) points at it before the suggestions' chunk has loaded. */
export const LISTBOX_ID = 'header-search-listbox';

/** What the input says of the popup (aria-expanded, aria-activedescendant). */
export interface ComboboxAria {
  expanded: boolean;
  activeId?: string;
}

export interface ComboboxState {
  open: boolean;
  /** The active option's index, -1 when none (focus stays in the input, aria-activedescendant unset). */
  active: number;
}

export type ComboboxAction =
  | { type: 'key'; key: string; count: number }
  | { type: 'typed'; count: number }
  | { type: 'close' };

export type ComboboxEffect = 'none' | 'pick' | 'submit' | 'clear';

export function comboboxStep(s: ComboboxState, a: ComboboxAction): { state: ComboboxState; effect: ComboboxEffect; handled: boolean } {
  if (a.type === 'typed') return { state: { open: a.count > 0, active: -1 }, effect: 'none', handled: false };
  if (a.type === 'close') return { state: { open: false, active: -1 }, effect: 'none', handled: false };
  const { key, count } = a;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { state: s, effect: 'none', handled: true };
      return { state: { open: true, active: !s.open ? 0 : (s.active + 1) % count }, effect: 'none', handled: true };
    case 'ArrowUp':
      if (count === 0) return { state: s, effect: 'none', handled: true };
      return { state: { open: true, active: !s.open || s.active <= 0 ? count - 1 : s.active - 1 }, effect: 'none', handled: true };
    case 'Enter':
      if (s.open && s.active >= 0 && s.active < count) return { state: { open: false, active: -1 }, effect: 'pick', handled: true };
      return { state: { open: false, active: -1 }, effect: 'submit', handled: false };
    case 'Escape':
      if (s.open) return { state: { open: false, active: -1 }, effect: 'none', handled: true };
      return { state: s, effect: 'clear', handled: true };
    default:
      return { state: s, effect: 'none', handled: false };
  }
}

/** The debounce before asking for suggestions, in ms: one request per pause in typing, not per key. */
export const SUGGEST_DEBOUNCE_MS = 200;

import { describe, expect, it } from 'vitest';
import { comboboxStep, type ComboboxState } from './combobox-state';

const closed: ComboboxState = { open: false, active: -1 };
const key = (s: ComboboxState, k: string, count = 3) => comboboxStep(s, { type: 'key', key: k, count });

describe('header search combobox keys (WAI-ARIA APG)', () => {
  it('ArrowDown opens on the first option, then moves down and wraps', () => {
    let r = key(closed, 'ArrowDown');
    expect(r.state).toEqual({ open: true, active: 0 });
    r = key(r.state, 'ArrowDown');
    r = key(r.state, 'ArrowDown');
    expect(r.state.active).toBe(2);
    expect(key(r.state, 'ArrowDown').state.active).toBe(0);
  });

  it('ArrowUp opens on the last option and wraps from the first', () => {
    expect(key(closed, 'ArrowUp').state).toEqual({ open: true, active: 2 });
    expect(key({ open: true, active: 0 }, 'ArrowUp').state.active).toBe(2);
  });

  it('Enter picks the active option, or lets the form submit the typed words', () => {
    const picked = key({ open: true, active: 1 }, 'Enter');
    expect(picked.effect).toBe('pick');
    expect(picked.handled).toBe(true);
    const typed = key({ open: true, active: -1 }, 'Enter');
    expect(typed.effect).toBe('submit');
    expect(typed.handled).toBe(false);
  });

  it('Escape closes the list, then clears the box', () => {
    const r = key({ open: true, active: 1 }, 'Escape');
    expect(r.state).toEqual(closed);
    expect(key(r.state, 'Escape').effect).toBe('clear');
  });

  it('does nothing on arrows without options, and typing resets the active option', () => {
    expect(key(closed, 'ArrowDown', 0).state).toEqual(closed);
    expect(comboboxStep({ open: true, active: 2 }, { type: 'typed', count: 4 }).state).toEqual({ open: true, active: -1 });
    expect(comboboxStep({ open: true, active: 2 }, { type: 'typed', count: 0 }).state.open).toBe(false);
  });
});

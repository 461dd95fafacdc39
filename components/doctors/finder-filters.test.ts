/**
 * The finder's URL rules (docs/doctor-finder.md "Who is free when", docs/security.md "Disk growth through query
 * values"): a malformed value is a 404; a date that is no calendar date, a date outside the 14 days and a value
 * that is not an option are dropped, and said so, before anything is read with them.
 */
import { describe, expect, it } from 'vitest';
import { droppedNotices, finderQuery, NO_FILTERS, parseDate, parseFinderFilters, settleFilters, type FilterLists } from './finder-filters';

const LISTS: FilterLists = {
  departments: [{ value: '中医内科' }, { value: '针灸科' }],
  titles: [{ value: '主任医师' }],
  clinics: [{ value: 'KM001' }],
  dates: [{ value: '2026-11-28' }, { value: '2026-11-29' }],
};

describe('the date of the finder', () => {
  it('reads a calendar date; anything else is dropped and marked, not a 404', () => {
    expect(parseFinderFilters({ date: '2026-11-28' })).toMatchObject({ date: '2026-11-28', malformedDate: false });
    expect(parseFinderFilters({})).toMatchObject({ date: '', malformedDate: false });
    for (const bad of ['2026-02-30', '2026-02-29', '2026-04-31', '2026-00-10', '2026-11-00', '2026-13-01', '2026-1-5', 'tomorrow', 'abc', '2026-11-28T00:00', '<b>']) {
      expect(parseFinderFilters({ date: bad }), bad).toMatchObject({ date: '', malformedDate: true });
    }
    expect(parseFinderFilters({ date: ['2026-11-28', '2026-11-29'] })).toBeNull();
    expect(parseDate('2028-02-29')).toBe('2028-02-29');
  });

  it('is kept when it is one of the 14 days, dropped as stale otherwise', () => {
    expect(settleFilters(parseFinderFilters({ date: '2026-11-28' })!, LISTS).filters.date).toBe('2026-11-28');
    const stale = settleFilters(parseFinderFilters({ date: '2020-01-06' })!, LISTS);
    expect(stale.filters.date).toBe('');
    expect(stale.dropped.date).toBe('stale');
    const malformed = settleFilters(parseFinderFilters({ date: 'abc' })!, LISTS);
    expect(malformed.dropped.date).toBe('malformed');
    expect(droppedNotices(malformed.dropped).join()).toContain('不是有效的日期');
  });

  it('rides in the shared link only when chosen', () => {
    expect(finderQuery({ sort: 'default', keyword: '', filters: { ...NO_FILTERS, date: '2026-11-28' } }).date).toBe('2026-11-28');
    expect(finderQuery({ sort: 'default', keyword: '', filters: NO_FILTERS }).date).toBeUndefined();
  });
});

describe('a chosen value is checked against the lists before it is read with', () => {
  it('keeps known values and drops each unknown one with its own sentence', () => {
    const known = settleFilters(parseFinderFilters({ dept: '针灸科', title: '主任医师', clinic: 'KM001', online: '1' })!, LISTS);
    expect(known.filters).toEqual({ department: '针灸科', title: '主任医师', clinic: 'KM001', online: true, date: '' });
    expect(known.checked).toBe(true);
    expect(droppedNotices(known.dropped)).toEqual([]);
    const unknown = settleFilters(parseFinderFilters({ dept: 'x9f3k', title: 'q81', clinic: 'NOPE999' })!, LISTS);
    expect(unknown.filters).toEqual(NO_FILTERS);
    expect(unknown.checked).toBe(true);
    expect(droppedNotices(unknown.dropped)).toHaveLength(3);
  });

  it('marks the values unchecked when the host lists no options (the reads then stay in bounded memory)', () => {
    expect(settleFilters(parseFinderFilters({ dept: 'x9f3k' })!, null)).toMatchObject({ checked: false, filters: { department: 'x9f3k' } });
    expect(settleFilters(parseFinderFilters({})!, null).checked).toBe(true);
    expect(settleFilters(parseFinderFilters({ date: '2030-01-01' })!, { ...LISTS, dates: [] }).checked).toBe(false);
  });
});

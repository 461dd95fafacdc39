/**
 * The finder's URL rules for a date (docs/doctor-finder.md "Who is free when"): a calendar date in
 * yyyy-mm-dd, else a 404; a date outside the 14 days is not an error, the list shows every date.
 */
import { describe, expect, it } from 'vitest';
import { dateIsOffered, finderQuery, NO_FILTERS, parseDate, parseFinderFilters } from './finder-filters';

describe('the date of the finder', () => {
  it('reads a calendar date and refuses anything else', () => {
    expect(parseFinderFilters({ date: '2026-11-28' })?.date).toBe('2026-11-28');
    expect(parseFinderFilters({})?.date).toBe('');
    for (const bad of ['2026-02-30', '2026-02-29', '2026-04-31', '2026-00-10', '2026-11-00', '2026-13-01', '2026-1-5', 'tomorrow', '2026-11-28T00:00', '<b>']) {
      expect(parseFinderFilters({ date: bad }), bad).toBeNull();
    }
    expect(parseFinderFilters({ date: ['2026-11-28', '2026-11-29'] })).toBeNull();
    expect(parseDate('2028-02-29')).toBe('2028-02-29');
  });

  it('is offered when it is one of the 14 days, or when the host lists no dates', () => {
    const counts = { dates: [{ value: '2026-11-28' }, { value: '2026-11-29' }] };
    expect(dateIsOffered('2026-11-28', counts)).toBe(true);
    expect(dateIsOffered('2020-01-06', counts)).toBe(false);
    expect(dateIsOffered('', counts)).toBe(true);
    expect(dateIsOffered('2020-01-06', null)).toBe(true);
    expect(dateIsOffered('2020-01-06', { dates: [] })).toBe(true);
  });

  it('rides in the shared link only when chosen', () => {
    expect(finderQuery({ sort: 'default', keyword: '', filters: { ...NO_FILTERS, date: '2026-11-28' } }).date).toBe('2026-11-28');
    expect(finderQuery({ sort: 'default', keyword: '', filters: NO_FILTERS }).date).toBeUndefined();
  });
});

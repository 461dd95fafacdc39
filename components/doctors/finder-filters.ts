/**
 * The doctor finder's filter rules (docs/doctor-finder.md): 科室 (`dept`), 职称 (`title`), clinic (`clinic`),
 * online now (`online=1`) and a date with an open number (`date=yyyy-mm-dd`) in the URL beside SPEC §9's sort
 * and the keyword `q`, so a shared link shows the same list. A malformed value (repeated, too long, markup)
 * is a 404. A well-formed value that is not an option, a date that is not a calendar date (`date=abc`) and a
 * date outside the 14 days (a link shared last week) are not errors: the list shows without that filter and
 * says why (settleFilters). Each value is checked against the lists of the unfiltered list BEFORE any read
 * keyed by it, so a visitor's free text never becomes a key of the data cache on disk (docs/security.md
 * "Disk growth through query values"); `online` other than 1 falls back to off.
 */
import type { ParamValue } from '@/lib/url-params';
import { parseCode, single } from '@/lib/url-params';

export interface FinderFilters {
  department: string;
  title: string;
  clinic: string;
  online: boolean;
  /** A China date, yyyy-mm-dd, or ''. */
  date: string;
}

export const NO_FILTERS: FinderFilters = { department: '', title: '', clinic: '', online: false, date: '' };

/** A calendar date written yyyy-mm-dd (2026-02-30 is not one). */
export function parseDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Day 0 of the next month is the month's last day (a calendar check, no clock or zone involved).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth ? value : null;
}

export interface ParsedFilters extends FinderFilters {
  /** A date was given that is not a calendar date (the list shows every date and says so). */
  malformedDate: boolean;
}

/** The filters of the URL, or null (404) when one is malformed (a date that is no calendar date is dropped, not a 404). */
export function parseFinderFilters(sp: Record<string, ParamValue>): ParsedFilters | null {
  const department = single(sp.dept, 20);
  const title = single(sp.title, 20);
  const clinicRaw = single(sp.clinic, 40);
  const online = single(sp.online, 1);
  if (department === null || title === null || clinicRaw === null || Array.isArray(sp.date)) return null;
  const clinic = clinicRaw ? parseCode(clinicRaw) : '';
  if (clinic === null) return null;
  const date = sp.date ? parseDate(sp.date) : '';
  return {
    department: department?.trim() ?? '',
    title: title?.trim() ?? '',
    clinic,
    online: online === '1',
    date: date ?? '',
    malformedDate: date === null,
  };
}

/** The options of a list with nothing chosen: what a chosen value must be one of. */
export interface FilterLists {
  departments: { value: string }[];
  titles: { value: string }[];
  clinics: { value: string }[];
  dates: { value: string }[];
}

/** Why a chosen value was left out of the list shown. */
export interface DroppedFilters {
  department: boolean;
  title: boolean;
  clinic: boolean;
  /** 'malformed': not a calendar date; 'stale': not one of the 14 days offered. */
  date: '' | 'malformed' | 'stale';
}

/**
 * The filters the list is read with: each chosen value that is not an option of `lists` (the unfiltered list's
 * options, read under a key that names no visitor input) is dropped, and said so, before anything is read
 * with it. `checked` is false when the host lists no options (or no dates) to check a chosen value against:
 * the reads that carry it are then kept in bounded memory only (lib/api/cache.ts `visitorChosen`).
 */
export function settleFilters(
  parsed: ParsedFilters,
  lists: FilterLists | null,
): { filters: FinderFilters; dropped: DroppedFilters; checked: boolean } {
  const { malformedDate, ...chosen } = parsed;
  const has = (list: { value: string }[], v: string) => !v || list.some((o) => o.value === v);
  if (!lists) {
    const checked = !chosen.department && !chosen.title && !chosen.clinic && !chosen.date;
    return { filters: chosen, dropped: { department: false, title: false, clinic: false, date: malformedDate ? 'malformed' : '' }, checked };
  }
  const dropped: DroppedFilters = {
    department: !has(lists.departments, chosen.department),
    title: !has(lists.titles, chosen.title),
    clinic: !has(lists.clinics, chosen.clinic),
    date: malformedDate ? 'malformed' : lists.dates.length > 0 && !has(lists.dates, chosen.date) ? 'stale' : '',
  };
  const filters: FinderFilters = {
    department: dropped.department ? '' : chosen.department,
    title: dropped.title ? '' : chosen.title,
    clinic: dropped.clinic ? '' : chosen.clinic,
    online: chosen.online,
    date: dropped.date ? '' : chosen.date,
  };
  return { filters, dropped, checked: !filters.date || lists.dates.length > 0 };
}

/** The sentences that say which chosen values the list leaves out, and why (a stale date is said by the page). */
export function droppedNotices(dropped: DroppedFilters): string[] {
  return [
    dropped.department ? '所选科室不在可选的科室中，下面是全部科室的医生。' : '',
    dropped.title ? '所选职称不在可选的职称中，下面是全部职称的医生。' : '',
    dropped.clinic ? '所选门诊不在可选的门诊中，下面是全部门诊的医生。' : '',
    dropped.date === 'malformed' ? '所选日期不是有效的日期（应写作 2026-11-28 这样的年-月-日），下面是全部日期的医生。' : '',
  ].filter(Boolean);
}

/** The query of a finder URL: only what differs from the defaults, so links stay short and canonical. */
export function finderQuery(s: { sort: string; keyword: string; filters: FinderFilters; page?: number }) {
  return {
    sort: s.sort === 'default' ? undefined : s.sort,
    q: s.keyword || undefined,
    dept: s.filters.department || undefined,
    title: s.filters.title || undefined,
    clinic: s.filters.clinic || undefined,
    online: s.filters.online ? 1 : undefined,
    date: s.filters.date || undefined,
    page: s.page && s.page > 1 ? s.page : undefined,
  };
}

/**
 * The doctor finder's filter rules (docs/doctor-finder.md): 科室 (`dept`), 职称 (`title`), clinic (`clinic`),
 * online now (`online=1`) and a date with an open number (`date=yyyy-mm-dd`) in the URL beside SPEC §9's sort
 * and the keyword `q`, so a shared link shows the same list. A malformed value (repeated, too long, markup,
 * a date that is not a calendar date) is a 404; a well-formed value that is not an option of the province is
 * a 404 too, as an unknown province is; `online` other than 1 falls back to off. A date outside the 14 days
 * (a link shared last week) is not an error: the list shows every date and says why (dateIsOffered).
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

/** The filters of the URL, or null (404) when one is malformed. */
export function parseFinderFilters(sp: Record<string, ParamValue>): FinderFilters | null {
  const department = single(sp.dept, 20);
  const title = single(sp.title, 20);
  const clinicRaw = single(sp.clinic, 40);
  const online = single(sp.online, 1);
  const dateRaw = single(sp.date, 10);
  if (department === null || title === null || clinicRaw === null || dateRaw === null) return null;
  const clinic = clinicRaw ? parseCode(clinicRaw) : '';
  const date = dateRaw ? parseDate(dateRaw) : '';
  if (clinic === null || date === null) return null;
  return { department: department?.trim() ?? '', title: title?.trim() ?? '', clinic, online: online === '1', date };
}

/** Whether the chosen date is one of the 14 offered (always, when the host does not list dates). */
export function dateIsOffered(date: string, options: { dates: { value: string }[] } | null): boolean {
  return !date || !options || options.dates.length === 0 || options.dates.some((d) => d.value === date);
}

/** Whether each chosen value is one of the options (when the options are known). */
export function filtersAreKnown(
  f: FinderFilters,
  options: { departments: { value: string }[]; titles: { value: string }[]; clinics: { value: string }[] } | null,
): boolean {
  if (!options) return true;
  const has = (list: { value: string }[], v: string) => !v || list.some((o) => o.value === v);
  return has(options.departments, f.department) && has(options.titles, f.title) && has(options.clinics, f.clinic);
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

/** The last page of a list of `total` items (1 when empty); a page above it answers 404. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

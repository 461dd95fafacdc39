/**
 * The doctor finder's filter rules (docs/doctor-finder.md): 科室 (`dept`), 职称 (`title`), clinic (`clinic`)
 * and online now (`online=1`) in the URL beside SPEC §9's sort and the keyword `q`, so a shared link shows
 * the same list. A malformed value (repeated, too long, markup) is a 404; a well-formed value that is not
 * an option of the province is a 404 too, as an unknown province is; `online` other than 1 falls back to off.
 */
import type { ParamValue } from '@/lib/url-params';
import { parseCode, single } from '@/lib/url-params';

export interface FinderFilters {
  department: string;
  title: string;
  clinic: string;
  online: boolean;
}

export const NO_FILTERS: FinderFilters = { department: '', title: '', clinic: '', online: false };

/** The filters of the URL, or null (404) when one is malformed. */
export function parseFinderFilters(sp: Record<string, ParamValue>): FinderFilters | null {
  const department = single(sp.dept, 20);
  const title = single(sp.title, 20);
  const clinicRaw = single(sp.clinic, 40);
  const online = single(sp.online, 1);
  if (department === null || title === null || clinicRaw === null) return null;
  const clinic = clinicRaw ? parseCode(clinicRaw) : '';
  if (clinic === null) return null;
  return { department: department?.trim() ?? '', title: title?.trim() ?? '', clinic, online: online === '1' };
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
    page: s.page && s.page > 1 ? s.page : undefined,
  };
}

/** The last page of a list of `total` items (1 when empty); a page above it answers 404. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

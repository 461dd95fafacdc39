import 'server-only';
/**
 * The doctor finder's filter counts (TW_User/GetDoctorFilterCounts, an extension of the embedded backend;
 * docs/doctor-finder.md): how many doctors each 科室, 职称, clinic and "online now" leaves, the other
 * filters applied. Null when the host does not answer it: the finder then shows its filters without counts.
 */
import { cachedRead, CACHE_TAGS, REVALIDATE } from './cache';
import { isApiError } from './errors';
import type { DoctorQuery } from './doctors';
import { publicRead } from './public';
import { ErrorNo } from '@/lib/contract';

export interface FilterOption {
  value: string;
  label: string;
  count: number;
}

export interface DoctorFilterCounts {
  total: number;
  departments: FilterOption[];
  titles: FilterOption[];
  clinics: FilterOption[];
  online: number;
  /** The 14 days from today, each with the doctors that have an open number that day ([] from a host without it). */
  dates: DateOption[];
}

export interface DateOption extends FilterOption {
  /** 周一… */
  weekday: string;
}

/**
 * The counts of a list. The options with nothing chosen (`{ provinceId }` or `{ department }` alone) are what
 * a chosen value is checked against before it is read with (components/doctors/finder-filters.ts settleFilters).
 */
export function getDoctorFilterCounts(q: Omit<DoctorQuery, 'sort' | 'page' | 'pageSize'>): Promise<DoctorFilterCounts | null> {
  const fields = {
    ProvinceID: q.provinceId,
    Keyword: q.keyword?.trim() || undefined,
    HospitalCode: q.orgCode,
    Department: q.department || undefined,
    DoctorTitle: q.title || undefined,
    IsOnline: q.onlineOnly ? 1 : undefined,
    IllnessID: q.illnessId,
    Date: q.date || undefined,
  };
  return cachedRead(
    ['doctor-filter-counts', JSON.stringify(fields)],
    async () => {
      try {
        const r = (await publicRead('TW_User/GetDoctorFilterCounts', fields)).ReturnObject;
        return {
          total: r.Total,
          departments: r.Departments.map((d) => ({ value: d.Name, label: d.Name, count: d.Count })),
          titles: r.Titles.map((t) => ({ value: t.Name, label: t.Name, count: t.Count })),
          clinics: r.Hospitals.map((h) => ({ value: h.HospitalCode, label: h.HospitalName, count: h.Count })),
          online: r.Online,
          dates: (r.Dates ?? []).map((d) => ({ value: d.Date, label: d.Date, weekday: d.Week, count: d.Count })),
        };
      } catch (err) {
        // A host without this call (404) leaves the filters without numbers, and that answer may be kept.
        if (isApiError(err, ErrorNo.NOT_FOUND)) return null;
        // Any other fault is thrown, so the cache keeps serving the last counts while the host is down.
        throw err;
      }
    },
    // The date counts move with bookings and the clock: near-live, as the list. A searched keyword is the
    // visitor's text: bounded memory, never the data cache on disk (lib/api/cache.ts).
    { tags: [CACHE_TAGS.doctors], revalidate: REVALIDATE.live, visitorChosen: Boolean(fields.Keyword) || Boolean(q.unchecked) },
  ).catch(() => null);
}

import 'server-only';
/**
 * Departments (科室) as pages (TW_User/GetDepartmentList and GetDepartment, an extension of the contract:
 * docs/api.md, docs/doctor-finder.md "Department pages"). Public data, cached across users; wire names stop
 * here. A host without the extension answers no department: the site then has no department pages.
 */
import { cachedRead, CACHE_TAGS, REVALIDATE } from './cache';
import { isApiError } from './errors';
import { orNull } from './list-page';
import { publicRead } from './public';
import { ErrorNo, type WireDepartment } from '@/lib/contract';

export interface DepartmentSummary {
  name: string;
  introduction: string;
  doctorCount: number;
  clinicCount: number;
}

export interface Department extends DepartmentSummary {
  clinics: { code: string; name: string; city: string; provinceId: number; doctorCount: number }[];
  /** Illnesses its doctors treat, each once (id: the illness's first clinic page), with how many doctors treat it. */
  illnesses: { id: number; name: string; doctorCount: number }[];
}

const reshapeSummary = (w: WireDepartment): DepartmentSummary => ({
  name: w.Name,
  introduction: w.Introduction,
  doctorCount: w.DoctorCount,
  clinicCount: w.ClinicCount,
});

/** Every department with a page, in the group's order; [] when the host does not list them. */
export function getDepartments(): Promise<DepartmentSummary[]> {
  return cachedRead(
    ['departments'],
    async () => {
      try {
        return (await publicRead('TW_User/GetDepartmentList')).DataList.map(reshapeSummary);
      } catch (err) {
        // A host without department pages (404) has none; any other fault keeps the last list in the cache.
        if (isApiError(err, ErrorNo.NOT_FOUND)) return [];
        throw err;
      }
    },
    { tags: [CACHE_TAGS.doctors], revalidate: REVALIDATE.content },
  ).catch(() => []);
}

/** One department by name; null when unknown (or the host has no department pages). */
export function getDepartment(name: string): Promise<Department | null> {
  return cachedRead(
    ['department', name],
    () =>
      orNull(
        publicRead('TW_User/GetDepartment', { Name: name }).then(({ ReturnObject: w }) => ({
          ...reshapeSummary(w),
          clinics: (w.Clinics ?? []).map((c) => ({ code: c.HospitalCode, name: c.HospitalName, city: c.CityName, provinceId: c.ProvinceID, doctorCount: c.DoctorCount })),
          illnesses: (w.Illnesses ?? []).map((i) => ({ id: i.ID, name: i.SpecialtyName, doctorCount: i.DoctorCount })),
        })),
      ),
    { tags: [CACHE_TAGS.doctors], revalidate: REVALIDATE.content },
  );
}

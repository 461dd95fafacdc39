/**
 * Departments (科室) as pages (docs/doctor-finder.md "Department pages"; an extension of the contract,
 * docs/api.md): the group's departments with their introduction, and one department with the clinics that
 * have it and the illnesses its doctors treat. Every count is counted from the doctors table, so a page's
 * figures are the lists' (a department's doctors are GetDoctorPageList's with Department; an illness's
 * doctors are its page's, IllnessID).
 */
import { optionalInt, requiredString } from '../fields';
import type { EndpointMap } from '../types';
import type { WireDepartment } from '@/lib/contract';
import { notFound } from './clinic-rows';

interface DepartmentRow {
  name: string;
  intro: string;
  doctor_count: number;
  clinic_count: number;
}

const wireDepartment = (r: DepartmentRow): WireDepartment => ({
  Name: r.name,
  Introduction: r.intro,
  DoctorCount: r.doctor_count,
  ClinicCount: r.clinic_count,
});

export const departmentEndpoints = {
  /** Every department with a page: ProvinceID (optional) → DataList [{Name, Introduction, DoctorCount, ClinicCount}]. */
  'TW_User/GetDepartmentList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const provinceId = optionalInt(fields, 'ProvinceID', '省份ID', { min: 0 }) || undefined;
      const scope = provinceId ? 'AND d.province_id = ?' : '';
      const rows = db
        .prepare(
          `SELECT dep.name, dep.intro,
             (SELECT COUNT(*) FROM doctors d WHERE d.department = dep.name ${scope}) AS doctor_count,
             (SELECT COUNT(DISTINCT d.org_code) FROM doctors d WHERE d.department = dep.name ${scope}) AS clinic_count
           FROM departments dep ORDER BY dep.sort, dep.name`,
        )
        .all(...(provinceId ? [provinceId, provinceId] : [])) as DepartmentRow[];
      return { DataList: rows.map(wireDepartment), TotalCount: rows.length };
    },
  },

  /**
   * One department: Name → ReturnObject {Name, Introduction, DoctorCount, ClinicCount, Clinics [{HospitalCode,
   * HospitalName, CityName, ProvinceID, DoctorCount}], Illnesses [{ID, SpecialtyName, DoctorCount}]}. Illnesses
   * are those its doctors' 擅长 names (ID: the illness's first clinic page); unknown name → 404.
   */
  'TW_User/GetDepartment': {
    access: 'public',
    handle: ({ db, fields }) => {
      const name = requiredString(fields, 'Name', '科室', 20);
      const dep = db
        .prepare(
          `SELECT dep.name, dep.intro,
             (SELECT COUNT(*) FROM doctors d WHERE d.department = dep.name) AS doctor_count,
             (SELECT COUNT(DISTINCT d.org_code) FROM doctors d WHERE d.department = dep.name) AS clinic_count
           FROM departments dep WHERE dep.name = ?`,
        )
        .get(name) as DepartmentRow | undefined;
      if (!dep) notFound('科室');
      const clinics = db
        .prepare(
          `SELECT o.code, o.name, o.city, o.province_id, COUNT(*) AS n FROM doctors d JOIN orgs o ON o.code = d.org_code
           WHERE d.department = ? GROUP BY o.code ORDER BY o.sort, o.org_id`,
        )
        .all(name) as { code: string; name: string; city: string; province_id: number; n: number }[];
      const illnesses = db
        .prepare(
          `SELECT MIN(i.illness_id) AS id, i.name,
             (SELECT COUNT(*) FROM doctors dd WHERE instr(dd.specialties, i.name) > 0) AS n
           FROM illnesses i
           WHERE EXISTS (SELECT 1 FROM doctors d WHERE d.department = ? AND instr(d.specialties, i.name) > 0)
           GROUP BY i.name ORDER BY MIN(i.sort)`,
        )
        .all(name) as { id: number; name: string; n: number }[];
      return {
        ReturnObject: {
          ...wireDepartment(dep),
          Clinics: clinics.map((c) => ({ HospitalCode: c.code, HospitalName: c.name, CityName: c.city, ProvinceID: c.province_id, DoctorCount: c.n })),
          Illnesses: illnesses.map((i) => ({ ID: i.id, SpecialtyName: i.name, DoctorCount: i.n })),
        },
      };
    },
  },
} satisfies EndpointMap;

/**
 * The doctor finder's filters beside the keyword and the SPEC §9 sorts (docs/doctor-finder.md):
 * 科室 (Department), 职称 (DoctorTitle), clinic (HospitalCode), online now (IsOnline), and the doctors who
 * treat an illness (IllnessID: the departments of its disease type, migration 060, or 擅长 naming it).
 * TW_User/GetDoctorFilterCounts answers how many doctors each option leaves, the other filters applied
 * (an extension of the embedded backend; the site shows the filters without counts when it is absent).
 */
import { optionalEnum, optionalInt, optionalString } from '../fields';
import type { Database, EndpointMap, Fields } from '../types';
import { likePattern, notFound, optionalCode } from './clinic-rows';
import { keywordCondition } from './doctor-search';

export interface DoctorFilters {
  provinceId?: number;
  keyword?: string;
  orgCode?: string;
  onlineOnly?: boolean;
  department?: string;
  title?: string;
  illnessId?: number;
}

type FilterName = 'department' | 'title' | 'orgCode' | 'onlineOnly';

/** The filters of a doctor list request, each validated with a Chinese message. */
export function readDoctorFilters(fields: Fields): DoctorFilters {
  return {
    provinceId: optionalInt(fields, 'ProvinceID', '省份ID', { min: 0 }) || undefined,
    keyword: optionalString(fields, 'Keyword', '关键词', 50) || undefined,
    orgCode: optionalCode(fields, 'HospitalCode', '门诊编码') || undefined,
    onlineOnly: optionalEnum(fields, 'IsOnline', ['0', '1'], '在线问诊') === '1',
    department: optionalString(fields, 'Department', '科室', 20) || undefined,
    title: optionalString(fields, 'DoctorTitle', '职称', 20) || undefined,
    illnessId: optionalInt(fields, 'IllnessID', '专科ID', { min: 1 }),
  };
}

/**
 * Conditions on the doctor row (alias d) for the filters the keyword postings do not carry: 科室, 职称
 * and an illness's field. An unknown IllnessID is a 404 (notFound).
 */
export function doctorRowConditions(db: Database, f: DoctorFilters): { sql: string[]; args: (string | number)[] } {
  const sql: string[] = [];
  const args: (string | number)[] = [];
  if (f.department) {
    sql.push('d.department = ?');
    args.push(f.department);
  }
  if (f.title) {
    sql.push('d.title = ?');
    args.push(f.title);
  }
  if (f.illnessId !== undefined) {
    const illness = db
      .prepare(
        `SELECT i.name, dt.name AS disease_type FROM illnesses i JOIN disease_types dt ON dt.type_id = i.disease_type_id
         WHERE i.illness_id = ?`,
      )
      .get(f.illnessId) as { name: string; disease_type: string } | undefined;
    if (!illness) notFound('专科');
    sql.push(
      `(d.department IN (SELECT department FROM disease_departments WHERE disease_type_name = ?) OR d.specialties LIKE ? ESCAPE '\\')`,
    );
    args.push(illness.disease_type, likePattern(illness.name));
  }
  return { sql, args };
}

/** Every condition of the filters on alias d, but `omit`'s (a filter's own count ignores its own choice). */
function conditions(db: Database, f: DoctorFilters, omit?: FilterName): { sql: string[]; args: (string | number)[] } | null {
  const row = doctorRowConditions(db, { ...f, [omit ?? 'none']: undefined });
  const sql: string[] = [];
  const args: (string | number)[] = [];
  if (f.provinceId) {
    sql.push('d.province_id = ?');
    args.push(f.provinceId);
  }
  if (f.orgCode && omit !== 'orgCode') {
    sql.push('d.org_code = ?');
    args.push(f.orgCode);
  }
  if (f.onlineOnly && omit !== 'onlineOnly') sql.push('d.consult_online = 1');
  if (f.keyword) {
    const k = keywordCondition(db, f.keyword, f.provinceId);
    if (!k) return null;
    sql.push(k.sql);
    args.push(...k.args);
  }
  return { sql: [...sql, ...row.sql], args: [...args, ...row.args] };
}

function grouped(db: Database, f: DoctorFilters, omit: FilterName, column: string) {
  const c = conditions(db, f, omit);
  if (!c) return [];
  return db
    .prepare(
      `SELECT ${column} AS value, COUNT(*) AS n FROM doctors d ${c.sql.length ? `WHERE ${c.sql.join(' AND ')}` : ''}
       GROUP BY ${column}`,
    )
    .all(...c.args) as { value: string | number; n: number }[];
}

/** Every value of a column among the province's doctors (the options, whatever the other filters). */
function vocabulary(db: Database, provinceId: number | undefined, column: 'department' | 'title'): string[] {
  return (
    db
      .prepare(`SELECT DISTINCT ${column} AS value FROM doctors ${provinceId ? 'WHERE province_id = ?' : ''} ORDER BY ${column}`)
      .all(...(provinceId ? [provinceId] : [])) as { value: string }[]
  ).map((r) => r.value);
}

/** Options with their counts, zero included, most doctors first. */
function counted(values: string[], rows: { value: string | number; n: number }[]) {
  const n = new Map(rows.map((r) => [String(r.value), r.n]));
  return values.map((value) => ({ value, n: n.get(value) ?? 0 })).sort((a, b) => b.n - a.n);
}

/**
 * How many doctors each filter option leaves, with the other filters applied. Every option of the
 * province is listed, with 0 when the other filters leave none of its doctors, so a shared link with
 * a valid but now empty choice still names it, and an unknown value can be told apart.
 */
export function doctorFilterCounts(db: Database, f: DoctorFilters) {
  const departments = counted(vocabulary(db, f.provinceId, 'department'), grouped(db, f, 'department', 'd.department'));
  const titles = counted(vocabulary(db, f.provinceId, 'title'), grouped(db, f, 'title', 'd.title'));
  const orgs = db
    .prepare(`SELECT code, name FROM orgs ${f.provinceId ? 'WHERE province_id = ?' : ''} ORDER BY sort, org_id`)
    .all(...(f.provinceId ? [f.provinceId] : [])) as { code: string; name: string }[];
  const names = new Map(orgs.map((o) => [o.code, o.name]));
  const clinics = counted(
    orgs.map((o) => o.code),
    grouped(db, f, 'orgCode', 'd.org_code'),
  );
  const online = grouped(db, f, 'onlineOnly', 'd.consult_online');
  const all = conditions(db, f);
  const total = all
    ? (db.prepare(`SELECT COUNT(*) AS n FROM doctors d ${all.sql.length ? `WHERE ${all.sql.join(' AND ')}` : ''}`).get(...all.args) as { n: number }).n
    : 0;
  return {
    Total: total,
    Departments: departments.map((r) => ({ Name: r.value, Count: r.n })),
    Titles: titles.map((r) => ({ Name: r.value, Count: r.n })),
    Hospitals: clinics.map((r) => ({ HospitalCode: r.value, HospitalName: names.get(r.value) ?? '', Count: r.n })),
    Online: online.find((r) => Number(r.value) === 1)?.n ?? 0,
  };
}

export const doctorFilterEndpoints: EndpointMap = {
  /**
   * Per-option counts of the doctor finder: ProvinceID, Keyword, Department, DoctorTitle, HospitalCode,
   * IsOnline, IllnessID → ReturnObject {Total, Departments [{Name, Count}], Titles [{Name, Count}],
   * Hospitals [{HospitalCode, HospitalName, Count}], Online}.
   */
  'TW_User/GetDoctorFilterCounts': {
    access: 'public',
    handle: ({ db, fields }) => ({ ReturnObject: doctorFilterCounts(db, readDoctorFilters(fields)) }),
  },
};

/**
 * The doctor finder's filters beside the keyword and the SPEC §9 sorts (docs/doctor-finder.md):
 * 科室 (Department), 职称 (DoctorTitle), clinic (HospitalCode), online now (IsOnline), a date with an open
 * number (Date), and the doctors who treat an illness (IllnessID: whose 擅长 names it, so an illness page
 * lists exactly the doctors a search for its name finds).
 * TW_User/GetDoctorFilterCounts answers how many doctors each option leaves, the other filters applied
 * (an extension of the embedded backend; the site shows the filters without counts when it is absent).
 */
import { optionalEnum, optionalInt, optionalString, type Sending } from '../fields';
import { BackendError, ErrorNo, type Database, type EndpointMap, type Fields } from '../types';
import { likePattern, notFound, optionalCode, WEEKDAY_NAMES } from './clinic-rows';
import { anyKeywordCondition, keywordFindsDoctor } from './doctor-search';
import { understand } from '@/lib/lay-terms';
import { OPEN_SLOTS_SQL, openSlotsArgs, releaseSlots, scheduleWindow } from './schedule-slots';
import type { WireFilterCounts } from '@/lib/contract';

export interface DoctorFilters {
  provinceId?: number;
  keyword?: string;
  orgCode?: string;
  onlineOnly?: boolean;
  department?: string;
  title?: string;
  illnessId?: number;
  /** A China date (yyyy-mm-dd): only doctors with an open number that day. */
  date?: string;
}

type FilterName = 'department' | 'title' | 'orgCode' | 'onlineOnly' | 'date';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The names a doctor list request may filter by (each endpoint that reads them sends them all). */
type DoctorFilterField = 'Date' | 'ProvinceID' | 'Keyword' | 'HospitalCode' | 'IsOnline' | 'Department' | 'DoctorTitle' | 'IllnessID';

/** The filters of a doctor list request, each validated with a Chinese message. */
export function readDoctorFilters<F extends Fields & Partial<Record<DoctorFilterField, string>>>(fields: Sending<F, DoctorFilterField>): DoctorFilters {
  const date = optionalString(fields, 'Date', '日期', 10) || undefined;
  if (date && (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))) {
    throw new BackendError(ErrorNo.BAD_INPUT, '日期格式应为yyyy-mm-dd');
  }
  return {
    date,
    provinceId: optionalInt(fields, 'ProvinceID', '省份ID', { min: 0 }) || undefined,
    keyword: optionalString(fields, 'Keyword', '关键词', 50) || undefined,
    orgCode: optionalCode(fields, 'HospitalCode', '门诊编码') || undefined,
    onlineOnly: optionalEnum(fields, 'IsOnline', ['0', '1'], '在线问诊') === '1',
    department: optionalString(fields, 'Department', '科室', 20) || undefined,
    title: optionalString(fields, 'DoctorTitle', '职称', 20) || undefined,
    illnessId: optionalInt(fields, 'IllnessID', '专科ID', { min: 1 }),
  };
}

/** The doctors (alias d) with an open number on a China date at `now`: released, not started, not full. */
function openOnDate(db: Database, date: string, now: Date) {
  releaseSlots(db, now);
  return {
    sql: `d.doctor_id IN (SELECT os.doctor_id FROM (${OPEN_SLOTS_SQL}) os WHERE os.remaining > 0)`,
    args: openSlotsArgs(date, date, now),
  };
}

/**
 * Conditions on the doctor row (alias d) for the filters the keyword postings do not carry: 科室, 职称,
 * an open number on a date (at `now`) and an illness's doctors. An unknown IllnessID is a 404 (notFound).
 */
export function doctorRowConditions(db: Database, f: DoctorFilters, now: Date): { sql: string[]; args: (string | number)[] } {
  const sql: string[] = [];
  const args: (string | number)[] = [];
  if (f.date) {
    const open = openOnDate(db, f.date, now);
    sql.push(open.sql);
    args.push(...open.args);
  }
  if (f.department) {
    sql.push('d.department = ?');
    args.push(f.department);
  }
  if (f.title) {
    sql.push('d.title = ?');
    args.push(f.title);
  }
  if (f.illnessId !== undefined) {
    const illness = db.prepare('SELECT name FROM illnesses WHERE illness_id = ?').get(f.illnessId) as { name: string } | undefined;
    if (!illness) notFound('专科');
    // Only doctors whose 擅长 names the illness: the page's count is the search's for that name.
    sql.push(`d.specialties LIKE ? ESCAPE '\\'`);
    args.push(likePattern(illness.name));
  }
  return { sql, args };
}

/** Every condition of the filters on alias d, but `omit`'s (a filter's own count ignores its own choice). */
function conditions(db: Database, f: DoctorFilters, now: Date, omit?: FilterName): { sql: string[]; args: (string | number)[] } | null {
  const row = doctorRowConditions(db, { ...f, [omit ?? 'none']: undefined }, now);
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
    const read = understand(f.keyword, { foundAsTyped: (typed) => keywordFindsDoctor(db, typed) });
    const k = anyKeywordCondition(db, read.terms, f.provinceId);
    if (!k) return null;
    sql.push(k.sql);
    args.push(...k.args);
    if (read.excludeDepartments.length) {
      sql.push(`d.department NOT IN (${read.excludeDepartments.map(() => '?').join(',')})`);
      args.push(...read.excludeDepartments);
    }
  }
  return { sql: [...sql, ...row.sql], args: [...args, ...row.args] };
}

function grouped(db: Database, f: DoctorFilters, now: Date, omit: FilterName, column: string) {
  const c = conditions(db, f, now, omit);
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
/**
 * Each date of the release window with how many doctors (the other filters applied) have an open number
 * that day, today first: the finder's date chips.
 */
function dateCounts(db: Database, f: DoctorFilters, now: Date) {
  const window = scheduleWindow(now);
  const c = conditions(db, f, now, 'date');
  const n = new Map<string, number>();
  if (c) {
    releaseSlots(db, now);
    const rows = db
      .prepare(
        `SELECT os.date AS date, COUNT(DISTINCT os.doctor_id) AS n FROM (${OPEN_SLOTS_SQL}) os
         JOIN doctors d ON d.doctor_id = os.doctor_id
         WHERE os.remaining > 0 ${c.sql.length ? `AND ${c.sql.join(' AND ')}` : ''} GROUP BY os.date`,
      )
      .all(...openSlotsArgs(window[0]!.date, window[window.length - 1]!.date, now), ...c.args) as { date: string; n: number }[];
    for (const r of rows) n.set(r.date, r.n);
  }
  return window.map(({ date, weekday }) => ({ Date: date, Week: WEEKDAY_NAMES[weekday]!, Count: n.get(date) ?? 0 }));
}

export function doctorFilterCounts(db: Database, f: DoctorFilters, now: Date): WireFilterCounts {
  const grouped_ = (omit: FilterName, column: string) => grouped(db, f, now, omit, column);
  const departments = counted(vocabulary(db, f.provinceId, 'department'), grouped_('department', 'd.department'));
  const titles = counted(vocabulary(db, f.provinceId, 'title'), grouped_('title', 'd.title'));
  const orgs = db
    .prepare(`SELECT code, name FROM orgs ${f.provinceId ? 'WHERE province_id = ?' : ''} ORDER BY sort, org_id`)
    .all(...(f.provinceId ? [f.provinceId] : [])) as { code: string; name: string }[];
  const names = new Map(orgs.map((o) => [o.code, o.name]));
  const clinics = counted(
    orgs.map((o) => o.code),
    grouped_('orgCode', 'd.org_code'),
  );
  const online = grouped_('onlineOnly', 'd.consult_online');
  const all = conditions(db, f, now);
  const total = all
    ? (db.prepare(`SELECT COUNT(*) AS n FROM doctors d ${all.sql.length ? `WHERE ${all.sql.join(' AND ')}` : ''}`).get(...all.args) as { n: number }).n
    : 0;
  return {
    Total: total,
    Departments: departments.map((r) => ({ Name: r.value, Count: r.n })),
    Titles: titles.map((r) => ({ Name: r.value, Count: r.n })),
    Hospitals: clinics.map((r) => ({ HospitalCode: r.value, HospitalName: names.get(r.value) ?? '', Count: r.n })),
    Online: online.find((r) => Number(r.value) === 1)?.n ?? 0,
    Dates: dateCounts(db, f, now),
  };
}

export const doctorFilterEndpoints = {
  /**
   * Per-option counts of the doctor finder: ProvinceID, Keyword, Department, DoctorTitle, HospitalCode,
   * IsOnline, Date, IllnessID → ReturnObject {Total, Departments [{Name, Count}], Titles [{Name, Count}],
   * Hospitals [{HospitalCode, HospitalName, Count}], Online, Dates [{Date, Week, Count}] (the 14 days)}.
   */
  'TW_User/GetDoctorFilterCounts': {
    access: 'public',
    handle: ({ db, fields, now }) => ({ ReturnObject: doctorFilterCounts(db, readDoctorFilters(fields), now) }),
  },
} satisfies EndpointMap;

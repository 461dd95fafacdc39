/**
 * TW_User: doctors, schedules and studios (SPEC §7). GetUserNums, GetStyleDisplay
 * and GetThirdAppInfo live in site-info.ts (content area).
 * Details answer Result.ReturnObject; lists answer listResult().
 */
import { BackendError, ErrorNo, type EndpointMap, type HandlerContext } from '../types';
import type { WireDoctor, WireStudio } from '@/lib/contract';
import { listResult, optionalEnum, optionalInt, optionalString, paging } from '../fields';
import {
  DOCTOR_COLUMNS,
  doctorByCode,
  doctorById,
  likePattern,
  notFound,
  optionalCode,
  requiredCode,
  wireDoctor,
  type DoctorRow,
} from './clinic-rows';
import { doctorRowConditions, readDoctorFilters } from './doctor-filters';
import { anyKeywordCondition, keywordDoctorPage, keywordFindsDoctor } from './doctor-search';
import { understand } from '@/lib/lay-terms';
import { groupByDate, nextOpenSlots, SCHEDULE_DAYS, slotsFor } from './schedule-slots';

/** SPEC §9 doctor sorts → an indexed ORDER BY (migration 010). */
const DOCTOR_ORDER = {
  default: 'd.sort ASC, d.doctor_id ASC',
  praise: 'd.praise_rate DESC, d.doctor_id ASC',
  services: 'd.service_count DESC, d.doctor_id ASC',
  fans: 'd.fans DESC, d.doctor_id ASC',
} as const;
const DOCTOR_SORT_VALUES = Object.keys(DOCTOR_ORDER) as (keyof typeof DOCTOR_ORDER)[];

/** A doctor is addressed by AppointmentCode or DoctorID. */
function doctorFromFields(ctx: HandlerContext): DoctorRow {
  const code = optionalCode(ctx.fields, 'AppointmentCode', '医生编码');
  if (code) return doctorByCode(ctx.db, code);
  const id = optionalInt(ctx.fields, 'DoctorID', '医生ID', { min: 1 });
  if (id === undefined) throw new BackendError(ErrorNo.BAD_INPUT, '缺少医生编码');
  return doctorById(ctx.db, id);
}

/**
 * The filtered doctor list, paged in SQL (docs/api.md: cost grows with the page size). Filters: province,
 * keyword, clinic, online now, and 科室 / 职称 / an illness's field (doctor-filters.ts).
 */
function doctorPage(ctx: HandlerContext, extra: { orgCode?: string; onlineOnly?: boolean } = {}) {
  const { fields, db } = ctx;
  const page = paging(fields, { defaultSize: 10, maxSize: 100 });
  const filters = readDoctorFilters(fields);
  const { provinceId, keyword } = filters;
  const sort = optionalEnum(fields, 'Sort', DOCTOR_SORT_VALUES, '排序') || 'default';
  const orgCode = extra.orgCode ?? filters.orgCode;
  const onlineOnly = extra.onlineOnly || filters.onlineOnly;
  const rowConditions = doctorRowConditions(db, filters, ctx.now);
  // A patient's word (胃痛) is searched with what it means (慢性胃炎, 功能性消化不良…): any of them matches
  // (lib/lay-terms; docs/site-search.md "Patients' words").
  // A phrase (失眠多梦怎么办), pinyin or a typo is read as the words it holds (lib/lay-terms/understand.ts).
  const read = keyword ? understand(keyword, { foundAsTyped: (k) => keywordFindsDoctor(db, k) }) : null;
  const terms = read?.terms ?? [];
  if (read?.excludeDepartments.length) {
    rowConditions.sql.push(`d.department NOT IN (${read.excludeDepartments.map(() => '?').join(',')})`);
    rowConditions.args.push(...read.excludeDepartments);
  }
  if (terms.length > 1) {
    const any = anyKeywordCondition(db, terms, provinceId);
    if (!any) return listResult([], 0, page);
    rowConditions.sql.push(any.sql);
    rowConditions.args.push(...any.args);
  }
  // A keyword reads the postings of migration 012 instead of scanning with LIKE (docs/bench.md).
  if (keyword && terms.length === 1) {
    const { rows, total } = keywordDoctorPage(db, {
      keyword,
      provinceId,
      orgCode,
      onlineOnly,
      doctorWhere: rowConditions,
      // Open numbers move with bookings and the clock, not with doctor rows: never a remembered total.
      volatile: Boolean(filters.date),
      sort,
      limit: page.pageSize,
      offset: page.offset,
    });
    return listResult(withNextOpen(ctx, rows, filters.date), total, page);
  }
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (provinceId) {
    where.push('d.province_id = ?');
    args.push(provinceId);
  }
  if (orgCode) {
    where.push('d.org_code = ?');
    args.push(orgCode);
  }
  if (onlineOnly) where.push('d.consult_online = 1');
  where.push(...rowConditions.sql);
  args.push(...rowConditions.args);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // Province-only lists read the trigger-kept totals (migration 011), so their cost does not grow with the table.
  const total =
    !orgCode && !onlineOnly && rowConditions.sql.length === 0
      ? ((db.prepare('SELECT n FROM doctor_counts WHERE province_id = ?').get(provinceId ?? 0) as { n: number } | undefined)?.n ?? 0)
      : (db.prepare(`SELECT COUNT(*) AS n FROM doctors d ${whereSql}`).get(...args) as { n: number }).n;
  const rows = db
    .prepare(
      `SELECT ${DOCTOR_COLUMNS} FROM doctors d JOIN orgs o ON o.code = d.org_code ${whereSql}
       ORDER BY ${DOCTOR_ORDER[sort]} LIMIT ? OFFSET ?`,
    )
    .all(...args, page.pageSize, page.offset) as DoctorRow[];
  return listResult(withNextOpen(ctx, rows, filters.date), total, page);
}

/**
 * List rows with the extension NextOpenSlot (docs/api.md): the doctor's next slot with a number left in
 * the 14 days, or on `date` when the list is filtered by one; null when none. One query for the page.
 */
function withNextOpen(ctx: HandlerContext, rows: DoctorRow[], date?: string): WireDoctor[] {
  const next = nextOpenSlots(ctx.db, rows.map((r) => r.doctor_id), ctx.now, { date });
  return rows.map((r) => {
    const slot = next.get(r.doctor_id);
    return {
      ...wireDoctor(r),
      NextOpenSlot: slot
        ? { ScheduleID: slot.ScheduleID, Date: slot.Date, Week: slot.Week, ShiftName: slot.ShiftName, StartTime: slot.StartTime, EndTime: slot.EndTime, HospitalName: slot.HospitalName, Remaining: slot.Remaining }
        : null,
    };
  });
}

function dateField(ctx: HandlerContext): string {
  const date = optionalString(ctx.fields, 'Date', '日期', 20);
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new BackendError(ErrorNo.BAD_INPUT, '日期格式应为yyyy-mm-dd');
  return date;
}

interface StudioRow {
  studio_id: number;
  name: string;
  class_code: string;
  class_name: string;
  intro: string;
  image: string;
  doctor_id: number;
  appointment_code: string;
  doctor_name: string;
  title: string;
  department: string;
  org_name: string;
  praise_rate: number;
  service_count: number;
}

const STUDIO_SQL = `SELECT st.studio_id, st.name, st.class_code, c.name AS class_name, st.intro, st.image, st.doctor_id,
  d.appointment_code, d.name AS doctor_name, d.title, d.department, o.name AS org_name, d.praise_rate, d.service_count
  FROM studios st JOIN special_classes c ON c.class_code = st.class_code
  JOIN doctors d ON d.doctor_id = st.doctor_id JOIN orgs o ON o.code = d.org_code`;

const wireStudio = (r: StudioRow): WireStudio => ({
  StudioID: r.studio_id,
  StudioName: r.name,
  ClassCode: r.class_code,
  ClassName: r.class_name,
  Introduction: r.intro,
  Image: r.image,
  DoctorID: r.doctor_id,
  AppointmentCode: r.appointment_code,
  DoctorName: r.doctor_name,
  DoctorTitle: r.title,
  Department: r.department,
  HospitalName: r.org_name,
  PraiseRate: r.praise_rate,
  ServiceCount: r.service_count,
});

export const userEndpoints = {
  /**
   * Doctor finder: ProvinceID, Keyword, Sort (default|praise|services|fans), HospitalCode, PageIndex, PageSize;
   * and the finder's filters Department (科室), DoctorTitle (职称), IsOnline, IllnessID (doctor-filters.ts).
   */
  'TW_User/GetDoctorPageList': {
    access: 'public',
    handle: (ctx) => doctorPage(ctx),
  },
  /**
   * Unpaged short list (home page, online consultation): ProvinceID, Sort, IsOnline (1 = online consultants only),
   * PageSize (default 8, max 100).
   */
  'TW_User/GetDoctorList': {
    access: 'public',
    handle: (ctx) => {
      return doctorPage(ctx);
    },
  },
  /** One doctor: AppointmentCode or DoctorID → ReturnObject with Introduction. */
  'TW_User/GetDoctorSingle': {
    access: 'public',
    handle: (ctx) => {
      const row = doctorFromFields(ctx);
      return { ReturnObject: { ...wireDoctor(row), Introduction: row.intro ?? '' } };
    },
  },
  /** The next 14 days of a doctor's slots, flat: AppointmentCode|DoctorID, Days (1..28). */
  'TW_User/GetScheduleList': {
    access: 'public',
    handle: (ctx) => {
      const doctor = doctorFromFields(ctx);
      const days = optionalInt(ctx.fields, 'Days', '天数', { min: 1, max: 28 }) ?? SCHEDULE_DAYS;
      const slots = slotsFor(ctx.db, { doctorId: doctor.doctor_id }, ctx.now, { days });
      return { DataList: slots, TotalCount: slots.length };
    },
  },
  /** One day of a doctor's slots: AppointmentCode|DoctorID, Date (yyyy-mm-dd, default today). */
  'TW_User/GetDoctorSchedule': {
    access: 'public',
    handle: (ctx) => {
      const doctor = doctorFromFields(ctx);
      const date = dateField(ctx);
      const slots = slotsFor(ctx.db, { doctorId: doctor.doctor_id }, ctx.now, { days: date ? 28 : 1, onlyDate: date || undefined });
      return { DataList: slots, TotalCount: slots.length };
    },
  },
  /** The next 14 days grouped by date, a day off with no Shifts: DataList [{Date, Week, Shifts: Slot[]}]. */
  'TW_User/GetDoctorScheduleNew': {
    access: 'public',
    handle: (ctx) => {
      const doctor = doctorFromFields(ctx);
      const days = groupByDate(slotsFor(ctx.db, { doctorId: doctor.doctor_id }, ctx.now), ctx.now);
      return { DataList: days, TotalCount: days.length };
    },
  },
  /** A clinic's doctors: HospitalCode (required), Sort, Keyword, PageIndex, PageSize. */
  'TW_User/GetOrgDoctorList': {
    access: 'public',
    handle: (ctx) => {
      const orgCode = requiredCode(ctx.fields, 'HospitalCode', '门诊编码');
      if (!ctx.db.prepare('SELECT 1 FROM orgs WHERE code = ?').get(orgCode)) notFound('门诊');
      return doctorPage(ctx, { orgCode });
    },
  },
  /**
   * One studio and its menu (expertstudiodetails): StudioID → ReturnObject {Studio, Menu: [{SpecialType, MenuName, Count}]}.
   * Without StudioID: the class menu of the studio list (ClassCode, ClassName, Count).
   */
  'TW_User/GetStudioMenu': {
    access: 'public',
    handle: (ctx) => {
      const studioId = optionalInt(ctx.fields, 'StudioID', '工作室ID', { min: 1 });
      if (studioId === undefined) {
        const rows = ctx.db
          .prepare(
            `SELECT c.class_code, c.name, (SELECT COUNT(*) FROM studios s WHERE s.class_code = c.class_code) AS n
             FROM special_classes c ORDER BY c.sort`,
          )
          .all() as { class_code: string; name: string; n: number }[];
        return { DataList: rows.map((r) => ({ ClassCode: r.class_code, ClassName: r.name, Count: r.n })), TotalCount: rows.length };
      }
      const studio = ctx.db.prepare(`${STUDIO_SQL} WHERE st.studio_id = ?`).get(studioId) as StudioRow | undefined;
      if (!studio) notFound('工作室');
      const counts = ctx.db
        .prepare('SELECT special_type AS t, COUNT(*) AS n FROM specials WHERE studio_id = ? GROUP BY special_type')
        .all(studioId) as { t: number; n: number }[];
      const count = (t: number) => counts.find((c) => c.t === t)?.n ?? 0;
      return {
        ReturnObject: {
          Studio: wireStudio(studio),
          Menu: [
            { SpecialType: 1, MenuName: '工作成果', Count: count(1) },
            { SpecialType: 2, MenuName: '工作动态', Count: count(2) },
            { SpecialType: 3, MenuName: '专题', Count: count(3) },
          ],
        },
      };
    },
  },
  /** Famous-doctor studios: ClassCode, Keyword, PageIndex, PageSize. */
  'TW_User/GetStudioList': {
    access: 'public',
    handle: (ctx) => {
      const page = paging(ctx.fields, { defaultSize: 12, maxSize: 100 });
      const classCode = optionalCode(ctx.fields, 'ClassCode', '分类编码');
      const keyword = optionalString(ctx.fields, 'Keyword', '关键词', 50);
      const where: string[] = [];
      const args: (string | number)[] = [];
      if (classCode) {
        where.push('st.class_code = ?');
        args.push(classCode);
      }
      if (keyword) {
        where.push(`(st.name LIKE ? ESCAPE '\\' OR d.name LIKE ? ESCAPE '\\')`);
        args.push(likePattern(keyword), likePattern(keyword));
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (
        ctx.db
          .prepare(`SELECT COUNT(*) AS n FROM studios st JOIN doctors d ON d.doctor_id = st.doctor_id ${whereSql}`)
          .get(...args) as { n: number }
      ).n;
      const rows = ctx.db
        .prepare(`${STUDIO_SQL} ${whereSql} ORDER BY st.sort, st.studio_id LIMIT ? OFFSET ?`)
        .all(...args, page.pageSize, page.offset) as StudioRow[];
      return listResult(rows.map(wireStudio), total, page);
    },
  },
} satisfies EndpointMap;

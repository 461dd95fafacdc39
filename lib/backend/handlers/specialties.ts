/**
 * Key specialties (SPEC §7): HIS_Specialty (specialty types and configurations,
 * i.e. the illnesses each clinic treats), TW_Class/GetSpeciaClass (studio
 * classes), TW_Special (work results, dynamics, special pages) and
 * TW_DiseaseType/GetDiseaseTypeList. Details answer Result.ReturnObject.
 */
import type { Database, EndpointMap } from '../types';
import type { SpecialType, WireIllness, WireSpecial } from '@/lib/contract';
import { searchTerms } from '@/lib/lay-terms';
import { keywordFindsDoctor } from './doctor-search';
import { listResult, optionalEnum, optionalInt, optionalString, paging } from '../fields';
import { likePattern, notFound, optionalCode } from './clinic-rows';

/** SPEC §9 specialty list sorts → indexed ORDER BY (migration 010). */
const ILLNESS_ORDER = {
  specialty: 'i.specialty_type_id ASC, i.sort ASC, i.illness_id ASC',
  praise: 'i.praise_rate DESC, i.illness_id ASC',
  services: 'i.service_count DESC, i.illness_id ASC',
} as const;

interface IllnessRow {
  illness_id: number;
  name: string;
  specialty_type_id: number;
  specialty_type_name: string;
  disease_type_id: number;
  disease_type_name: string;
  org_code: string;
  org_name: string;
  summary: string;
  symptoms: string;
  treatment: string;
  praise_rate: number;
  service_count: number;
}

const ILLNESS_SQL = `SELECT i.illness_id, i.name, i.specialty_type_id, st.name AS specialty_type_name, i.disease_type_id,
  dt.name AS disease_type_name, i.org_code, o.name AS org_name, i.summary, i.symptoms, i.treatment, i.praise_rate,
  i.service_count FROM illnesses i JOIN specialty_types st ON st.type_id = i.specialty_type_id
  JOIN disease_types dt ON dt.type_id = i.disease_type_id JOIN orgs o ON o.code = i.org_code`;

const wireIllness = (r: IllnessRow): WireIllness => ({
  ID: r.illness_id,
  SpecialtyName: r.name,
  TypeID: r.specialty_type_id,
  TypeName: r.specialty_type_name,
  DiseaseTypeID: r.disease_type_id,
  DiseaseTypeName: r.disease_type_name,
  HospitalCode: r.org_code,
  HospitalName: r.org_name,
  Summary: r.summary,
  Symptoms: r.symptoms,
  Treatment: r.treatment,
  PraiseRate: r.praise_rate,
  ServiceCount: r.service_count,
});

interface SpecialRow {
  special_id: number;
  studio_id: number | null;
  studio_name: string | null;
  doctor_id: number | null;
  doctor_name: string | null;
  appointment_code: string | null;
  special_type: SpecialType;
  title: string;
  summary: string;
  body: string;
  image: string;
  created_at: string;
}

const SPECIAL_SQL = `SELECT s.special_id, s.studio_id, st.name AS studio_name, s.doctor_id, d.name AS doctor_name,
  d.appointment_code, s.special_type, s.title, s.summary, s.body, s.image, s.created_at
  FROM specials s LEFT JOIN studios st ON st.studio_id = s.studio_id LEFT JOIN doctors d ON d.doctor_id = s.doctor_id`;

const SPECIAL_TYPE_NAMES: Record<number, string> = { 1: '工作成果', 2: '工作动态', 3: '专题' };

const wireSpecial = (r: SpecialRow, withBody: boolean): WireSpecial => ({
  ID: r.special_id,
  StudioID: r.studio_id,
  StudioName: r.studio_name ?? '',
  DoctorID: r.doctor_id,
  DoctorName: r.doctor_name ?? '',
  AppointmentCode: r.appointment_code ?? '',
  SpecialType: r.special_type,
  SpecialTypeName: SPECIAL_TYPE_NAMES[r.special_type] ?? '',
  Title: r.title,
  Summary: r.summary,
  Image: r.image,
  CreateTime: r.created_at,
  ...(withBody ? { Content: r.body } : {}),
});

const simpleList = <T>(rows: T[]) => ({ DataList: rows, TotalCount: rows.length });

/** The order of illnesses merged by name: by the best of their clinics' rows. */
const DISTINCT_ORDER = {
  specialty: 'MIN(i.specialty_type_id) ASC, MIN(i.sort) ASC',
  praise: 'MAX(i.praise_rate) DESC, MIN(i.sort) ASC',
  services: 'MAX(i.service_count) DESC, MIN(i.sort) ASC',
} as const;

/**
 * Distinct=1 (docs/api.md, the site search's illnesses): one item per illness name, with every clinic that
 * offers it in Hospitals [{ID, HospitalCode, HospitalName}], so an illness appears once in results; the
 * item's own fields are those of its first clinic. TotalCount counts illnesses, not clinics.
 */
function distinctIllnessPage(
  db: Database,
  whereSql: string,
  args: (string | number)[],
  sort: keyof typeof DISTINCT_ORDER,
  page: ReturnType<typeof paging>,
) {
  const total = (db.prepare(`SELECT COUNT(DISTINCT i.name) AS n FROM illnesses i ${whereSql}`).get(...args) as { n: number }).n;
  const names = (
    db
      .prepare(`SELECT i.name FROM illnesses i ${whereSql} GROUP BY i.name ORDER BY ${DISTINCT_ORDER[sort]}, i.name LIMIT ? OFFSET ?`)
      .all(...args, page.pageSize, page.offset) as { name: string }[]
  ).map((r) => r.name);
  const rows = db
    .prepare(`${ILLNESS_SQL} ${whereSql ? `${whereSql} AND` : 'WHERE'} i.name IN (SELECT value FROM json_each(?)) ORDER BY i.sort, i.illness_id`)
    .all(...args, JSON.stringify(names)) as IllnessRow[];
  const items = names.map((name) => {
    const clinics = rows.filter((r) => r.name === name);
    return {
      ...wireIllness(clinics[0]!),
      Hospitals: clinics.map((c) => ({ ID: c.illness_id, HospitalCode: c.org_code, HospitalName: c.org_name })),
    };
  });
  return listResult(items, total, page);
}

export const specialtyEndpoints = {
  /** Specialty types: DataList [{TypeID, TypeName, Count}]. */
  'HIS_Specialty/GetHIS_SpecialtyConfigurationType': {
    access: 'public',
    handle: ({ db }) =>
      simpleList(
        (
          db
            .prepare(
              `SELECT t.type_id, t.name, (SELECT COUNT(*) FROM illnesses i WHERE i.specialty_type_id = t.type_id) AS n
               FROM specialty_types t ORDER BY t.sort`,
            )
            .all() as { type_id: number; name: string; n: number }[]
        ).map((r) => ({ TypeID: r.type_id, TypeName: r.name, Count: r.n })),
      ),
  },
  /**
   * Specialties/illnesses (SPEC's spelling "Ge…" kept). ID → ReturnObject (one illness, with OtherHospitals:
   * the other clinics treating it, and Departments: those whose doctors' 擅长 names it). Else a list: TypeID, DiseaseTypeID, HospitalCode, Keyword (read through
   * the lay-term dictionary), Sort (specialty|praise|services), Distinct (1: one item per illness with its
   * clinics), PageIndex, PageSize.
   */
  'HIS_Specialty/GeHIS_SpecialtyConfiguration': {
    access: 'public',
    handle: ({ db, fields }) => {
      const id = optionalInt(fields, 'ID', '专科ID', { min: 1 });
      if (id !== undefined) {
        const row = db.prepare(`${ILLNESS_SQL} WHERE i.illness_id = ?`).get(id) as IllnessRow | undefined;
        if (!row) notFound('专科');
        const others = db
          .prepare(`${ILLNESS_SQL} WHERE i.name = ? AND i.illness_id <> ? ORDER BY i.sort LIMIT 10`)
          .all(row.name, id) as IllnessRow[];
        // The departments whose doctors treat it (docs/doctor-finder.md "Department pages").
        const departments = db
          .prepare(
            `SELECT d.department FROM doctors d JOIN departments dep ON dep.name = d.department
             WHERE instr(d.specialties, ?) > 0 GROUP BY d.department ORDER BY MIN(dep.sort)`,
          )
          .all(row.name) as { department: string }[];
        return {
          ReturnObject: {
            ...wireIllness(row),
            OtherHospitals: others.map((o) => ({ ID: o.illness_id, HospitalCode: o.org_code, HospitalName: o.org_name })),
            Departments: departments.map((d) => d.department),
          },
        };
      }
      const page = paging(fields, { defaultSize: 12, maxSize: 100 });
      const typeId = optionalInt(fields, 'TypeID', '专科类型', { min: 0 });
      const diseaseTypeId = optionalInt(fields, 'DiseaseTypeID', '疾病类型', { min: 0 });
      const orgCode = optionalCode(fields, 'HospitalCode', '门诊编码');
      const keyword = optionalString(fields, 'Keyword', '关键词', 50);
      const sort = optionalEnum(fields, 'Sort', ['specialty', 'praise', 'services'] as const, '排序') || 'specialty';
      const distinct = optionalEnum(fields, 'Distinct', ['0', '1'] as const, '合并同名专科') === '1';
      const where: string[] = [];
      const args: (string | number)[] = [];
      if (typeId) {
        where.push('i.specialty_type_id = ?');
        args.push(typeId);
      }
      if (diseaseTypeId) {
        where.push('i.disease_type_id = ?');
        args.push(diseaseTypeId);
      }
      if (orgCode) {
        where.push('i.org_code = ?');
        args.push(orgCode);
      }
      if (keyword) {
        // A patient's word is searched with what it means (lib/lay-terms): any of them in the name or symptoms.
        const terms = searchTerms(keyword, { foundAsTyped: (k) => keywordFindsDoctor(db, k) });
        where.push(`(${terms.map(() => `i.name LIKE ? ESCAPE '\\' OR i.symptoms LIKE ? ESCAPE '\\'`).join(' OR ')})`);
        for (const t of terms) args.push(likePattern(t), likePattern(t));
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      if (distinct) return distinctIllnessPage(db, whereSql, args, sort, page);
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM illnesses i ${whereSql}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(`${ILLNESS_SQL} ${whereSql} ORDER BY ${ILLNESS_ORDER[sort]} LIMIT ? OFFSET ?`)
        .all(...args, page.pageSize, page.offset) as IllnessRow[];
      return listResult(rows.map(wireIllness), total, page);
    },
  },
  /** Studio classes: DataList [{ClassCode, ClassName}]. */
  'TW_Class/GetSpeciaClass': {
    access: 'public',
    handle: ({ db }) =>
      simpleList(
        (db.prepare('SELECT class_code, name FROM special_classes ORDER BY sort').all() as { class_code: string; name: string }[]).map(
          (r) => ({ ClassCode: r.class_code, ClassName: r.name }),
        ),
      ),
  },
  /** Specials: SpecialType (1 result | 2 dynamic | 3 special), StudioID, PageIndex, PageSize; newest first. */
  'TW_Special/GetSpecialList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const page = paging(fields, { defaultSize: 10, maxSize: 100 });
      const type = optionalEnum(fields, 'SpecialType', ['1', '2', '3'], '专题类型');
      const studioId = optionalInt(fields, 'StudioID', '工作室ID', { min: 1 });
      const where: string[] = [];
      const args: number[] = [];
      if (type) {
        where.push('s.special_type = ?');
        args.push(Number(type));
      }
      if (studioId !== undefined) {
        where.push('s.studio_id = ?');
        args.push(studioId);
      }
      const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM specials s ${whereSql}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(`${SPECIAL_SQL} ${whereSql} ORDER BY s.created_at DESC, s.special_id DESC LIMIT ? OFFSET ?`)
        .all(...args, page.pageSize, page.offset) as SpecialRow[];
      return listResult(rows.map((r) => wireSpecial(r, false)), total, page);
    },
  },
  /** One special: ID → ReturnObject with Content (HTML; the site sanitizes it before rendering). */
  'TW_Special/GetSpecialSingle': {
    access: 'public',
    handle: ({ db, fields }) => {
      const id = optionalInt(fields, 'ID', '专题ID', { min: 1 });
      if (id === undefined) notFound('专题');
      const row = db.prepare(`${SPECIAL_SQL} WHERE s.special_id = ?`).get(id) as SpecialRow | undefined;
      if (!row) notFound('专题');
      return { ReturnObject: wireSpecial(row, true) };
    },
  },
  /** A doctor's specials: DoctorID | AppointmentCode, PageIndex, PageSize. */
  'TW_Special/GetDoctorSpecialList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const page = paging(fields, { defaultSize: 10, maxSize: 100 });
      let doctorId = optionalInt(fields, 'DoctorID', '医生ID', { min: 1 });
      const code = optionalCode(fields, 'AppointmentCode', '医生编码');
      if (doctorId === undefined && code) {
        const row = db.prepare('SELECT doctor_id FROM doctors WHERE appointment_code = ?').get(code) as { doctor_id: number } | undefined;
        if (!row) notFound('医生');
        doctorId = row.doctor_id;
      }
      if (doctorId === undefined) notFound('医生');
      const total = (db.prepare('SELECT COUNT(*) AS n FROM specials s WHERE s.doctor_id = ?').get(doctorId) as { n: number }).n;
      const rows = db
        .prepare(`${SPECIAL_SQL} WHERE s.doctor_id = ? ORDER BY s.created_at DESC, s.special_id DESC LIMIT ? OFFSET ?`)
        .all(doctorId, page.pageSize, page.offset) as SpecialRow[];
      return listResult(rows.map((r) => wireSpecial(r, false)), total, page);
    },
  },
  /** Disease types: DataList [{DiseaseTypeID, DiseaseTypeName, Count}]. */
  'TW_DiseaseType/GetDiseaseTypeList': {
    access: 'public',
    handle: ({ db }) =>
      simpleList(
        (
          db
            .prepare(
              `SELECT t.type_id, t.name, (SELECT COUNT(*) FROM illnesses i WHERE i.disease_type_id = t.type_id) AS n
               FROM disease_types t ORDER BY t.sort`,
            )
            .all() as { type_id: number; name: string; n: number }[]
        ).map((r) => ({ DiseaseTypeID: r.type_id, DiseaseTypeName: r.name, Count: r.n })),
      ),
  },
} satisfies EndpointMap;

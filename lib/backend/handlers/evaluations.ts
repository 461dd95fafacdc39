/**
 * TW_Evaluate: evaluations of doctors and clinics with the SPEC §9 filters
 * (satisfaction 1/2/3, type manual 0 / system 1, content 1/0), paged in SQL.
 */
import type { Database, EndpointMap, Fields } from '../types';
import type { WireEvaluation } from '@/lib/contract';
import { listResult, optionalEnum, optionalInt, paging, type Sending } from '../fields';
import { optionalCode } from './clinic-rows';

interface EvaluationRow {
  evaluation_id: number;
  doctor_id: number | null;
  doctor_name: string | null;
  appointment_code: string | null;
  org_code: string;
  org_name: string;
  member_name: string;
  /** 1 满意, 2 一般, 3 不满意 (the column's CHECK). */
  satisfaction: WireEvaluation['Satisfaction'];
  eval_type: number;
  has_content: number;
  content: string;
  tags: string;
  source: number;
  created_at: string;
  stars: number | null;
  verified: number;
}

const SATISFACTION_NAMES: Record<number, string> = { 1: '满意', 2: '一般', 3: '不满意' };

type TargetField = 'DoctorID' | 'AppointmentCode' | 'HospitalCode' | 'Source';
type AnswerField = 'Satisfaction' | 'EvaluateType' | 'HasContent';

/** The target shared by both calls: DoctorID | AppointmentCode | HospitalCode, Source. */
function target<F extends Fields & Partial<Record<TargetField, string>>>(fields: Sending<F, TargetField>) {
  const where: string[] = [];
  const args: (string | number)[] = [];
  const doctorId = optionalInt(fields, 'DoctorID', '医生ID', { min: 1 });
  const doctorCode = optionalCode(fields, 'AppointmentCode', '医生编码');
  const orgCode = optionalCode(fields, 'HospitalCode', '门诊编码');
  const source = optionalEnum(fields, 'Source', ['0', '1'], '评价来源');
  if (doctorId !== undefined) {
    where.push('e.doctor_id = ?');
    args.push(doctorId);
  } else if (doctorCode) {
    where.push('e.doctor_id = (SELECT doctor_id FROM doctors WHERE appointment_code = ?)');
    args.push(doctorCode);
  }
  if (orgCode) {
    where.push('e.org_code = ?');
    args.push(orgCode);
  }
  if (source) {
    where.push('e.source = ?');
    args.push(Number(source));
  }
  return { where, args };
}

/** The list's own filters on top of the target: satisfaction, type, with words. */
function answerFilters<F extends Fields & Partial<Record<AnswerField, string>>>(fields: Sending<F, AnswerField>, where: string[], args: (string | number)[]) {
  const satisfaction = optionalEnum(fields, 'Satisfaction', ['1', '2', '3'], '满意度');
  const evalType = optionalEnum(fields, 'EvaluateType', ['0', '1'], '评价类型');
  const hasContent = optionalEnum(fields, 'HasContent', ['0', '1'], '评价内容');
  if (satisfaction) {
    where.push('e.satisfaction = ?');
    args.push(Number(satisfaction));
  }
  if (evalType) {
    where.push('e.eval_type = ?');
    args.push(Number(evalType));
  }
  if (hasContent) {
    where.push('e.has_content = ?');
    args.push(Number(hasContent));
  }
}

const whereOf = (where: string[]) => (where.length ? `WHERE ${where.join(' AND ')}` : '');

/**
 * 满意度, the one satisfaction figure of a doctor (docs/api.md "TW_Evaluate"): the share of their clinic-visit
 * evaluations (Source 0; manual and system alike, the review after a visit included) rated 满意, in percent to
 * one decimal. GetEvaluateRatio answers it as SatisfiedRate; the doctor's PraiseRate carries the same figure,
 * kept by refreshDoctorSatisfaction whenever an evaluation is added, so the lists, the doctor page and its
 * JSON-LD aggregateRating say one number.
 */
export function satisfiedRate(satisfied: number, total: number): number {
  return total ? Math.round((satisfied / total) * 1000) / 10 : 0;
}

/** Sets doctors.praise_rate to the 满意度 of their evaluations (one doctor, or every doctor with any). */
export function refreshDoctorSatisfaction(db: Database, doctorId?: number): void {
  const rows = db
    .prepare(
      `SELECT doctor_id, COUNT(*) AS total, COALESCE(SUM(satisfaction = 1), 0) AS satisfied
       FROM evaluations WHERE source = 0 AND doctor_id IS NOT NULL ${doctorId === undefined ? '' : 'AND doctor_id = ?'}
       GROUP BY doctor_id`,
    )
    .all(...(doctorId === undefined ? [] : [doctorId])) as { doctor_id: number; total: number; satisfied: number }[];
  const set = db.prepare('UPDATE doctors SET praise_rate = ? WHERE doctor_id = ? AND praise_rate <> ?');
  for (const r of rows) {
    const rate = satisfiedRate(r.satisfied, r.total);
    set.run(rate, r.doctor_id, rate);
  }
}

export const evaluationEndpoints = {
  /**
   * Evaluations, newest first: DoctorID | AppointmentCode | HospitalCode (none = all clinics' and doctors'),
   * Source (0 clinic visit, 1 online consultation), Satisfaction (1|2|3), EvaluateType (0 manual|1 system),
   * HasContent (1|0), PageIndex, PageSize.
   */
  'TW_Evaluate/GetTW_EvaluateDetailsList': {
    access: 'public',
    handle: ({ db, fields }) => {
      const page = paging(fields, { defaultSize: 10, maxSize: 100 });
      const { where, args } = target(fields);
      answerFilters(fields, where, args);
      const whereSql = whereOf(where);
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM evaluations e ${whereSql}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(
          `SELECT e.*, d.name AS doctor_name, d.appointment_code, o.name AS org_name
           FROM evaluations e LEFT JOIN doctors d ON d.doctor_id = e.doctor_id JOIN orgs o ON o.code = e.org_code
           ${whereSql} ORDER BY e.created_at DESC, e.evaluation_id DESC LIMIT ? OFFSET ?`,
        )
        .all(...args, page.pageSize, page.offset) as EvaluationRow[];
      return listResult(
        rows.map((r): WireEvaluation => ({
          EvaluateID: r.evaluation_id,
          DoctorID: r.doctor_id,
          DoctorName: r.doctor_name ?? '',
          AppointmentCode: r.appointment_code ?? '',
          HospitalCode: r.org_code,
          HospitalName: r.org_name,
          MemberName: r.member_name,
          Satisfaction: r.satisfaction,
          SatisfactionName: SATISFACTION_NAMES[r.satisfaction] ?? '',
          EvaluateType: r.eval_type,
          HasContent: r.has_content,
          Content: r.content,
          Tags: r.tags,
          Source: r.source,
          CreateTime: r.created_at,
          // A review written after a booked visit (visit-reviews.ts): its stars, and 已就诊患者.
          Stars: r.stars ?? 0,
          Verified: r.verified,
        })),
        total,
        page,
      );
    },
  },
  /**
   * Ratio of one target (same target fields and Source): ReturnObject {Total, Satisfied, Average, Dissatisfied,
   * SatisfiedRate (0–100), Manual, System, WithContent, WithoutContent}.
   */
  'TW_Evaluate/GetEvaluateRatio': {
    access: 'public',
    handle: ({ db, fields }) => {
      const { where, args } = target(fields);
      const whereSql = whereOf(where);
      const r = db
        .prepare(
          `SELECT COUNT(*) AS total,
             COALESCE(SUM(e.satisfaction = 1), 0) AS s1, COALESCE(SUM(e.satisfaction = 2), 0) AS s2,
             COALESCE(SUM(e.satisfaction = 3), 0) AS s3, COALESCE(SUM(e.eval_type = 0), 0) AS manual,
             COALESCE(SUM(e.eval_type = 1), 0) AS system, COALESCE(SUM(e.has_content = 1), 0) AS content
           FROM evaluations e ${whereSql}`,
        )
        .get(...args) as { total: number; s1: number; s2: number; s3: number; manual: number; system: number; content: number };
      return {
        ReturnObject: {
          Total: r.total,
          Satisfied: r.s1,
          Average: r.s2,
          Dissatisfied: r.s3,
          SatisfiedRate: satisfiedRate(r.s1, r.total),
          Manual: r.manual,
          System: r.system,
          WithContent: r.content,
          WithoutContent: r.total - r.content,
        },
      };
    },
  },
} satisfies EndpointMap;

import 'server-only';
/**
 * Evaluations (SPEC §7 TW_Evaluate) with the SPEC §9 filters: satisfaction
 * (1 满意, 2 一般, 3 不满意), type (0 人工, 1 系统), content (1 有内容, 0 无内容).
 */
import { cachedRead, CACHE_TAGS, REVALIDATE } from './cache';
import { reshapePage } from './list-page';
import { publicRead } from './public';
import type { Page } from './types';
import type { WireEvaluation } from '@/lib/contract';

export interface Evaluation {
  id: number;
  doctorName: string;
  doctorCode: string;
  clinicCode: string;
  clinicName: string;
  memberName: string;
  satisfaction: 1 | 2 | 3;
  satisfactionName: string;
  isSystem: boolean;
  content: string;
  tags: string[];
  createdAt: string;
  /** 1–5 for a review written after a booked visit, else null. */
  stars: number | null;
  /** Written by a patient whose booking the clinic marked 已就诊 (shown 已就诊患者). */
  verified: boolean;
}

export interface EvaluationRatio {
  total: number;
  satisfied: number;
  average: number;
  dissatisfied: number;
  /** 0–100 */
  satisfiedRate: number;
  manual: number;
  system: number;
  withContent: number;
  withoutContent: number;
}

/** Whose evaluations: one doctor, one clinic, or everyone's. source 0 = clinic visits, 1 = online consultations. */
export interface EvaluationTarget {
  doctorCode?: string;
  doctorId?: number;
  clinicCode?: string;
  source?: 0 | 1;
}

export interface EvaluationFilters {
  /** '' = all (SPEC §9 wire values). */
  satisfaction?: '' | '1' | '2' | '3';
  type?: '' | '0' | '1';
  content?: '' | '0' | '1';
  page?: number;
  pageSize?: number;
}

const reshapeEvaluation = (w: WireEvaluation): Evaluation => ({
  id: w.EvaluateID,
  doctorName: w.DoctorName,
  doctorCode: w.AppointmentCode,
  clinicCode: w.HospitalCode,
  clinicName: w.HospitalName,
  memberName: w.MemberName,
  satisfaction: w.Satisfaction,
  satisfactionName: w.SatisfactionName,
  isSystem: w.EvaluateType === 1,
  content: w.Content,
  tags: w.Tags ? w.Tags.split(',').filter(Boolean) : [],
  createdAt: w.CreateTime,
  stars: w.Stars ? w.Stars : null,
  verified: w.Verified === 1,
});

const targetFields = (t: EvaluationTarget) => ({
  AppointmentCode: t.doctorCode,
  DoctorID: t.doctorId,
  HospitalCode: t.clinicCode,
  Source: t.source,
});

const tagsOf = (t: EvaluationTarget) => [
  CACHE_TAGS.evaluations,
  ...(t.doctorCode ? [CACHE_TAGS.doctor(t.doctorCode)] : []),
  ...(t.clinicCode ? [CACHE_TAGS.clinic(t.clinicCode)] : []),
];

export function getEvaluationPage(target: EvaluationTarget, f: EvaluationFilters = {}): Promise<Page<Evaluation>> {
  const page = f.page ?? 1;
  const pageSize = f.pageSize ?? 10;
  const fields = {
    ...targetFields(target),
    Satisfaction: f.satisfaction || undefined,
    EvaluateType: f.type || undefined,
    HasContent: f.content || undefined,
    PageIndex: page,
    PageSize: pageSize,
  };
  return cachedRead(
    ['evaluations', JSON.stringify(fields)],
    async () =>
      reshapePage(await publicRead('TW_Evaluate/GetTW_EvaluateDetailsList', fields), reshapeEvaluation, {
        page,
        pageSize,
      }),
    { tags: tagsOf(target), revalidate: REVALIDATE.content },
  );
}

export function getEvaluationRatio(target: EvaluationTarget): Promise<EvaluationRatio> {
  const fields = targetFields(target);
  return cachedRead(
    ['evaluation-ratio', JSON.stringify(fields)],
    async () => {
      const w = (
        await publicRead('TW_Evaluate/GetEvaluateRatio', fields)
      ).ReturnObject;
      return {
        total: w.Total,
        satisfied: w.Satisfied,
        average: w.Average,
        dissatisfied: w.Dissatisfied,
        satisfiedRate: w.SatisfiedRate,
        manual: w.Manual,
        system: w.System,
        withContent: w.WithContent,
        withoutContent: w.WithoutContent,
      };
    },
    { tags: tagsOf(target), revalidate: REVALIDATE.content },
  );
}

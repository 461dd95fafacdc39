import 'server-only';
/**
 * Online consultation (SPEC §7 IM_*): online status and questions. SPEC §7 has
 * one question path, GetIM_AskQuestionDetailByDoctorCode: with a question's
 * AppointmentCode it returns that question, without it the filtered list
 * (docs/api.md).
 */
import { cachedRead, CACHE_TAGS, REVALIDATE } from './cache';
import { listOf, oneRecord, orNull, reshapePage } from './list-page';
import { publicRead } from './public';
import type { Page } from './types';
import type { WireQuestion } from '@/lib/contract';

export interface Question {
  code: string;
  doctorId: number;
  doctorCode: string;
  doctorName: string;
  doctorTitle: string;
  department: string;
  askerName: string;
  title: string;
  content: string;
  isPrivate: boolean;
  isReplied: boolean;
  reply: string;
  views: number;
  createdAt: string;
  repliedAt: string | null;
}

export interface QuestionQuery {
  doctorId?: number;
  /** SPEC §9: '' all, '0' public, '1' private. */
  type?: '' | '0' | '1';
  /** SPEC §9: '' all, '1' replied, '0' not replied. */
  reply?: '' | '0' | '1';
  keyword?: string;
  page?: number;
  pageSize?: number;
}

const reshapeQuestion = (w: WireQuestion): Question => ({
  code: w.AppointmentCode,
  doctorId: w.DoctorID,
  doctorCode: w.DoctorCode,
  doctorName: w.DoctorName,
  doctorTitle: w.DoctorTitle,
  department: w.Department,
  askerName: w.AskerName,
  title: w.Title,
  content: w.Content,
  isPrivate: w.QuestionType === 1,
  isReplied: w.IsReply === 1,
  reply: w.ReplyContent,
  views: w.Views,
  createdAt: w.CreateTime,
  repliedAt: w.ReplyTime,
});

const QUESTION_PATH = 'IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode';

export function getQuestionPage(q: QuestionQuery): Promise<Page<Question>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const fields = {
    DoctorID: q.doctorId,
    QuestionType: q.type || undefined,
    IsReply: q.reply || undefined,
    Keyword: q.keyword?.trim() || undefined,
    PageIndex: page,
    PageSize: pageSize,
  };
  return cachedRead(
    ['questions', JSON.stringify(fields)],
    async () => reshapePage(listOf(await publicRead(QUESTION_PATH, fields)), reshapeQuestion, { page, pageSize }),
    // A searched keyword is the visitor's text: bounded memory, never the data cache on disk (lib/api/cache.ts).
    { tags: [CACHE_TAGS.questions], revalidate: REVALIDATE.content, visitorChosen: Boolean(fields.Keyword) },
  );
}

/** One question by its AppointmentCode; null when unknown or malformed. */
export function getQuestion(code: string): Promise<Question | null> {
  return cachedRead(
    ['question', code],
    () => orNull(publicRead(QUESTION_PATH, { AppointmentCode: code }).then((r) => reshapeQuestion(oneRecord(r)))),
    { tags: [CACHE_TAGS.questions], revalidate: REVALIDATE.content },
  );
}

export interface OnlineStatus {
  doctorId: number;
  online: boolean;
}

/**
 * Whether each doctor is online now (DoctorIsOnline). Not cached: the browser
 * polls it through a server action (React Query) to keep it fresh.
 */
export async function getOnlineStatus(doctorIds: number[]): Promise<OnlineStatus[]> {
  if (doctorIds.length === 0) return [];
  const r = await publicRead('IM_InterrogationOrder/DoctorIsOnline', {
    DoctorIDs: doctorIds.slice(0, 100).join(','),
  });
  return r.DataList.map((w) => ({ doctorId: w.DoctorID, online: w.IsOnline === 1 }));
}


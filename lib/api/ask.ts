import 'server-only';
/**
 * 图文问诊 asked on the site (docs/api.md "IM_AskQuestion: asking a doctor"): ask with photos, pay, follow up,
 * rate, the member's own list and questions, and a photo's bytes. All with the member's token, never cached;
 * the writes are sent once and never retried (asking carries the idempotency key made when the form opened).
 */
import { isApiError } from './errors';
import type { AuthedClient, Page } from './types';
import { type FieldsOf, isMissing, type WireAsk } from '@/lib/contract';

export type AskStatus = 'unpaid' | 'lapsed' | 'waiting' | 'answered' | 'refunded' | 'rated' | 'refunding';

const STATUS: Record<number, AskStatus> = { 4: 'unpaid', 5: 'lapsed', 0: 'waiting', 1: 'answered', 2: 'refunded', 3: 'rated', 6: 'refunding' };

export interface AskedQuestion {
  askNo: string;
  doctorId: number;
  doctorCode: string;
  doctorName: string;
  doctorTitle: string;
  department: string;
  hospitalName: string;
  patientName: string;
  content: string;
  duration: string;
  seenDoctor: boolean;
  isPrivate: boolean;
  /** Yuan: what the member pays, the doctor's fee at the holder's card level (lib/fees.ts). */
  fee: number;
  listFee: number;
  discountLabel: string;
  status: AskStatus;
  statusName: string;
  createdAt: string;
  payDeadline: string;
  paidAt: string | null;
  answer: string | null;
  answeredAt: string | null;
  followUp: string | null;
  followUpAt: string | null;
  followUpAnswer: string | null;
  followUpAnsweredAt: string | null;
  followUpUntil: string | null;
  satisfaction: 1 | 2 | 3 | null;
  ratingWords: string | null;
  refundedAt: string | null;
  publicCode: string | null;
  photoIds: number[];
  simulatedPayment: boolean;
  repeated: boolean;
}

function reshape(w: WireAsk): AskedQuestion {
  return {
    askNo: w.AskNo,
    doctorId: w.DoctorID,
    doctorCode: w.DoctorCode,
    doctorName: w.DoctorName,
    doctorTitle: w.DoctorTitle,
    department: w.Department,
    hospitalName: w.HospitalName,
    patientName: w.PatientName,
    content: w.Content,
    duration: w.Duration,
    seenDoctor: w.SeenDoctor === 1,
    isPrivate: w.IsPrivate === 1,
    fee: w.Fee,
    listFee: w.ListFee,
    discountLabel: w.DiscountLabel,
    status: STATUS[w.Status] ?? 'waiting',
    statusName: w.StatusName,
    createdAt: w.CreateTime,
    payDeadline: w.PayDeadline,
    paidAt: w.PaidTime,
    answer: w.Answer,
    answeredAt: w.AnswerTime,
    followUp: w.FollowUp,
    followUpAt: w.FollowUpTime,
    followUpAnswer: w.FollowUpAnswer,
    followUpAnsweredAt: w.FollowUpAnswerTime,
    followUpUntil: w.FollowUpUntil,
    satisfaction: w.Satisfaction === 1 || w.Satisfaction === 2 || w.Satisfaction === 3 ? w.Satisfaction : null,
    ratingWords: w.RatingWords,
    refundedAt: w.RefundTime,
    publicCode: w.PublicCode,
    photoIds: w.Photos.map((p) => p.PhotoID),
    simulatedPayment: w.PayChannel === 'simulated',
    repeated: w.Repeated === true,
  };
}

export interface AskInput {
  doctorId: number;
  patientId: number;
  content: string;
  duration: string;
  seenDoctor: 0 | 1;
  isPrivate: 0 | 1;
  idempotencyKey: string;
  photos: Blob[];
}

export async function askQuestion(client: AuthedClient, input: AskInput): Promise<AskedQuestion> {
  const fields: FieldsOf<'IM_AskQuestion/AskQuestion'> = {
    DoctorID: input.doctorId,
    PatientID: input.patientId,
    Content: input.content,
    Duration: input.duration,
    SeenDoctor: input.seenDoctor,
    IsPrivate: input.isPrivate,
    IdempotencyKey: input.idempotencyKey,
  };
  input.photos.forEach((p, i) => (fields[`Photo[${i}]`] = p));
  return reshape(await client.post('IM_AskQuestion/AskQuestion', fields, { write: true }));
}

export async function payAsk(client: AuthedClient, askNo: string): Promise<AskedQuestion> {
  return reshape(await client.post('IM_AskQuestion/PayAskQuestion', { AskNo: askNo }, { write: true }));
}

export async function followUpAsk(client: AuthedClient, askNo: string, content: string): Promise<AskedQuestion> {
  return reshape(await client.post('IM_AskQuestion/AddAskFollowUp', { AskNo: askNo, Content: content }, { write: true }));
}

export async function rateAsk(client: AuthedClient, askNo: string, satisfaction: 1 | 2 | 3, words: string): Promise<AskedQuestion> {
  return reshape(await client.post('IM_AskQuestion/RateAskQuestion', { AskNo: askNo, Satisfaction: satisfaction, Content: words || undefined }, { write: true }));
}

export async function getMyAsks(client: AuthedClient, page = 1, pageSize = 10): Promise<Page<AskedQuestion>> {
  const r = await client.post('IM_AskQuestion/GetMyAskQuestionList', { PageIndex: page, PageSize: pageSize });
  const total = r.TotalCount ?? r.DataList.length;
  return { items: r.DataList.map(reshape), total, page, pageSize };
}

/** One of the member's own questions; null for another's or an unknown one (the host answers both alike). */
export async function getMyAsk(client: AuthedClient, askNo: string): Promise<AskedQuestion | null> {
  try {
    return reshape(await client.post('IM_AskQuestion/GetMyAskQuestion', { AskNo: askNo }));
  } catch (err) {
    if (isApiError(err) && isMissing(err.errorNo)) return null;
    throw err;
  }
}

/** A photo of the member's own question as bytes; null when it is not theirs or not there. */
export async function getMyAskPhoto(client: AuthedClient, askNo: string, photoId: number): Promise<{ contentType: string; bytes: Buffer } | null> {
  try {
    const r = await client.post('IM_AskQuestion/GetAskPhoto', { AskNo: askNo, PhotoID: photoId });
    return { contentType: r.ContentType, bytes: Buffer.from(r.Data, 'base64') };
  } catch (err) {
    if (isApiError(err) && isMissing(err.errorNo)) return null;
    throw err;
  }
}

/** The host's refusal reason (Result.Reason), when it gave one. */
export function askRefusalOf(err: unknown): string | null {
  if (!isApiError(err)) return null;
  const r = (err.result ?? {}) as { Reason?: unknown };
  return typeof r.Reason === 'string' ? r.Reason : null;
}

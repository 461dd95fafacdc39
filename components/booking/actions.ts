'use server';
/**
 * Server actions of online booking (docs/api.md "HIS_Register booking", "HIS_Register patients"): book a
 * slot for a 就诊人, pay, cancel, reschedule, review the visit, and keep the 就诊人 list. Each checks where
 * the request came from and the session on the server, validates its input with zod and returns a state,
 * never throwing at the UI. All are writes, sent once and never retried; booking carries the idempotency
 * key made when the page rendered, so a double click books once.
 */
import { updateTag } from 'next/cache';
import { z } from 'zod';
import { CACHE_TAGS } from '@/lib/api/cache';
import { BAD_RESPONSE_ERROR_NO, isApiError, NETWORK_ERROR_NO } from '@/lib/api/errors';
import { addPatient, removePatient, updatePatient, type Patient } from '@/lib/api/patients';
import {
  bookingRefusalOf,
  bookRegistration,
  cancelRegistration,
  payRegistration,
  rescheduleRegistration,
  reviewVisit,
  type BookingReceipt,
  type VisitReview,
} from '@/lib/api/registrations';
import { isSessionResetError } from '@/lib/api/token-client';
import { messages } from '@/lib/messages';
import { purgePageCache } from '@/lib/page-cache/store';
import { getSession, memberClient } from '@/lib/session';
import { requestIsSameOrigin } from '@/lib/session/origin';
import { validatePatientDraft, type PatientDraft, type PatientErrors } from '@/lib/validation/patient-rules';
import { validateReviewDraft, type ReviewErrors } from '@/lib/validation/review-rules';
import { optionalText, parseInput } from '@/lib/validation/parse-input';

export type BookingActionState =
  | { status: 'idle' }
  | { status: 'done'; receipt: BookingReceipt; message: string }
  | { status: 'error'; message: string; reason?: string; sessionExpired?: boolean };

const SCHEDULE_ID = /^[1-9]\d{0,8}-\d{4}-\d{2}-\d{2}-[1-9]\d?-[A-Za-z0-9_]{1,32}$/;
const REGISTER_NO = /^R[A-Za-z0-9-]{4,40}$/;

const bookInput = z.strictObject({
  scheduleId: z.string().regex(SCHEDULE_ID, '出诊时段无效，请重新选择'),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '预约请求已失效，请刷新页面后重试'),
  // Real-name booking: the form always names its 就诊人 (0 is the account holder).
  patientId: z.string({ error: '请选择就诊人' }).regex(/^\d{1,9}$/, '请选择就诊人').transform(Number),
});

const recordInput = z.strictObject({
  registerNo: z.string().regex(REGISTER_NO, '预约单号无效，请刷新页面后重试'),
});

const rescheduleInput = z.strictObject({
  registerNo: z.string().regex(REGISTER_NO, '预约单号无效，请刷新页面后重试'),
  scheduleId: z.string({ error: '请选择新的就诊时段' }).regex(SCHEDULE_ID, '请选择新的就诊时段'),
});

/** The form's string fields only; a repeated or file field makes the form invalid (docs/security.md). */
function fieldsOf(formData: unknown, names: string[]): Record<string, string> | null {
  // A request can send any arguments at all, not only the form (docs/security.md, fuzzing).
  if (!(formData instanceof FormData)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of formData.entries()) {
    if (k.startsWith('$ACTION')) continue;
    if (!names.includes(k) || typeof v !== 'string' || Object.hasOwn(out, k)) return null;
    out[k] = v;
  }
  return out;
}

/** The schedule pages show the new numbers at once. */
async function refreshSchedules(r: BookingReceipt) {
  const tags = [CACHE_TAGS.doctor(r.doctorCode), CACHE_TAGS.clinic(r.hospitalCode)];
  for (const tag of tags) updateTag(tag);
  // The other processes expire the same tags (lib/shared-state/page-cache-purge.ts).
  await purgePageCache(tags);
}

function failure(err: unknown, fallback: string): BookingActionState {
  if (isSessionResetError(err)) return { status: 'error', message: messages.sessionExpired, sessionExpired: true };
  if (isApiError(err)) {
    if (err.errorNo === NETWORK_ERROR_NO || err.errorNo === BAD_RESPONSE_ERROR_NO) {
      return { status: 'error', message: `${messages.networkError}（${fallback}）` };
    }
    return { status: 'error', message: err.errorInfo || fallback, reason: bookingRefusalOf(err) ?? undefined };
  }
  throw err;
}

/** Every action checks where the request came from, and the member's session (docs/security.md). */
async function sessionOrError(): Promise<{ status: 'error'; message: string; sessionExpired?: boolean } | null> {
  if (!(await requestIsSameOrigin())) return { status: 'error', message: '请求来源无效，请刷新页面后重试' };
  return (await getSession()) ? null : { status: 'error', message: messages.loginRequired, sessionExpired: true };
}

export async function bookSlotAction(_prev: BookingActionState, formData: unknown): Promise<BookingActionState> {
  const fields = fieldsOf(formData, ['scheduleId', 'idempotencyKey', 'patientId']);
  if (fields && fields.patientId === undefined) return { status: 'error', message: '请选择就诊人' };
  const parsed = parseInput(bookInput, fields ?? {}, '预约信息无效，请刷新页面后重试');
  if (!parsed.ok) return { status: 'error', message: parsed.message };
  const noSession = await sessionOrError();
  if (noSession) return noSession;
  try {
    const receipt = await bookRegistration(await memberClient(), parsed.value);
    await refreshSchedules(receipt);
    return { status: 'done', receipt, message: '预约已提交，请在支付时限内完成支付' };
  } catch (err) {
    // Not retried: the same key makes a manual retry safe (one booking at most).
    return failure(err, '预约未提交，再次提交不会重复预约');
  }
}

export async function payRegistrationAction(_prev: BookingActionState, formData: unknown): Promise<BookingActionState> {
  const parsed = parseInput(recordInput, fieldsOf(formData, ['registerNo']) ?? {}, '预约单号无效，请刷新页面后重试');
  if (!parsed.ok) return { status: 'error', message: parsed.message };
  const noSession = await sessionOrError();
  if (noSession) return noSession;
  try {
    const receipt = await payRegistration(await memberClient(), parsed.value.registerNo);
    // SPEC §8: payment successful.
    return { status: 'done', receipt, message: messages.paymentSuccess };
  } catch (err) {
    return failure(err, '支付未完成');
  }
}

export async function cancelRegistrationAction(_prev: BookingActionState, formData: unknown): Promise<BookingActionState> {
  const parsed = parseInput(recordInput, fieldsOf(formData, ['registerNo']) ?? {}, messages.orderCancelFailed);
  if (!parsed.ok) return { status: 'error', message: messages.orderCancelFailed };
  const noSession = await sessionOrError();
  if (noSession) return noSession;
  try {
    const receipt = await cancelRegistration(await memberClient(), parsed.value.registerNo);
    await refreshSchedules(receipt);
    const refunded = receipt.refundAmount > 0 ? `，挂号费￥${receipt.refundAmount}将原路退回` : '';
    return { status: 'done', receipt, message: `预约已取消${refunded}` };
  } catch (err) {
    const state = failure(err, messages.orderCancelFailed);
    // SPEC §8: a refused or failed cancel shows the order-cancel-failed message; the record is unchanged.
    if (state.status === 'error' && !state.sessionExpired) {
      return { ...state, message: `${messages.orderCancelFailed}：${state.message}` };
    }
    return state;
  }
}

/** Run through useSubmission (the chosen slot stays chosen when it fails): a plain object, not a FormData. */
export async function rescheduleRegistrationAction(input: unknown): Promise<BookingActionState> {
  const parsed = parseInput(rescheduleInput, input, '改约信息无效，请刷新页面后重试');
  if (!parsed.ok) return { status: 'error', message: parsed.message };
  const noSession = await sessionOrError();
  if (noSession) return noSession;
  try {
    const receipt = await rescheduleRegistration(await memberClient(), parsed.value);
    await refreshSchedules(receipt);
    return { status: 'done', receipt, message: `已改约至 ${receipt.visitDate} ${receipt.timeSlot}，原时段号源已释放` };
  } catch (err) {
    // The old number is kept whenever the new one could not be held (docs/api.md).
    return failure(err, '改约未完成，原预约保持不变');
  }
}

export type ReviewActionState =
  | { status: 'done'; review: VisitReview; message: string }
  | { status: 'error'; message: string; errors?: ReviewErrors; sessionExpired?: boolean };

const reviewInput = z.strictObject({
  registerNo: z.string().regex(REGISTER_NO, '预约单号无效，请刷新页面后重试'),
  stars: optionalText('评分无效'),
  content: optionalText('评价内容无效'),
});

/** Run through useSubmission (a failed review keeps its text: no form reset): a plain object, not a FormData. */
export async function reviewVisitAction(input: unknown): Promise<ReviewActionState> {
  const parsed = parseInput(reviewInput, input, '评价信息无效，请刷新页面后重试');
  if (!parsed.ok) return { status: 'error', message: parsed.message };
  const checked = validateReviewDraft(parsed.value);
  if (!checked.ok) return { status: 'error', message: '请检查标出的内容，评价尚未提交', errors: checked.errors };
  const noSession = await sessionOrError();
  if (noSession) return noSession;
  try {
    const r = await reviewVisit(await memberClient(), { registerNo: parsed.value.registerNo, ...checked.value });
    // The doctor page shows the review and the new 好评率; the lists show the rate too.
    const tags = [CACHE_TAGS.doctor(r.doctorCode), CACHE_TAGS.clinic(r.clinicCode), CACHE_TAGS.evaluations, CACHE_TAGS.doctors];
    for (const tag of tags) updateTag(tag);
    await purgePageCache(tags);
    return { status: 'done', review: r.review, message: '评价已提交，感谢您的反馈' };
  } catch (err) {
    const state = failure(err, '评价未提交');
    return state.status === 'error' ? { status: 'error', message: state.message, sessionExpired: state.sessionExpired } : { status: 'error', message: '评价未提交' };
  }
}

export type PatientActionResult =
  | { ok: true; patient?: Patient; message: string }
  | { ok: false; message: string; errors?: PatientErrors; sessionExpired?: boolean };

const PATIENT_FORMAT_MESSAGE = '就诊人信息格式不正确，请刷新页面后重试';

const patientDraftInput = z.object(
  {
    name: optionalText(PATIENT_FORMAT_MESSAGE),
    relation: optionalText(PATIENT_FORMAT_MESSAGE),
    idCard: optionalText(PATIENT_FORMAT_MESSAGE),
    phone: optionalText(PATIENT_FORMAT_MESSAGE),
  },
  { error: PATIENT_FORMAT_MESSAGE },
) satisfies z.ZodType<PatientDraft>;

const patientIdInput = z.int({ error: PATIENT_FORMAT_MESSAGE }).min(1, PATIENT_FORMAT_MESSAGE).max(2_147_483_647, PATIENT_FORMAT_MESSAGE);

function patientFailure(err: unknown, fallback: string): PatientActionResult {
  if (isSessionResetError(err)) return { ok: false, message: messages.sessionExpired, sessionExpired: true };
  if (isApiError(err)) {
    if (err.errorNo === NETWORK_ERROR_NO || err.errorNo === BAD_RESPONSE_ERROR_NO) return { ok: false, message: `${messages.networkError}（${fallback}）` };
    return { ok: false, message: err.errorInfo || fallback };
  }
  throw err;
}

/** Adds a 就诊人 (id absent) or saves one (id given); the form keeps everything typed when it fails. */
export async function savePatientAction(id: unknown, draft: PatientDraft): Promise<PatientActionResult> {
  if (!(await requestIsSameOrigin())) return { ok: false, message: '请求来源无效，请刷新页面后重试' };
  if (!(await getSession())) return { ok: false, message: messages.loginRequired, sessionExpired: true };
  const editing = id !== null && id !== undefined;
  const patientId = editing ? parseInput(patientIdInput, id, PATIENT_FORMAT_MESSAGE) : null;
  if (patientId && !patientId.ok) return { ok: false, message: PATIENT_FORMAT_MESSAGE };
  const safe = parseInput(patientDraftInput, draft, PATIENT_FORMAT_MESSAGE);
  if (!safe.ok) return { ok: false, message: PATIENT_FORMAT_MESSAGE };
  const checked = validatePatientDraft(safe.value, { editing });
  if (!checked.ok) return { ok: false, message: '请检查标出的内容，就诊人尚未保存', errors: checked.errors };
  try {
    const client = await memberClient();
    const patient =
      patientId?.ok === true
        ? await updatePatient(client, patientId.value, checked.value)
        : await addPatient(client, { ...checked.value, idCard: checked.value.idCard! });
    return { ok: true, patient, message: editing ? '就诊人信息已保存' : `已添加就诊人${patient.name}` };
  } catch (err) {
    return patientFailure(err, '就诊人尚未保存');
  }
}

export async function removePatientAction(id: unknown): Promise<PatientActionResult> {
  if (!(await requestIsSameOrigin())) return { ok: false, message: '请求来源无效，请刷新页面后重试' };
  if (!(await getSession())) return { ok: false, message: messages.loginRequired, sessionExpired: true };
  const patientId = parseInput(patientIdInput, id, PATIENT_FORMAT_MESSAGE);
  if (!patientId.ok) return { ok: false, message: PATIENT_FORMAT_MESSAGE };
  try {
    await removePatient(await memberClient(), patientId.value);
    return { ok: true, message: '已删除就诊人' };
  } catch (err) {
    return patientFailure(err, '就诊人未删除');
  }
}


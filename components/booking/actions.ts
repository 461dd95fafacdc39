'use server';
/**
 * Server actions of online booking (docs/api.md "HIS_Register booking"):
 * book a slot, pay, cancel. Each checks the session on the server, validates
 * its form with zod and returns a state for useActionState, never throwing at
 * the UI. All three are writes, sent once and never retried; booking carries
 * the idempotency key made when the page rendered, so a double click books once.
 */
import { updateTag } from 'next/cache';
import { z } from 'zod';
import { CACHE_TAGS } from '@/lib/api/cache';
import { BAD_RESPONSE_ERROR_NO, isApiError, NETWORK_ERROR_NO } from '@/lib/api/errors';
import {
  bookingRefusalOf,
  bookRegistration,
  cancelRegistration,
  payRegistration,
  type BookingReceipt,
} from '@/lib/api/registrations';
import { isSessionResetError } from '@/lib/api/token-client';
import { messages } from '@/lib/messages';
import { purgePageCache } from '@/lib/page-cache/store';
import { getSession, memberClient } from '@/lib/session';
import { requestIsSameOrigin } from '@/lib/session/origin';
import { parseInput } from '@/lib/validation/parse-input';

export type BookingActionState =
  | { status: 'idle' }
  | { status: 'done'; receipt: BookingReceipt; message: string }
  | { status: 'error'; message: string; reason?: string; sessionExpired?: boolean };

const SCHEDULE_ID = /^[1-9]\d{0,8}-\d{4}-\d{2}-\d{2}-[1-9]\d?-[A-Za-z0-9_]{1,32}$/;

const bookInput = z.strictObject({
  scheduleId: z.string().regex(SCHEDULE_ID, '出诊时段无效，请重新选择'),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '预约请求已失效，请刷新页面后重试'),
});

const recordInput = z.strictObject({
  registerNo: z.string().regex(/^R[A-Za-z0-9-]{4,40}$/, '预约单号无效，请刷新页面后重试'),
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
async function sessionOrError(): Promise<BookingActionState | null> {
  if (!(await requestIsSameOrigin())) return { status: 'error', message: '请求来源无效，请刷新页面后重试' };
  return (await getSession()) ? null : { status: 'error', message: messages.loginRequired, sessionExpired: true };
}

export async function bookSlotAction(_prev: BookingActionState, formData: unknown): Promise<BookingActionState> {
  const parsed = parseInput(bookInput, fieldsOf(formData, ['scheduleId', 'idempotencyKey']) ?? {}, '预约信息无效，请刷新页面后重试');
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
    return { status: 'done', receipt, message: '预约已取消' };
  } catch (err) {
    const state = failure(err, messages.orderCancelFailed);
    // SPEC §8: a refused or failed cancel shows the order-cancel-failed message; the record is unchanged.
    if (state.status === 'error' && !state.sessionExpired) {
      return { ...state, message: `${messages.orderCancelFailed}：${state.message}` };
    }
    return state;
  }
}

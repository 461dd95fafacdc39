'use server';
/**
 * Server actions of online booking (docs/api.md "HIS_Register booking", "HIS_Register patients"): book a
 * slot for a 就诊人, pay, cancel, reschedule, review the visit, and keep the 就诊人 list. Each goes through the
 * gate (lib/actions/define-action.ts: Origin, zod, the member's session, errors as Chinese messages), never
 * throwing at the UI. All are writes, sent once and never retried; booking carries the idempotency key made
 * when the page rendered, so a double click books once.
 */
import { updateTag } from 'next/cache';
import { z } from 'zod';
import { defineAction, type ActionFailure, type ActionResult } from '@/lib/actions/define-action';
import { CACHE_TAGS } from '@/lib/api/cache';
import { imageCodeAsked, proofAsked } from '@/lib/api/errors';
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
import { formatYuan } from '@/lib/fees';
import { messages } from '@/lib/messages';
import { purgePageCache } from '@/lib/page-cache/store';
import { validatePatientDraft, type PatientDraft, type PatientErrors } from '@/lib/validation/patient-rules';
import { validateReviewDraft, type ReviewErrors } from '@/lib/validation/review-rules';
import { imageCodeInput, proofInput } from '@/lib/validation/member-schemas';
import { optionalText, parseInput } from '@/lib/validation/parse-input';
import { IDEMPOTENCY_KEY, REGISTER_NO, SCHEDULE_ID, type WireProofChallenge, type WireProofSolution } from '@/lib/contract';

/** Why the booking host refused (docs/api.md): the form explains REAL_NAME_REQUIRED and the like. */
interface Refusal {
  reason: string;
}

export type BookingActionResult = ActionResult<{ receipt: BookingReceipt; message: string }, Refusal>;


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

const bookFields = z.strictObject({
  scheduleId: z.string().regex(SCHEDULE_ID, '出诊时段无效，请重新选择'),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY, '预约请求已失效，请刷新页面后重试'),
  // Real-name booking: the form always names its 就诊人 (0 is the account holder).
  patientId: z.string({ error: '请选择就诊人' }).regex(/^\d{1,9}$/, '请选择就诊人').transform(Number),
});

/** A form that names no 就诊人 is told so first; anything but the form's fields reads as an empty form. */
const bookInput = z
  .custom<Record<string, string> | null>()
  .transform((fields, ctx) => {
    if (fields && fields.patientId === undefined) {
      ctx.addIssue({ code: 'custom', message: '请选择就诊人' });
      return z.NEVER;
    }
    return fields ?? {};
  })
  .pipe(bookFields);

const recordInput = z.strictObject({
  registerNo: z.string().regex(REGISTER_NO, '预约单号无效，请刷新页面后重试'),
});

const rescheduleInput = z.strictObject({
  registerNo: z.string().regex(REGISTER_NO, '预约单号无效，请刷新页面后重试'),
  scheduleId: z.string({ error: '请选择新的就诊时段' }).regex(SCHEDULE_ID, '请选择新的就诊时段'),
});

/** The schedule pages show the new numbers at once. */
async function refreshSchedules(r: { doctorCode: string; hospitalCode: string }) {
  const tags = [CACHE_TAGS.doctor(r.doctorCode), CACHE_TAGS.clinic(r.hospitalCode)];
  for (const tag of tags) updateTag(tag);
  // The other processes expire the same tags (lib/shared-state/page-cache-purge.ts).
  await purgePageCache(tags);
}

/** The host's refusal reason, when it gave one. */
const withRefusal = (failure: ActionFailure<Refusal>, err: unknown): ActionFailure<Refusal> => {
  const reason = bookingRefusalOf(err);
  return reason ? { ...failure, reason } : failure;
};

/** A form posted to useActionState: the previous answer (unused) and the form. */
type FormArgs = [previous: BookingActionResult | null, formData: FormData];

export const bookSlotAction = defineAction<typeof bookInput, { receipt: BookingReceipt; message: string }, Refusal, FormArgs>(
  bookInput,
  async (input, { client }) => {
    const receipt = await bookRegistration(await client(), input);
    await refreshSchedules(receipt);
    return { ok: true, receipt, message: '预约已提交，请在支付时限内完成支付' };
  },
  {
    member: true,
    invalid: '预约信息无效，请刷新页面后重试',
    args: (_previous, formData) => fieldsOf(formData, ['scheduleId', 'idempotencyKey', 'patientId']),
    // Not retried: the same key makes a manual retry safe (one booking at most).
    failure: '预约未提交，再次提交不会重复预约',
    refine: withRefusal,
  },
);

export const payRegistrationAction = defineAction<typeof recordInput, { receipt: BookingReceipt; message: string }, Refusal, FormArgs>(
  recordInput,
  async ({ registerNo }, { client }) => {
    const receipt = await payRegistration(await client(), registerNo);
    // SPEC §8: payment successful.
    return { ok: true, receipt, message: messages.paymentSuccess };
  },
  {
    member: true,
    invalid: '预约单号无效，请刷新页面后重试',
    args: (_previous, formData) => fieldsOf(formData, ['registerNo']) ?? {},
    failure: '支付未完成',
    refine: withRefusal,
  },
);

/** SPEC §8: any refused cancel says 取消失败; the record is unchanged. */
const cancelInput = z.strictObject({ registerNo: z.string().regex(REGISTER_NO, messages.orderCancelFailed) });

export const cancelRegistrationAction = defineAction<typeof cancelInput, { receipt: BookingReceipt; message: string }, Refusal, FormArgs>(
  cancelInput,
  async ({ registerNo }, { client }) => {
    const receipt = await cancelRegistration(await client(), registerNo);
    await refreshSchedules(receipt);
    const refunded = receipt.refundAmount > 0 ? `，挂号费￥${formatYuan(receipt.refundAmount)}将原路退回` : '';
    return { ok: true, receipt, message: `预约已取消${refunded}` };
  },
  {
    member: true,
    invalid: messages.orderCancelFailed,
    args: (_previous, formData) => fieldsOf(formData, ['registerNo']) ?? {},
    failure: messages.orderCancelFailed,
    // SPEC §8: a refused or failed cancel shows the order-cancel-failed message and the host's reason.
    refine: (failure, err) => {
      const refined = withRefusal(failure, err);
      return err !== null && !refined.sessionExpired ? { ...refined, message: `${messages.orderCancelFailed}：${refined.message}` } : refined;
    },
  },
);

/** Run through useSubmission (the chosen slot stays chosen when it fails): a plain object, not a FormData. */
export const rescheduleRegistrationAction = defineAction<typeof rescheduleInput, { receipt: BookingReceipt; message: string }, Refusal, [input: { registerNo: string; scheduleId: string }]>(
  rescheduleInput,
  async (input, { client }) => {
    const receipt = await rescheduleRegistration(await client(), input);
    await refreshSchedules(receipt);
    return { ok: true, receipt, message: `已改约至 ${receipt.visitDate} ${receipt.timeSlot}，原时段号源已释放` };
  },
  {
    member: true,
    invalid: '改约信息无效，请刷新页面后重试',
    // The old number is kept whenever the new one could not be held (docs/api.md).
    failure: '改约未完成，原预约保持不变',
    refine: withRefusal,
  },
);

export type ReviewActionResult = ActionResult<{ review: VisitReview; message: string }, { errors: ReviewErrors }>;

const reviewInput = z.strictObject({
  registerNo: z.string().regex(REGISTER_NO, '预约单号无效，请刷新页面后重试'),
  stars: optionalText('评分无效'),
  content: optionalText('评价内容无效'),
});

/** Run through useSubmission (a failed review keeps its text: no form reset): a plain object, not a FormData. */
export const reviewVisitAction = defineAction<typeof reviewInput, { review: VisitReview; message: string }, { errors: ReviewErrors }, [input: { registerNo: string; stars: string; content: string }]>(
  reviewInput,
  async (input, { client }) => {
    const checked = validateReviewDraft(input);
    if (!checked.ok) return { ok: false, message: '请检查标出的内容，评价尚未提交', errors: checked.errors };
    const r = await reviewVisit(await client(), { registerNo: input.registerNo, ...checked.value });
    // The doctor page shows the review and the new 好评率; the lists show the rate too.
    const tags = [CACHE_TAGS.doctor(r.doctorCode), CACHE_TAGS.clinic(r.clinicCode), CACHE_TAGS.evaluations, CACHE_TAGS.doctors];
    for (const tag of tags) updateTag(tag);
    await purgePageCache(tags);
    return { ok: true, review: r.review, message: '评价已提交，感谢您的反馈' };
  },
  { member: true, invalid: '评价信息无效，请刷新页面后重试', failure: '评价未提交' },
);

export type PatientActionResult = ActionResult<{ patient?: Patient; message: string }, PatientRefusal>;

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

/** The consent code the person being added received (docs/api.md "HIS_Register patients"): 6 digits, or none. */
const consentCodeInput = z
  .string({ error: PATIENT_FORMAT_MESSAGE })
  .trim()
  .regex(/^(\d{6})?$/, '本人同意验证码为6位数字')
  .nullish();

/** The image code's shape; its rule (4 digits) is checked in the action, so a mistyped one is asked again, not a bad form. */
const imageCodeShape = z.object({ key: z.string().max(64), code: z.string().max(8) }, { error: PATIENT_FORMAT_MESSAGE });

/** Absent (null or undefined) adds a 就诊人; a whole number saves that one. */
const savePatientInput = z.object({ id: patientIdInput.nullish(), draft: patientDraftInput, consentCode: consentCodeInput, image: imageCodeShape.nullish(), proof: proofInput });

/**
 * What a refused save tells the form: the fields' errors, the host's reason, and what the consent code's send asks
 * for first: the image code, or a proof of work (a challenge the form solves and sends the save again with).
 */
interface PatientRefusal {
  errors: PatientErrors;
  reason: string;
  needImageCode: boolean;
  proof: WireProofChallenge;
}

/**
 * Adds a 就诊人 (id absent) or saves one (id given); the form keeps everything typed when it fails. A refusal
 * carries its reason: CONSENT_REQUIRED asks the form for the code sent to that person's phone. Sending that
 * code is an SMS send like any other (lib/backend/sms.ts): past the client's allowance it asks for the image
 * code first (`needImageCode`), past strangers' share of that phone's day a proof of work (`proof`, answered before
 * anything is written), and the form sends the save again with it.
 */
export const savePatientAction = defineAction<
  typeof savePatientInput,
  { patient?: Patient; message: string },
  PatientRefusal,
  [id: number | null, draft: PatientDraft, consentCode?: string | null, image?: { key: string; code: string } | null, proof?: WireProofSolution]
>(
  savePatientInput,
  async ({ id, draft, consentCode, image, proof }, { client }) => {
    const editing = id !== null && id !== undefined;
    const checked = validatePatientDraft(draft, { editing });
    if (!checked.ok) return { ok: false, message: '请检查标出的内容，就诊人尚未保存', errors: checked.errors };
    const img = image ? parseInput(imageCodeInput, image, '请输入4位图形验证码') : undefined;
    if (img && !img.ok) return { ok: false, message: img.message, needImageCode: true };
    const c = await client();
    const consent = { consentCode: consentCode || undefined, image: img?.value, proof };
    const patient = editing
      ? await updatePatient(c, id, { ...checked.value, ...consent })
      : await addPatient(c, { ...checked.value, idCard: checked.value.idCard!, ...consent });
    return { ok: true, patient, message: editing ? '就诊人信息已保存' : `已添加就诊人${patient.name}` };
  },
  {
    member: true,
    invalid: PATIENT_FORMAT_MESSAGE,
    args: (id, draft, consentCode, image, proof) => ({ id, draft, consentCode, image, proof }),
    failure: '就诊人尚未保存',
    refine: (failure, err) => {
      const reason = bookingRefusalOf(err);
      const proof = proofAsked(err);
      return { ...failure, ...(reason ? { reason } : {}), ...(imageCodeAsked(err) ? { needImageCode: true } : {}), ...(proof ? { proof } : {}) };
    },
  },
);

export const removePatientAction = defineAction<typeof patientIdInput, { patient?: Patient; message: string }, { errors: PatientErrors }, [id: number]>(
  patientIdInput,
  async (id, { client }) => {
    await removePatient(await client(), id);
    return { ok: true, message: '已删除就诊人' };
  },
  { member: true, invalid: PATIENT_FORMAT_MESSAGE, failure: '就诊人未删除' },
);

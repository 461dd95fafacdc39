'use server';
/**
 * Server actions of 图文问诊 (docs/api.md "IM_AskQuestion: asking a doctor"): ask a doctor with photos, pay,
 * follow up once, rate once. Each goes through the gate (lib/actions/define-action.ts: Origin, zod, the
 * member's session, errors as Chinese messages), never throwing at the UI. All are writes, sent once and never
 * retried; asking carries the idempotency key made when the form rendered, so a double click or a resubmit
 * makes one question (and so one payment). The photos are checked here for count and size so a member hears
 * at once; their type and content are the backend's to check (sniffed and re-encoded, ask-photos.ts).
 */
import { updateTag } from 'next/cache';
import { z } from 'zod';
import { defineAction, type ActionResult } from '@/lib/actions/define-action';
import { askQuestion, askRefusalOf, followUpAsk, payAsk, rateAsk, type AskedQuestion } from '@/lib/api/ask';
import { CACHE_TAGS } from '@/lib/api/cache';
import { messages } from '@/lib/messages';
import { purgePageCache } from '@/lib/page-cache/store';
import { IDEMPOTENCY_KEY } from '@/lib/contract';
import { ASK_RULES, askTextProblem, PHOTO_LIMITS, validateAskDraft, type AskErrors } from '@/lib/validation/ask-rules';

const ASK_NO = /^Q\d{8}[0-9A-F]{10}$/;

interface Refusal {
  reason: string;
}

export type AskActionResult = ActionResult<{ question: AskedQuestion; message: string }, Refusal & { errors: AskErrors & { photos?: string } }>;
export type AskWriteResult = ActionResult<{ question: AskedQuestion; message: string }, Refusal>;

const TEXT_FIELDS = ['doctorId', 'patientId', 'content', 'duration', 'seenDoctor', 'isPrivate', 'idempotencyKey'] as const;

/** The ask form: its string fields once each, and its photos (an empty file input sends one empty File). */
function askFormOf(formData: unknown): Record<string, unknown> | null {
  if (!(formData instanceof FormData)) return null;
  const out: Record<string, unknown> = {};
  const photos: File[] = [];
  for (const [k, v] of formData.entries()) {
    if (k.startsWith('$ACTION')) continue;
    if (k === 'photos') {
      if (typeof v === 'string') return null;
      // An empty file input sends one empty file with no name (or the serializer's "blob"): no photo.
      if (v.size > 0 || (v.name && v.name !== 'blob')) photos.push(v);
      continue;
    }
    if (!(TEXT_FIELDS as readonly string[]).includes(k) || typeof v !== 'string' || Object.hasOwn(out, k)) return null;
    out[k] = v;
  }
  out.photos = photos;
  return out;
}

const askInput = z.object({
  doctorId: z.string().regex(/^[1-9]\d{0,8}$/, '医生信息无效，请刷新页面后重试').transform(Number),
  patientId: z.string({ error: '请选择就诊人' }).regex(/^\d{1,9}$/, '请选择就诊人').transform(Number),
  content: z.string().default(''),
  duration: z.string().default(''),
  seenDoctor: z.string().default(''),
  isPrivate: z.string().default(''),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY, '问诊请求已失效，请刷新页面后重试'),
  photos: z.array(z.instanceof(File)),
});

/** The public pages of the doctor show a newly answered public question and a rating (their tags). */
async function refreshDoctorPages(doctorCode: string) {
  const tags = [CACHE_TAGS.doctor(doctorCode), CACHE_TAGS.questions, CACHE_TAGS.evaluations];
  for (const tag of tags) updateTag(tag);
  await purgePageCache(tags);
}

export const askDoctorAction = defineAction<typeof askInput, { question: AskedQuestion; message: string }, Refusal & { errors: AskErrors & { photos?: string } }, [previous: AskActionResult | null, formData: FormData]>(
  askInput,
  async (input, { client }) => {
    const checked = validateAskDraft(input);
    const photoProblem =
      input.photos.length > PHOTO_LIMITS.maxCount
        ? `最多上传${PHOTO_LIMITS.maxCount}张图片`
        : input.photos.find((p) => p.size > PHOTO_LIMITS.maxBytes)
          ? `单张图片不能超过${PHOTO_LIMITS.maxBytes / 1024 / 1024}MB，请压缩后再上传`
          : input.photos.find((p) => p.size === 0)
            ? '所选图片是空文件，请重新选择'
            : undefined;
    if (!checked.ok || photoProblem) {
      const errors = { ...(checked.ok ? {} : checked.errors), ...(photoProblem ? { photos: photoProblem } : {}) };
      return { ok: false, message: '请检查标出的内容，问诊尚未提交', errors };
    }
    const question = await askQuestion(await client(), {
      doctorId: input.doctorId,
      patientId: input.patientId,
      idempotencyKey: input.idempotencyKey,
      photos: input.photos,
      ...checked.value,
    });
    return { ok: true, question, message: '问诊已提交，请在支付时限内完成支付' };
  },
  {
    member: true,
    invalid: '问诊信息无效，请刷新页面后重试',
    args: (_previous, formData) => askFormOf(formData),
    failure: '问诊未提交，再次提交不会重复提问或扣费',
    refine: (failure, err) => {
      const reason = askRefusalOf(err);
      // A refused photo is the photos field's message too, so the form shows it beside the picker.
      return reason === 'BAD_PHOTO' ? { ...failure, reason, errors: { photos: failure.message } } : reason ? { ...failure, reason } : failure;
    },
  },
);

const askNoInput = z.strictObject({ askNo: z.string().regex(ASK_NO, '问诊单号无效，请刷新页面后重试') });

const withReason = <F extends { message: string }>(failure: F, err: unknown) => {
  const reason = askRefusalOf(err);
  return reason ? { ...failure, reason } : failure;
};

export const payAskAction = defineAction<typeof askNoInput, { question: AskedQuestion; message: string }, Refusal>(
  askNoInput,
  async ({ askNo }, { client }) => {
    const question = await payAsk(await client(), askNo);
    // SPEC §8: payment successful.
    return { ok: true, question, message: messages.paymentSuccess };
  },
  { member: true, invalid: '问诊单号无效，请刷新页面后重试', failure: '支付未完成', refine: withReason },
);

const followUpInput = z.strictObject({
  askNo: z.string().regex(ASK_NO, '问诊单号无效，请刷新页面后重试'),
  content: z.string().max(4000, `追问内容不能超过${ASK_RULES.followUpMax}个字`),
});

export const followUpAskAction = defineAction<typeof followUpInput, { question: AskedQuestion; message: string }, Refusal>(
  followUpInput,
  async ({ askNo, content }, { client }) => {
    const problem = askTextProblem(content.trim(), '追问内容', ASK_RULES.followUpMin, ASK_RULES.followUpMax);
    if (problem) return { ok: false, message: problem };
    const question = await followUpAsk(await client(), askNo, content.trim());
    return { ok: true, question, message: '追问已提交，医生回复后将短信通知您' };
  },
  { member: true, invalid: '追问内容无效，请刷新页面后重试', failure: '追问未提交', refine: withReason },
);

const rateInput = z.strictObject({
  askNo: z.string().regex(ASK_NO, '问诊单号无效，请刷新页面后重试'),
  satisfaction: z.enum(['1', '2', '3'], { error: '请选择满意、一般或不满意' }),
  words: z.string().max(4000, `评价内容不能超过${ASK_RULES.ratingWordsMax}个字`),
});

export const rateAskAction = defineAction<typeof rateInput, { question: AskedQuestion; message: string }, Refusal>(
  rateInput,
  async ({ askNo, satisfaction, words }, { client }) => {
    const text = words.trim();
    const problem = text ? askTextProblem(text, '评价内容', 1, ASK_RULES.ratingWordsMax) : null;
    if (problem) return { ok: false, message: problem };
    const question = await rateAsk(await client(), askNo, Number(satisfaction) as 1 | 2 | 3, text);
    if (!question.isPrivate) await refreshDoctorPages(question.doctorCode);
    return { ok: true, question, message: '评价已提交，感谢您的反馈' };
  },
  { member: true, invalid: '评价信息无效，请刷新页面后重试', failure: '评价未提交', refine: withReason },
);

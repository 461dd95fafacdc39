'use server';
/**
 * The 中医体质辨识 questionnaire's one server action (docs/constitution.md), through the gate
 * (lib/actions/define-action.ts: Origin, zod, errors as Chinese messages). The plain form posts here with or
 * without JavaScript; the result is this action's answer, so nothing of it ever reaches a URL.
 *
 * - `intent` score (the questionnaire): every question of the chosen sex answered, or a failure that names
 *   the missing ones and echoes the answers given, so the form comes back as it was;
 * - `intent` keep (the result's 保存到体质档案): the same answers scored again, and kept in the member's 体质档案
 *   (TW_Constitution/AddRecord, a write sent once); a visitor is asked to log in, the result stays shown.
 */
import { z } from 'zod';
import { defineAction, failureOf, type ActionResult } from '@/lib/actions/define-action';
import { addConstitutionRecord } from '@/lib/api/constitution';
import { CONSTITUTION_ITEMS, itemsFor, type Grade, type Sex } from '@/lib/constitution/items';
import { missingItems, parseGrade, scoreAnswers, summarize, type Answers, type ConstitutionResult } from '@/lib/constitution/scoring';
import { getSession, memberClient } from '@/lib/session';

const ANSWER_FIELDS = CONSTITUTION_ITEMS.map((item) => item.id);
const FIELDS = ['sex', 'intent', ...ANSWER_FIELDS];

const grade = z.enum(['1', '2', '3', '4', '5'], { error: '答案无效，请在“没有”到“总是”中选择' }).optional();
const input = z.strictObject({
  sex: z.enum(['female', 'male'], { error: '请选择性别' }).optional(),
  intent: z.enum(['score', 'keep'], { error: '提交方式无效，请刷新页面后重试' }).optional(),
  ...Object.fromEntries(ANSWER_FIELDS.map((id) => [id, grade])),
});

/** What the form posted, strings only; a repeated, unknown or file field makes the form invalid. */
function fieldsOf(formData: unknown): Record<string, string> | null {
  if (!(formData instanceof FormData)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of formData.entries()) {
    if (k.startsWith('$ACTION')) continue;
    if (!FIELDS.includes(k) || typeof v !== 'string' || Object.hasOwn(out, k)) return null;
    // An unanswered radio group sends nothing; an empty value (a hidden field) is no answer either.
    if (v !== '') out[k] = v;
  }
  return out;
}

/** A kept record as the result says it. */
interface Kept {
  ok: boolean;
  message: string;
  /** The instant it was kept (ISO), when kept. */
  keptAt?: string;
  /** The visitor must log in first. */
  loginRequired?: boolean;
}

export interface Scored {
  sex: Sex;
  answers: Answers;
  result: ConstitutionResult;
  summary: string;
  kept?: Kept;
}

interface Echo {
  sex: Sex;
  answers: Partial<Answers>;
  missing: { id: string; number: number; text: string }[];
}

export type ConstitutionActionResult = ActionResult<Scored, Echo>;

export const constitutionAction = defineAction<typeof input, Scored, Echo, [previous: unknown, formData: FormData]>(
  input,
  async (fields) => {
    const answers: Partial<Answers> = {};
    for (const id of ANSWER_FIELDS) {
      const g = parseGrade(fields[id as keyof typeof fields]);
      if (g) answers[id] = g as Grade;
    }
    const sex = fields.sex;
    if (!sex) return { ok: false, message: '请先选择性别（第一题），再提交', answers, missing: [] };
    const missing = missingItems(sex, answers);
    if (missing.length) {
      const named = missing.slice(0, 5).map((m) => `第${m.number}题`).join('、');
      return {
        ok: false,
        message: `还有${missing.length}道题未作答：${named}${missing.length > 5 ? '等' : ''}。每道题都作答后才能给出结果`,
        sex,
        answers,
        missing,
      };
    }
    const own = Object.fromEntries(itemsFor(sex).map((item) => [item.id, answers[item.id]!])) as Answers;
    const result = scoreAnswers(sex, own);
    const scored: Scored = { sex, answers: own, result, summary: summarize(result) };
    if (fields.intent !== 'keep') return { ok: true, ...scored };
    if (!(await getSession())) {
      return { ok: true, ...scored, kept: { ok: false, loginRequired: true, message: '请先登录，再保存到体质档案（本次结果不会丢失）' } };
    }
    try {
      const record = await addConstitutionRecord(await memberClient(), sex, itemsFor(sex).map((item) => own[item.id]).join(''));
      return { ok: true, ...scored, kept: { ok: true, keptAt: record.createdAt, message: '已保存到体质档案' } };
    } catch (err) {
      // The result stays shown whatever befell the write (a refused level, a network fault): it was sent once.
      const failure = failureOf(err, '体质档案未保存');
      return { ok: true, ...scored, kept: { ok: false, loginRequired: failure.sessionExpired, message: failure.message } };
    }
  },
  {
    member: false,
    invalid: '提交的答案无效，请刷新页面后重新作答',
    args: (_previous, formData) => fieldsOf(formData) ?? { intent: 'invalid' },
  },
);

/**
 * Rules of 图文问诊 (docs/api.md "IM_AskQuestion: asking a doctor"), shared by the ask form (as the member
 * types), its server action and the embedded backend, and the promises the pages make (48 小时内回复, 72
 * 小时内追问一次) read from here, so a page never says what the code does not do.
 */
import { isPlainText } from './fields';
import { countChars } from './message-rules';
import { ASK_PHOTOS } from '@/lib/limits';

export const ASK_RULES = {
  /** Characters of a question, as a person counts them. */
  contentMin: 10,
  contentMax: 1000,
  /** Characters of a follow-up and of the words of a rating. */
  followUpMin: 5,
  followUpMax: 500,
  ratingWordsMax: 200,
  /** A paid question unanswered this long is refunded in full, and the member told by SMS. */
  answerHours: 48,
  /** The member may follow up once, this long after the answer. */
  followUpHours: 72,
} as const;

/** The photos of a question (lib/backend/ask-photos.ts enforces them; the form says them). */
export const PHOTO_LIMITS = {
  /** How many, and the bytes of one photo as sent: lib/limits.ts ASK_PHOTOS (the request body limits read them too). */
  ...ASK_PHOTOS,
  /** The longest side of a stored photo, in pixels. */
  maxSide: 2048,
} as const;

/** How long the trouble has lasted: the form's choices, stored as their words. */
export const ASK_DURATIONS = ['一周内', '一个月内', '半年内', '一年内', '一年以上'] as const;
export type AskDuration = (typeof ASK_DURATIONS)[number];

/** The §9 satisfaction of a rating: 1 满意, 2 一般, 3 不满意. */
export const ASK_SATISFACTION_NAMES: Record<1 | 2 | 3, string> = { 1: '满意', 2: '一般', 3: '不满意' };

/** A question's status (migration 160) and its name on 我的问诊. */
export const ASK_STATUS_NAMES: Record<number, string> = { 4: '待支付', 5: '已过期', 0: '待回复', 1: '已回复', 2: '已退款', 3: '已评价', 6: '退款中' };

export interface AskDraft {
  content: string;
  duration: string;
  seenDoctor: string;
  isPrivate: string;
}

export type AskErrors = Partial<Record<keyof AskDraft, string>>;

export interface CleanAsk {
  content: string;
  duration: AskDuration;
  seenDoctor: 0 | 1;
  isPrivate: 0 | 1;
}

/** Markup is refused in what a member writes to a doctor: it is plain words, shown escaped everywhere. */
const MARKUP = /[<>]/;

/** A text a member writes (question, follow-up): its problem in words, or null when it is fine. */
export function askTextProblem(text: string, what: string, min: number, max: number): string | null {
  const n = countChars(text);
  if (n === 0) return `请填写${what}`;
  if (!isPlainText(text, { multiline: true })) return `${what}包含无效字符`;
  if (MARKUP.test(text)) return `${what}不能包含“<”或“>”`;
  if (n < min) return `${what}至少${min}个字`;
  if (n > max) return `${what}不能超过${max}个字`;
  return null;
}

export function validateAskDraft(draft: AskDraft): { ok: true; value: CleanAsk } | { ok: false; errors: AskErrors } {
  const errors: AskErrors = {};
  const content = draft.content.trim();
  const problem = askTextProblem(content, '问题描述', ASK_RULES.contentMin, ASK_RULES.contentMax);
  if (problem) errors.content = problem;
  if (!(ASK_DURATIONS as readonly string[]).includes(draft.duration)) errors.duration = '请选择患病时长';
  if (draft.seenDoctor !== '0' && draft.seenDoctor !== '1') errors.seenDoctor = '请选择是否就诊过';
  if (draft.isPrivate !== '0' && draft.isPrivate !== '1') errors.isPrivate = '请选择公开或私密提问';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: { content, duration: draft.duration as AskDuration, seenDoctor: draft.seenDoctor === '1' ? 1 : 0, isPrivate: draft.isPrivate === '1' ? 1 : 0 },
  };
}

/** The asker as a public question shows them: 王*琴, 王*, 欧阳**锋 (first and last character kept). */
export function maskAskerName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return `${chars[0] ?? ''}*`;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/**
 * Rules of a review after the visit (docs/api.md "TW_Evaluate/AddRegisterEvaluate"), shared by the form, its
 * server action and the embedded backend: 1 to 5 stars and a text of the SPEC §5-style lengths the site uses
 * for what a member writes (5–500 characters, as a message), plain text. The minimum counts what shows: five
 * zero-width spaces are no review. Unicode format characters (\p{Cf}: zero-width spaces, U+202E that turns the
 * text around it backwards) are refused, as in names (docs/security.md "Abuse from many clients").
 */
import { isPlainText } from './fields';
import { countChars, MESSAGE_CONTENT_MAX, MESSAGE_CONTENT_MIN } from './message-rules';

export const REVIEW_CONTENT_MIN = MESSAGE_CONTENT_MIN;
export const REVIEW_CONTENT_MAX = MESSAGE_CONTENT_MAX;

/** What each number of stars says, as the form and the doctor page show it. */
export const STAR_LABELS: Record<1 | 2 | 3 | 4 | 5, string> = { 1: '很不满意', 2: '不满意', 3: '一般', 4: '满意', 5: '非常满意' };

export type Stars = 1 | 2 | 3 | 4 | 5;

/** The SPEC §9 satisfaction filter of a review: 4–5 stars 满意 (1), 3 一般 (2), 1–2 不满意 (3). */
export function satisfactionOfStars(stars: Stars): 1 | 2 | 3 {
  return stars >= 4 ? 1 : stars === 3 ? 2 : 3;
}

export interface ReviewDraft {
  stars: string;
  content: string;
}

export type ReviewErrors = Partial<Record<keyof ReviewDraft, string>>;

const FORMAT = /\p{Cf}/u;
/** Characters that take no visible place: spaces of every kind, format and control characters. */
const INVISIBLE = /[\s\p{Cf}\p{Cc}]/gu;

/** How many characters of a text show (code points that are not spaces, format or control characters). */
export function visibleChars(text: string): number {
  return countChars(text.replace(INVISIBLE, ''));
}

export function validateReviewDraft(draft: ReviewDraft): { ok: true; value: { stars: Stars; content: string } } | { ok: false; errors: ReviewErrors } {
  const errors: ReviewErrors = {};
  const stars = /^[1-5]$/.test(draft.stars.trim()) ? (Number(draft.stars.trim()) as Stars) : null;
  if (stars === null) errors.stars = draft.stars.trim() ? '评分应为1到5星' : '请选择评分（1到5星）';
  const content = draft.content.trim();
  const n = countChars(content);
  if (n === 0) errors.content = '请填写评价内容';
  else if (!isPlainText(content, { multiline: true })) errors.content = '评价内容包含无效字符';
  else if (FORMAT.test(content)) errors.content = '评价内容不能包含不可见的格式字符';
  else if (visibleChars(content) < REVIEW_CONTENT_MIN) errors.content = `评价内容至少${REVIEW_CONTENT_MIN}个字`;
  else if (n > REVIEW_CONTENT_MAX) errors.content = `评价内容不能超过${REVIEW_CONTENT_MAX}个字`;
  if (stars === null || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { stars, content } };
}

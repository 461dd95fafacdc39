/**
 * A review's text (lib/validation/review-rules.ts): the minimum counts the characters that show, and Unicode
 * format characters are refused (docs/security.md "Abuse from many clients").
 */
import { describe, expect, it } from 'vitest';
import { validateReviewDraft, visibleChars } from './review-rules';

const review = (content: string) => validateReviewDraft({ stars: '5', content });

describe('a review’s text', () => {
  it('five zero-width spaces are not five characters', () => {
    const zw = '\u200b'.repeat(5);
    expect(visibleChars(zw)).toBe(0);
    expect(review(zw)).toMatchObject({ ok: false });
    expect(review(`好${zw}`)).toMatchObject({ ok: false });
  });

  it('refuses U+202E and other format characters, even around enough visible text', () => {
    for (const cf of ['\u202e', '\u200b', '\u2066', '\ufeff']) {
      expect(review(`医生很耐心${cf}细致`), JSON.stringify(cf)).toEqual({ ok: false, errors: { content: '评价内容不能包含不可见的格式字符' } });
    }
  });

  it('counts only what shows toward the minimum; spaces between words do not make it', () => {
    expect(review('好 好 好 好')).toMatchObject({ ok: false, errors: { content: '评价内容至少5个字' } });
    expect(review('医生很耐心')).toMatchObject({ ok: true, value: { stars: 5, content: '医生很耐心' } });
    expect(review('医生 很耐心\n谢谢')).toMatchObject({ ok: true });
  });
});

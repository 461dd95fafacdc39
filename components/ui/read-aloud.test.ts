/** 语音朗读's pieces (docs/elder-mode.md "Read aloud"): sentences kept whole where they fit, none over the limit. */
import { describe, expect, it } from 'vitest';
import { speechPieces } from './read-aloud';

describe('speechPieces', () => {
  it('joins whole sentences up to the limit and never cuts one that fits', () => {
    const text = '第一句话。第二句话！第三句话？';
    expect(speechPieces(text, 100)).toEqual(['第一句话。第二句话！第三句话？']);
    expect(speechPieces(text, 10)).toEqual(['第一句话。第二句话！', '第三句话？']);
    expect(speechPieces(text, 6)).toEqual(['第一句话。', '第二句话！', '第三句话？']);
  });

  it('cuts a sentence longer than the limit, and reads nothing of blank text', () => {
    const long = '长'.repeat(25);
    const pieces = speechPieces(long, 10);
    expect(pieces.join('')).toBe(long);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(10);
    expect(speechPieces('  \n\t ')).toEqual([]);
  });

  it('keeps every character of the text in order, whitespace folded', () => {
    const text = '医生简介\n贵州中医药大学毕业，主任医师。  擅长功能性消化不良；高血压。';
    expect(speechPieces(text, 12).join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
  });
});

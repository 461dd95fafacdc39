import { describe, expect, it } from 'vitest';
import { splitMatches } from './highlight';

const marked = (text: string, keyword: string) =>
  splitMatches(text, keyword)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('search highlight', () => {
  it('marks every occurrence of the keyword', () => {
    expect(marked('失眠多梦，失眠易醒', '失眠')).toBe('[失眠]多梦，[失眠]易醒');
  });
  it('folds ASCII case and marks each word of a spaced keyword', () => {
    expect(marked('TCM 中医 tcm', 'tcm 中医')).toBe('[TCM] [中医] [tcm]');
  });
  it('treats regex characters literally and keeps the text whole', () => {
    expect(marked('a.b (c) a+b', 'a+b')).toBe('a.b (c) [a+b]');
    expect(marked('无匹配', '失眠')).toBe('无匹配');
    expect(splitMatches('', '失眠')).toEqual([]);
  });
});

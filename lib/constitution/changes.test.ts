import { describe, expect, it } from 'vitest';
import { CONSTITUTION_TYPES, type ConstitutionType } from './items';
import { changesSince, NOTABLE_DELTA } from './changes';
import { judge, type Scores } from './scoring';

/** 体质档案: what changed since the last result (docs/constitution.md). */
const kept = (s: Scores) => {
  const r = judge('female', s);
  return { scores: CONSTITUTION_TYPES.map((type: ConstitutionType) => ({ type, score: s[type], judgement: r.judgements[type] })) };
};
const base: Scores = { pinghe: 75, qixu: 56, yangxu: 27, yinxu: 25, tanshi: 12, shire: 15, xueyu: 20, qiyu: 18, tebing: 10 };

describe('changesSince', () => {
  it('names changed judgements first, then the largest moves, and leaves small moves out', () => {
    const later = kept({ ...base, qixu: 31.25, yangxu: 27 + NOTABLE_DELTA - 0.1, tanshi: 40, yinxu: 25 - 8, shire: 15 + NOTABLE_DELTA - 1 });
    const changes = changesSince(later, kept(base));
    // 痰湿 否→是 (+28), 气虚 是→倾向是 (−24.75), 阳虚 否→倾向是 (+4.9, small but judged), then 阴虚 −8 (no new judgement).
    expect(changes.map((c) => c.type)).toEqual(['tanshi', 'qixu', 'yangxu', 'yinxu']);
    expect(changes[0]).toMatchObject({ before: 12, after: 40, delta: 28, judgementBefore: '否', judgementAfter: '是' });
    expect(changes[1]).toMatchObject({ judgementBefore: '是', judgementAfter: '倾向是' });
    // 湿热 moved by less than NOTABLE_DELTA and stayed 否; 平和 stayed 75 and 否 (痰湿 now reaches 40).
    expect(changes.find((c) => c.type === 'shire')).toBeUndefined();
    expect(changes.find((c) => c.type === 'pinghe')).toBeUndefined();
  });

  it('is empty for the same result', () => {
    expect(changesSince(kept(base), kept(base))).toEqual([]);
  });
});

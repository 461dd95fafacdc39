import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIASED_TYPES, CONSTITUTION_ITEMS, CONSTITUTION_TYPES, ITEM_COUNTS, itemsFor, type Grade, type Sex } from './items';
import { displayScore, judge, judgeBiased, judgePinghe, missingItems, scoreAnswers, summarize, transformedScore, type Answers, type Scores } from './scoring';

/** ZYYXH/T157-2009: scoring and judgement (docs/constitution.md). */

const all = (sex: Sex, grade: Grade): Answers => Object.fromEntries(itemsFor(sex).map((i) => [i.id, grade]));
const scoresOf = (s: Omit<Scores, never>) => s;

describe('the item table', () => {
  it('asks 60 questions of each sex, each type with the standard item count', () => {
    for (const sex of ['female', 'male'] as const) {
      const items = itemsFor(sex);
      expect(items).toHaveLength(60);
      for (const t of CONSTITUTION_TYPES) {
        expect(items.filter((i) => i.counts.some((c) => c.type === t)), t).toHaveLength(ITEM_COUNTS[t]);
      }
    }
    expect(new Set(CONSTITUTION_ITEMS.map((i) => i.id)).size).toBe(CONSTITUTION_ITEMS.length);
  });

  it('reverses exactly 平和质 (2)(3)(4)(5)(7)(8), and nothing of another type', () => {
    const pinghe = CONSTITUTION_ITEMS.filter((i) => i.counts.some((c) => c.type === 'pinghe'));
    expect(pinghe.map((i) => i.counts.find((c) => c.type === 'pinghe')!.reversed)).toEqual([false, true, true, true, true, false, true, true]);
    for (const item of CONSTITUTION_ITEMS) for (const c of item.counts) if (c.type !== 'pinghe') expect(c.reversed).toBe(false);
  });

  it('shares the six items the standard lists twice', () => {
    const shared = CONSTITUTION_ITEMS.filter((i) => i.counts.length === 2).map((i) => i.counts.map((c) => c.type).join('+'));
    expect(shared.sort()).toEqual(['pinghe+qiyu', 'pinghe+qixu', 'pinghe+qixu', 'pinghe+xueyu', 'pinghe+yangxu', 'qixu+yangxu'].sort());
  });

  it('asks 湿热质 of women about 带下 and of men about 阴囊, never both', () => {
    expect(itemsFor('female').some((i) => i.id === 'q41')).toBe(true);
    expect(itemsFor('female').some((i) => i.id === 'q42')).toBe(false);
    expect(itemsFor('male').some((i) => i.id === 'q42')).toBe(true);
    expect(itemsFor('male').some((i) => i.id === 'q41')).toBe(false);
  });
});

describe('转化分', () => {
  it('is (原始分 − 条目数) / (条目数 × 4) × 100', () => {
    expect(transformedScore(8, 8)).toBe(0);
    expect(transformedScore(40, 8)).toBe(100);
    expect(transformedScore(24, 8)).toBe(50);
    expect(transformedScore(13, 6)).toBeCloseTo(29.1667, 3);
  });

  it('all 没有: 平和质 75 (its reversed items score 5) and 是, every biased type 0 and 否', () => {
    for (const sex of ['female', 'male'] as const) {
      const r = scoreAnswers(sex, all(sex, 1));
      expect(r.scores.pinghe).toBe(75);
      expect(r.judgements.pinghe).toBe('是');
      for (const t of BIASED_TYPES) {
        expect(r.scores[t]).toBe(0);
        expect(r.judgements[t]).toBe('否');
      }
      expect(r.main).toBe('pinghe');
      expect(summarize(r)).toBe('平和质');
    }
  });

  it('all 总是: 平和质 25 and 否, every biased type 100 and 是', () => {
    const r = scoreAnswers('male', all('male', 5));
    expect(r.scores.pinghe).toBe(25);
    expect(r.judgements.pinghe).toBe('否');
    for (const t of BIASED_TYPES) {
      expect(r.scores[t]).toBe(100);
      expect(r.judgements[t]).toBe('是');
    }
    // All tied at 100: the first in the standard's order leads, the other seven are 兼夹.
    expect(r.main).toBe('qixu');
    expect(r.alsoTypes).toHaveLength(7);
  });

  it("reverses 平和质's marked items: 总是 to tiredness lowers 平和质 and raises 气虚质", () => {
    const base = all('female', 1);
    const tired = scoreAnswers('female', { ...base, q2: 5 });
    // 平和质: q2 now 1 instead of 5 → 原始分 28 → (28 − 8) / 32 = 62.5
    expect(tired.scores.pinghe).toBe(62.5);
    // 气虚质: q2 now 5 instead of 1 → 原始分 12 → 4 / 32 = 12.5
    expect(tired.scores.qixu).toBe(12.5);
    // A forward item of 平和质 (energy) raises it: 原始分 36 → 87.5.
    expect(scoreAnswers('female', { ...base, q1: 5 }).scores.pinghe).toBe(87.5);
    // 健忘 counts forward for 血瘀质 and reversed for 平和质.
    const forgetful = scoreAnswers('female', { ...base, q8: 4 });
    expect(forgetful.scores.pinghe).toBe(65.625);
    expect(forgetful.scores.xueyu).toBeCloseTo((3 / 28) * 100, 10);
  });

  it('scores the sex-specific item in 湿热质 only for that sex', () => {
    const female = scoreAnswers('female', { ...all('female', 1), q41: 5, q42: 5 });
    expect(female.scores.shire).toBeCloseTo((4 / 24) * 100, 10);
    const male = scoreAnswers('male', { ...all('male', 1), q41: 5 });
    expect(male.scores.shire).toBe(0);
  });

  it('stays within 0–100 for any answers, and the judgements follow the marks', () => {
    const grade = fc.constantFrom<Grade>(1, 2, 3, 4, 5);
    fc.assert(
      fc.property(fc.constantFrom<Sex>('female', 'male'), fc.array(grade, { minLength: 61, maxLength: 61 }), (sex, grades) => {
        const answers = Object.fromEntries(CONSTITUTION_ITEMS.map((item, i) => [item.id, grades[i]!]));
        const r = scoreAnswers(sex, answers);
        for (const t of CONSTITUTION_TYPES) {
          expect(r.scores[t]).toBeGreaterThanOrEqual(0);
          expect(r.scores[t]).toBeLessThanOrEqual(100);
        }
        for (const t of BIASED_TYPES) expect(r.judgements[t]).toBe(r.scores[t] >= 40 ? '是' : r.scores[t] >= 30 ? '倾向是' : '否');
      }),
      { numRuns: 300 },
    );
  });
});

describe('judgement', () => {
  it('the standard example 1: 平和 75 but 气虚 56 → not 平和质, 气虚质', () => {
    const r = judge('female', scoresOf({ pinghe: 75, qixu: 56, yangxu: 27, yinxu: 25, tanshi: 12, shire: 15, xueyu: 20, qiyu: 18, tebing: 10 }));
    expect(r.judgements.pinghe).toBe('否');
    expect(r.judgements.qixu).toBe('是');
    expect(r.main).toBe('qixu');
    expect(r.leanings).toEqual([]);
    expect(summarize(r)).toBe('气虚质');
  });

  it('the standard example 2: 平和 75, 痰湿 32 → 基本是平和质, 有痰湿质倾向', () => {
    const r = judge('male', scoresOf({ pinghe: 75, qixu: 16, yangxu: 27, yinxu: 25, tanshi: 32, shire: 25, xueyu: 10, qiyu: 18, tebing: 10 }));
    expect(r.judgements.pinghe).toBe('基本是');
    expect(r.judgements.tanshi).toBe('倾向是');
    expect(r.main).toBe('pinghe');
    expect(r.leanings).toEqual(['tanshi']);
    expect(summarize(r)).toBe('基本是平和质，有痰湿质倾向');
  });

  it('a biased type: 29 否, 30 倾向是, 39 倾向是, 40 是 (and just under each mark)', () => {
    expect(judgeBiased(0)).toBe('否');
    expect(judgeBiased(29)).toBe('否');
    expect(judgeBiased(29.999)).toBe('否');
    expect(judgeBiased(30)).toBe('倾向是');
    expect(judgeBiased(39)).toBe('倾向是');
    expect(judgeBiased(39.999)).toBe('倾向是');
    expect(judgeBiased(40)).toBe('是');
    expect(judgeBiased(100)).toBe('是');
  });

  it('平和质: 59 否 and 60 是 with others under 30; 基本是 with others 30–39; 否 when one reaches 40', () => {
    const low = [29, 0, 0, 0, 0, 0, 0, 29];
    expect(judgePinghe(59, low)).toBe('否');
    expect(judgePinghe(59.999, low)).toBe('否');
    expect(judgePinghe(60, low)).toBe('是');
    expect(judgePinghe(60, [30, 0, 0, 0, 0, 0, 0, 0])).toBe('基本是');
    expect(judgePinghe(60, [39, 0, 0, 0, 0, 0, 0, 0])).toBe('基本是');
    expect(judgePinghe(60, [40, 0, 0, 0, 0, 0, 0, 0])).toBe('否');
    expect(judgePinghe(100, [39.999, 39.999, 0, 0, 0, 0, 0, 0])).toBe('基本是');
  });

  it('answers on each side of a mark: 气虚质 原始分 17 → 28.125 否, 18 → 31.25 倾向是, 20 → 37.5, 21 → 40.625 是', () => {
    const base = all('female', 1);
    // 气虚质's items only (q9–q14 and the shared q2, q3, q12): raise q9, q10, q11 in turn.
    const withQixu = (extra: Partial<Answers>) => scoreAnswers('female', { ...base, ...extra });
    expect(withQixu({ q9: 5, q10: 5, q11: 2 }).scores.qixu).toBe(28.125);
    expect(withQixu({ q9: 5, q10: 5, q11: 2 }).judgements.qixu).toBe('否');
    expect(withQixu({ q9: 5, q10: 5, q11: 3 }).scores.qixu).toBe(31.25);
    expect(withQixu({ q9: 5, q10: 5, q11: 3 }).judgements.qixu).toBe('倾向是');
    expect(withQixu({ q9: 5, q10: 5, q11: 5 }).scores.qixu).toBe(37.5);
    expect(withQixu({ q9: 5, q10: 5, q11: 5 }).judgements.qixu).toBe('倾向是');
    expect(withQixu({ q9: 5, q10: 5, q11: 5, q13: 2 }).scores.qixu).toBe(40.625);
    expect(withQixu({ q9: 5, q10: 5, q11: 5, q13: 2 }).judgements.qixu).toBe('是');
  });

  it('names the main type, 兼夹 and 倾向, highest first', () => {
    const r = judge('female', scoresOf({ pinghe: 40, qixu: 45, yangxu: 62, yinxu: 0, tanshi: 31, shire: 0, xueyu: 35, qiyu: 0, tebing: 0 }));
    expect(r.main).toBe('yangxu');
    expect(r.alsoTypes).toEqual(['qixu']);
    expect(r.leanings).toEqual(['xueyu', 'tanshi']);
    expect(summarize(r)).toBe('阳虚质，兼有气虚质，有血瘀质、痰湿质倾向');
    const none = judge('female', scoresOf({ pinghe: 50, qixu: 10, yangxu: 0, yinxu: 0, tanshi: 0, shire: 0, xueyu: 0, qiyu: 0, tebing: 0 }));
    expect(none.main).toBeNull();
    expect(summarize(none)).toBe('未达到任一体质的判定标准');
  });
});

describe('the form', () => {
  it('names every missing question by its number and text', () => {
    const answers: Partial<Answers> = all('male', 3);
    delete answers.q7;
    delete answers.q42;
    const missing = missingItems('male', answers);
    expect(missing.map((m) => m.number)).toEqual([7, 41]);
    expect(missing[1]!.text).toContain('阴囊');
    expect(() => scoreAnswers('male', answers)).toThrow();
  });

  it('shows a score cut, never rounded up, to one decimal', () => {
    expect(displayScore(75)).toBe('75');
    expect(displayScore(39.96)).toBe('39.9');
    expect(displayScore(28.125)).toBe('28.1');
    expect(displayScore(100)).toBe('100');
    expect(displayScore((3 / 28) * 100)).toBe('10.7');
  });
});

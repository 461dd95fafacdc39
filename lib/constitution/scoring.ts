/**
 * Scoring and judgement of 中医体质辨识 exactly as ZYYXH/T157-2009 §5 sets them (docs/constitution.md). Pure:
 * the questionnaire page, the server action and the embedded backend all score through here, so a stored
 * record and the page a visitor read never disagree.
 *
 * - 原始分 = the sum of a type's item scores (平和质's marked items reversed: 6 − grade);
 * - 转化分 = (原始分 − 条目数) / (条目数 × 4) × 100, 0 to 100;
 * - 平和质: 是 when its 转化分 ≥ 60 and every biased type < 30; 基本是 when ≥ 60 and every biased type < 40;
 *   otherwise 否;
 * - a biased type: 是 at ≥ 40, 倾向是 at 30 to < 40, 否 below 30.
 * Judged on the exact 转化分, never on a rounded one.
 */
import {
  BIASED_TYPES,
  CONSTITUTION_NAMES,
  CONSTITUTION_TYPES,
  GRADES,
  ITEM_COUNTS,
  itemsFor,
  type BiasedType,
  type ConstitutionType,
  type Grade,
  type Sex,
} from './items';

export type Judgement = '是' | '基本是' | '倾向是' | '否';

/** The 转化分 of every type. */
export type Scores = Record<ConstitutionType, number>;

export interface ConstitutionResult {
  sex: Sex;
  scores: Scores;
  judgements: Record<ConstitutionType, Judgement>;
  /**
   * The main type: 平和质 when it is 是 or 基本是, else the biased type judged 是 with the highest 转化分
   * (the first in the standard's order on a tie); null when neither (no type reaches its mark).
   */
  main: ConstitutionType | null;
  /** Other biased types judged 是 (兼夹), highest first. */
  alsoTypes: BiasedType[];
  /** Biased types judged 倾向是, highest first. */
  leanings: BiasedType[];
}

/** 转化分 from a type's 原始分 and 条目数 (ZYYXH/T157-2009 §5.1). */
export function transformedScore(raw: number, itemCount: number): number {
  return ((raw - itemCount) / (itemCount * 4)) * 100;
}

/** A biased type's judgement from its 转化分 (§5.2, 表 2). */
export function judgeBiased(score: number): Judgement {
  if (score >= 40) return '是';
  if (score >= 30) return '倾向是';
  return '否';
}

/** 平和质's judgement from its 转化分 and the biased types' (§5.2, 表 2). */
export function judgePinghe(score: number, biased: readonly number[]): Judgement {
  if (score < 60) return '否';
  if (biased.every((s) => s < 30)) return '是';
  if (biased.every((s) => s < 40)) return '基本是';
  return '否';
}

/** The judgements, main type, 兼夹 and 倾向 from the nine 转化分. */
export function judge(sex: Sex, scores: Scores): ConstitutionResult {
  const judgements = {} as Record<ConstitutionType, Judgement>;
  for (const t of BIASED_TYPES) judgements[t] = judgeBiased(scores[t]);
  judgements.pinghe = judgePinghe(
    scores.pinghe,
    BIASED_TYPES.map((t) => scores[t]),
  );
  const byScore = (a: BiasedType, b: BiasedType) => scores[b] - scores[a];
  const yes = BIASED_TYPES.filter((t) => judgements[t] === '是').sort(byScore);
  const leanings = BIASED_TYPES.filter((t) => judgements[t] === '倾向是').sort(byScore);
  const pingheHolds = judgements.pinghe !== '否';
  return {
    sex,
    scores,
    judgements,
    main: pingheHolds ? 'pinghe' : (yes[0] ?? null),
    alsoTypes: pingheHolds ? [] : yes.slice(1),
    leanings,
  };
}

/** A grade as the form sends it ('1' … '5'), or null. */
export function parseGrade(value: unknown): Grade | null {
  const n = typeof value === 'string' && /^[1-5]$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
  return GRADES.some((g) => g.value === n) ? (n as Grade) : null;
}

export type Answers = Record<string, Grade>;

/** The questions of this sex left unanswered, in the form's order (by number and text, to be named). */
export function missingItems(sex: Sex, answers: Partial<Answers>): { id: string; number: number; text: string }[] {
  return itemsFor(sex)
    .map((item, index) => ({ id: item.id, number: index + 1, text: item.text }))
    .filter((item) => !answers[item.id]);
}

/**
 * Scores a complete questionnaire (every item of this sex answered: check with missingItems first; a missing
 * one throws). Answers to the other sex's item are ignored.
 */
export function scoreAnswers(sex: Sex, answers: Partial<Answers>): ConstitutionResult {
  const raw = Object.fromEntries(CONSTITUTION_TYPES.map((t) => [t, 0])) as Record<ConstitutionType, number>;
  for (const item of itemsFor(sex)) {
    const grade = answers[item.id];
    if (!grade) throw new Error(`unanswered item ${item.id}`);
    for (const c of item.counts) raw[c.type] += c.reversed ? 6 - grade : grade;
  }
  const scores = Object.fromEntries(CONSTITUTION_TYPES.map((t) => [t, transformedScore(raw[t], ITEM_COUNTS[t])])) as Scores;
  return judge(sex, scores);
}

/**
 * A 转化分 as shown: whole numbers as they are, others cut (never rounded up) to one decimal, so a shown
 * score never crosses a mark the exact one has not reached (39.96 reads 39.9, still 倾向是).
 */
export function displayScore(score: number): string {
  const tenths = Math.floor(score * 10 + 1e-9);
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

/** 平和质, 气虚质 …: the type's name. */
export function typeName(t: ConstitutionType): string {
  return CONSTITUTION_NAMES[t];
}

/** The result in one sentence: 平和质 / 基本是平和质，有痰湿质倾向 / 气虚质，兼有…，有…倾向. */
export function summarize(result: ConstitutionResult): string {
  const names = (ts: readonly ConstitutionType[]) => ts.map(typeName).join('、');
  const lean = result.leanings.length ? `，有${names(result.leanings)}倾向` : '';
  if (result.main === 'pinghe') return `${result.judgements.pinghe === '是' ? '' : '基本是'}平和质${lean}`;
  if (result.main) return `${typeName(result.main)}${result.alsoTypes.length ? `，兼有${names(result.alsoTypes)}` : ''}${lean}`;
  return result.leanings.length ? `未达到任一体质的判定标准${lean}` : '未达到任一体质的判定标准';
}

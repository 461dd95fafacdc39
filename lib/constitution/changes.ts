/**
 * What changed between two kept results of a 体质档案 (docs/constitution.md "体质档案"): each type's 转化分
 * and judgement then and now, the types whose judgement changed first, then the largest moves. Pure.
 */
import { CONSTITUTION_TYPES, type ConstitutionType } from './items';
import type { Judgement } from './scoring';

export interface KeptScores {
  scores: { type: ConstitutionType; score: number; judgement: Judgement }[];
}

export interface TypeChange {
  type: ConstitutionType;
  before: number;
  after: number;
  /** after − before. */
  delta: number;
  judgementBefore: Judgement;
  judgementAfter: Judgement;
}

/** How far a 转化分 must move to count as a change (a one-grade move of one item in a 6-item type is 4.2). */
export const NOTABLE_DELTA = 5;

/**
 * The types that changed from `previous` to `latest`: a changed judgement, or a 转化分 moved by NOTABLE_DELTA
 * or more. Judgement changes first, then by the size of the move.
 */
export function changesSince(latest: KeptScores, previous: KeptScores): TypeChange[] {
  const find = (k: KeptScores, t: ConstitutionType) => k.scores.find((s) => s.type === t);
  const out: TypeChange[] = [];
  for (const type of CONSTITUTION_TYPES) {
    const a = find(previous, type);
    const b = find(latest, type);
    if (!a || !b) continue;
    const delta = b.score - a.score;
    if (a.judgement !== b.judgement || Math.abs(delta) >= NOTABLE_DELTA) {
      out.push({ type, before: a.score, after: b.score, delta, judgementBefore: a.judgement, judgementAfter: b.judgement });
    }
  }
  const judged = (c: TypeChange) => (c.judgementBefore !== c.judgementAfter ? 1 : 0);
  return out.sort((x, y) => judged(y) - judged(x) || Math.abs(y.delta) - Math.abs(x.delta));
}

import 'server-only';
/**
 * 体质档案 (docs/api.md "TW_Constitution"): the member's kept 中医体质辨识 results. Member data: never cached.
 * Keeping a result is a write, sent once and never retried.
 */
import type { AuthedClient } from './types';
import { CONSTITUTION_TYPES, type ConstitutionType, type Sex } from '@/lib/constitution/items';
import type { Judgement } from '@/lib/constitution/scoring';
import type { WireConstitutionRecord } from '@/lib/contract';

export interface ConstitutionRecord {
  id: number;
  /** The instant it was kept (ISO); shown in China time through lib/format. */
  createdAt: string;
  sex: Sex;
  scores: { type: ConstitutionType; score: number; judgement: Judgement }[];
  main: ConstitutionType | null;
  summary: string;
}

export interface ConstitutionArchive {
  records: ConstitutionRecord[];
  total: number;
  /** Whether the member's card level keeps new results (lib/constitution/archive-rule.ts). */
  canKeep: boolean;
}

const isType = (value: string): value is ConstitutionType => (CONSTITUTION_TYPES as readonly string[]).includes(value);
const JUDGEMENTS: readonly Judgement[] = ['是', '基本是', '倾向是', '否'];

function reshape(w: WireConstitutionRecord): ConstitutionRecord {
  return {
    id: w.RecordID,
    createdAt: w.CreateTime,
    sex: w.Sex === 1 ? 'male' : 'female',
    scores: w.Scores.filter((s) => isType(s.Type)).map((s) => ({
      type: s.Type as ConstitutionType,
      score: s.Score,
      judgement: JUDGEMENTS.includes(s.Judgement as Judgement) ? (s.Judgement as Judgement) : '否',
    })),
    main: isType(w.Main) ? w.Main : null,
    summary: w.Summary,
  };
}

export async function getConstitutionArchive(client: AuthedClient): Promise<ConstitutionArchive> {
  const r = await client.post('TW_Constitution/GetRecordList');
  return { records: r.DataList.map(reshape), total: r.TotalCount, canKeep: r.CanKeep === 1 };
}

/** Keeps one result: the sex asked and one grade digit per question of that sex, in the form's order. */
export async function addConstitutionRecord(client: AuthedClient, sex: Sex, answers: string): Promise<ConstitutionRecord> {
  return reshape(await client.post('TW_Constitution/AddRecord', { Sex: sex === 'male' ? 1 : 0, Answers: answers }, { write: true }));
}

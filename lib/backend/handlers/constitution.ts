/**
 * 体质档案 under TW_Constitution (the site's extension of SPEC §7, docs/api.md "TW_Constitution"):
 * - AddRecord (member, write): keeps one 中医体质辨识 result. The backend scores the answers itself
 *   (lib/constitution, ZYYXH/T157-2009), never trusting a score sent to it, and only for a member whose card
 *   level keeps a 体质档案 (lib/constitution/archive-rule.ts, the member-rights table's rule), at most
 *   LIMITS.constitutionDaily a China day;
 * - GetRecordList (member): the member's records, newest first; every member may read their own, so a record
 *   kept at 银卡 stays readable whatever the level later.
 */
import { ARCHIVE_LEVEL_REFUSAL, keepsArchive } from '@/lib/constitution/archive-rule';
import { CONSTITUTION_NAMES, CONSTITUTION_TYPES, itemsFor, type ConstitutionType, type Grade, type Sex } from '@/lib/constitution/items';
import { scoreAnswers, summarize } from '@/lib/constitution/scoring';
import { CONSTITUTION_ANSWERS, type WireConstitutionRecord } from '@/lib/contract';
import { LIMITS, limitMessage } from '@/lib/limits';
import { optionalInt, requiredInt, requiredString } from '../fields';
import { chinaDayStartIso } from './clinic-rows';
import { BackendError, ErrorNo, type Caller, type EndpointMap } from '../types';

interface RecordRow {
  id: number;
  sex: number;
  scores: string;
  main_type: string;
  summary: string;
  created_at: string;
}

function memberIdOf(caller: Caller): number {
  if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
  return caller.memberId;
}

function wire(row: RecordRow): WireConstitutionRecord {
  const scores = JSON.parse(row.scores) as { type: ConstitutionType; score: number; judgement: string }[];
  return {
    RecordID: row.id,
    CreateTime: row.created_at,
    Sex: row.sex,
    Scores: scores.map((s) => ({ Type: s.type, Name: CONSTITUTION_NAMES[s.type], Score: s.score, Judgement: s.judgement })),
    Main: row.main_type,
    Summary: row.summary,
  };
}

/** How many records a list answers at most (newest first). */
const MAX_LISTED = 50;

export const constitutionEndpoints = {
  'TW_Constitution/AddRecord': {
    access: 'member',
    write: true,
    handle: (ctx) => {
      const memberId = memberIdOf(ctx.caller);
      const sexNo = requiredInt(ctx.fields, 'Sex', '性别', { min: 0, max: 1 });
      const answers = requiredString(ctx.fields, 'Answers', '答案', 60);
      if (!CONSTITUTION_ANSWERS.test(answers)) throw new BackendError(ErrorNo.BAD_INPUT, '答案须为60题、每题1至5的等级');
      const member = ctx.db.prepare('SELECT level FROM members WHERE id = ?').get(memberId) as { level: number } | undefined;
      if (!member) throw new BackendError(ErrorNo.VIP_NOT_BOUND, '会员信息不存在，请重新登录');
      if (!keepsArchive(member.level)) throw new BackendError(ErrorNo.REFUSED, ARCHIVE_LEVEL_REFUSAL, { Reason: 'LEVEL_REQUIRED' });
      const sex: Sex = sexNo === 1 ? 'male' : 'female';
      const graded = Object.fromEntries(itemsFor(sex).map((item, i) => [item.id, Number(answers[i]) as Grade]));
      const result = scoreAnswers(sex, graded);
      const scores = CONSTITUTION_TYPES.map((t) => ({ type: t, score: result.scores[t], judgement: result.judgements[t] }));
      // Counted and kept in one write transaction, so processes sharing the database cannot pass the cap together.
      const keep = ctx.db.transaction(() => {
        // A standing record each: without a cap one member's script could fill the disk (lib/limits.ts constitutionDaily).
        const keptToday = (
          ctx.db.prepare('SELECT COUNT(*) AS n FROM constitution_records WHERE member_id = ? AND created_at >= ?').get(memberId, chinaDayStartIso(ctx.now)) as { n: number }
        ).n;
        if (keptToday >= LIMITS.constitutionDaily.allowance) throw new BackendError(ErrorNo.REFUSED, limitMessage('constitutionDaily'), { Reason: 'DAILY_LIMIT' });
        return Number(
          ctx.db
            .prepare('INSERT INTO constitution_records (member_id, sex, answers, scores, main_type, summary, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
            .run(memberId, sexNo, answers, JSON.stringify(scores), result.main ?? '', summarize(result), ctx.now.toISOString()).lastInsertRowid,
        );
      });
      const id = keep.immediate();
      return wire(ctx.db.prepare('SELECT * FROM constitution_records WHERE id = ?').get(id) as RecordRow);
    },
  },

  'TW_Constitution/GetRecordList': {
    access: 'member',
    handle: (ctx) => {
      const memberId = memberIdOf(ctx.caller);
      const pageSize = optionalInt(ctx.fields, 'PageSize', '每页条数', { min: 1, max: MAX_LISTED }) ?? MAX_LISTED;
      const rows = ctx.db
        .prepare('SELECT * FROM constitution_records WHERE member_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
        .all(memberId, pageSize) as RecordRow[];
      const total = (ctx.db.prepare('SELECT COUNT(*) AS n FROM constitution_records WHERE member_id = ?').get(memberId) as { n: number }).n;
      const level = (ctx.db.prepare('SELECT level FROM members WHERE id = ?').get(memberId) as { level: number } | undefined)?.level ?? 0;
      return { DataList: rows.map(wire), TotalCount: total, CanKeep: keepsArchive(level) ? 1 : 0 };
    },
  },
} satisfies EndpointMap;

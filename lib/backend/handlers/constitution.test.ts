/**
 * 体质档案 under TW_Constitution (docs/api.md "TW_Constitution"): a member of 银卡 or higher keeps a result,
 * scored by the backend itself from the answers (ZYYXH/T157-2009, lib/constitution); a 普卡 member is refused
 * with the member-rights rule; a member reads only their own records, newest first; bad input is a Chinese
 * message, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_MIN_LEVEL, ARCHIVE_MIN_LEVEL_NAME } from '@/lib/constitution/archive-rule';
import { LIMITS, limitMessage } from '@/lib/limits';
import { createBackend, type Backend } from '../router';
import { createThrottles } from '../throttles';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';

let backend: Backend;
let now = new Date('2026-11-25T15:59:00Z');
const ALL_NO = '1'.repeat(60);
const ALL_ALWAYS = '5'.repeat(60);

async function member(n: number, level: number) {
  const vip = `CVIP${String(n).padStart(3, '0')}`;
  const id = ensureMember(backend, { phone: `1370000${String(n).padStart(4, '0')}`, vipCode: vip, name: `会员${n}`, points: 0 });
  backend.db.prepare('UPDATE members SET level = ? WHERE id = ?').run(level, id);
  return { id, token: await memberToken(backend, id, vip) };
}

beforeAll(() => {
  backend = createBackend(
    { dbPath: tempDbPath('constitution'), jwtSecret: TEST_SECRET, log: () => {}, now: () => now },
    createThrottles({ scale: 1000, redis: false }),
  );
});
afterAll(() => backend.db.close());

describe('TW_Constitution', () => {
  it('keeps a 银卡 member’s result scored by the backend, and lists it newest first with its time', async () => {
    const m = await member(1, ARCHIVE_MIN_LEVEL);
    const first = await call(backend, 'TW_Constitution/AddRecord', { Sex: '0', Answers: ALL_NO }, m.token);
    expect(first.ErrorNo, first.ErrorInfo).toBe(1);
    expect(first.Result).toMatchObject({ Sex: 0, Main: 'pinghe', Summary: '平和质', CreateTime: '2026-11-25T15:59:00.000Z' });
    expect(first.Result.Scores).toHaveLength(9);
    expect(first.Result.Scores[0]).toEqual({ Type: 'pinghe', Name: '平和质', Score: 75, Judgement: '是' });

    now = new Date('2026-11-25T16:01:00Z');
    const second = await call(backend, 'TW_Constitution/AddRecord', { Sex: '1', Answers: ALL_ALWAYS }, m.token);
    expect(second.ErrorNo, second.ErrorInfo).toBe(1);
    expect(second.Result.Scores.find((s: { Type: string }) => s.Type === 'qixu')).toMatchObject({ Score: 100, Judgement: '是' });
    expect(second.Result.Scores[0]).toMatchObject({ Score: 25, Judgement: '否' });

    const list = await call(backend, 'TW_Constitution/GetRecordList', {}, m.token);
    expect(list.ErrorNo).toBe(1);
    expect(list.Result.TotalCount).toBe(2);
    expect(list.Result.CanKeep).toBe(1);
    expect(list.Result.DataList.map((r: { RecordID: number }) => r.RecordID)).toEqual([second.Result.RecordID, first.Result.RecordID]);
  });

  it('refuses a 普卡 member with the member-rights rule, and keeps nothing', async () => {
    const m = await member(2, ARCHIVE_MIN_LEVEL - 1);
    const r = await call(backend, 'TW_Constitution/AddRecord', { Sex: '0', Answers: ALL_NO }, m.token);
    expect(r.ErrorNo).toBe(-1);
    expect(r.ErrorInfo).toContain('银卡及以上');
    expect(r.Result).toEqual({ Reason: 'LEVEL_REQUIRED' });
    const list = await call(backend, 'TW_Constitution/GetRecordList', {}, m.token);
    expect(list.Result).toMatchObject({ TotalCount: 0, CanKeep: 0 });
  });

  it('lists only the caller’s own records, and asks a visitor to log in', async () => {
    const a = await member(3, 3);
    const b = await member(4, 3);
    expect((await call(backend, 'TW_Constitution/AddRecord', { Sex: '0', Answers: ALL_NO }, a.token)).ErrorNo).toBe(1);
    expect((await call(backend, 'TW_Constitution/GetRecordList', {}, b.token)).Result.TotalCount).toBe(0);
    expect((await call(backend, 'TW_Constitution/GetRecordList', {})).ErrorNo).toBe(4001);
  });

  it.each([
    [{ Sex: '0', Answers: '1'.repeat(59) }, '答案'],
    [{ Sex: '0', Answers: '6'.repeat(60) }, '答案'],
    [{ Sex: '2', Answers: ALL_NO }, '性别'],
    [{ Answers: ALL_NO }, '性别'],
    [{ Sex: '1' }, '答案'],
  ])('refuses bad input %j with a Chinese message naming %s', async (fields, word) => {
    const m = await member(5, 4);
    const r = await call(backend, 'TW_Constitution/AddRecord', fields, m.token);
    expect(r.ErrorNo).toBe(0);
    expect(r.ErrorInfo).toContain(word);
  });

  it('agrees with the member-rights text: 体质档案 is first given at the rule’s level (银卡)', async () => {
    const rights = await call(backend, 'VIP_Member/GetSysMemberRightsList', {});
    const archive = (rights.Result.DataList as { Levels: { Level: number; LevelName: string; Benefit: string }[] }[])
      .flatMap((r) => r.Levels)
      .filter((l) => l.Benefit.includes('体质档案'));
    expect(archive.length).toBeGreaterThan(0);
    const first = archive.reduce((a, b) => (a.Level <= b.Level ? a : b));
    expect(first.Level).toBe(ARCHIVE_MIN_LEVEL);
    expect(first.LevelName).toContain(ARCHIVE_MIN_LEVEL_NAME);
  });

  it('keeps at most the day’s allowance of results for one member (lib/limits.ts constitutionDaily), and more the next China day', async () => {
    now = new Date('2026-11-26T00:05:00Z'); // 08:05 China time
    const m = await member(5, ARCHIVE_MIN_LEVEL);
    const allowance = LIMITS.constitutionDaily.allowance;
    // A token of the moment (the clock moves further than a token lives).
    const token = () => memberToken(backend, m.id, 'CVIP005');
    const keep = async () => call(backend, 'TW_Constitution/AddRecord', { Sex: '0', Answers: ALL_NO }, await token());
    const kept = async () => (await call(backend, 'TW_Constitution/GetRecordList', {}, await token())).Result.TotalCount;
    // From 08:05 China time, 90 minutes apart: the last at 21:35, the same China day.
    for (let i = 0; i < allowance; i++) {
      now = new Date(Date.UTC(2026, 10, 26, 0, 5) + i * 90 * 60_000);
      const r = await keep();
      expect(r.ErrorNo, `result ${i + 1}: ${r.ErrorInfo}`).toBe(1);
    }
    now = new Date('2026-11-26T15:59:00Z'); // 23:59 China time
    const refused = await keep();
    expect(refused.ErrorNo).toBe(-1);
    expect(refused.ErrorInfo).toBe(limitMessage('constitutionDaily'));
    expect(refused.ErrorInfo).toContain(`每个账号每天最多保存${allowance}次`);
    expect(refused.Result).toEqual({ Reason: 'DAILY_LIMIT' });
    expect(await kept()).toBe(allowance);

    now = new Date('2026-11-26T16:00:00Z'); // 00:00 China time on the 27th: a new day
    expect((await keep()).ErrorNo).toBe(1);
    expect(await kept()).toBe(allowance + 1);
    // Another member's day is their own.
    const other = await member(6, ARCHIVE_MIN_LEVEL);
    expect((await call(backend, 'TW_Constitution/AddRecord', { Sex: '1', Answers: ALL_NO }, other.token)).ErrorNo).toBe(1);
  });
});

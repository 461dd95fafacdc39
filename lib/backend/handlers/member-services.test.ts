/**
 * TW_Message, HIS_Register, VIP_Member rights and SYS_Agreement handlers
 * (SPEC §7; docs/api.md: messages and records are per member and real).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../router';
import { seedMemberServices } from '../seed/member-services';
import { call, ensureMember, memberToken, tempDbPath, testBackend } from '@/test/backend-member-services';

let backend: Backend;
let alice: string;
let bob: string;

beforeAll(async () => {
  backend = testBackend(tempDbPath('services'));
  const aliceId = ensureMember(backend, { phone: '13900000011', vipCode: 'TVIP11', name: '张晓云', points: 1000 });
  const bobId = ensureMember(backend, { phone: '13900000012', vipCode: 'TVIP12', name: '李春华', points: 10 });
  alice = await memberToken(backend, aliceId, 'TVIP11');
  bob = await memberToken(backend, bobId, 'TVIP12');
  // The records seeding needs the members, which the core seeder makes before ours in a real database.
  backend.db.exec('DELETE FROM member_right_levels; DELETE FROM member_rights; DELETE FROM member_card_levels; DELETE FROM agreements; DELETE FROM points_goods; DELETE FROM member_messages; DELETE FROM message_sources; DELETE FROM registrations');
  seedMemberServices(backend.db, backend.settings);
});

afterAll(() => backend.db.close());

describe('TW_Message', () => {
  it('GetMessageSrouce lists the sources of each kind', async () => {
    const messages = await call(backend, 'TW_Message/GetMessageSrouce', { Type: '1' });
    const complaints = await call(backend, 'TW_Message/GetMessageSrouce', { Type: '2' });
    expect(messages.ErrorNo).toBe(1);
    expect(messages.Result.DataList.length).toBeGreaterThan(2);
    expect(complaints.Result.DataList.every((s: { Type: number }) => s.Type === 2)).toBe(true);
    expect((await call(backend, 'TW_Message/GetMessageSrouce', { Type: '9' })).ErrorNo).toBe(0);
  });

  it('AddTW_Message stores a message and a complaint; GetMessageList returns only the caller’s own', async () => {
    const sources = (await call(backend, 'TW_Message/GetMessageSrouce')).Result.DataList as { SourceID: number; Type: number }[];
    const msgSource = sources.find((s) => s.Type === 1)!.SourceID;
    const complaintSource = sources.find((s) => s.Type === 2)!.SourceID;
    const m = await call(backend, 'TW_Message/AddTW_Message', { Type: '1', SourceID: String(msgSource), Content: '请问周末门诊几点开门？' }, alice);
    expect(m.ErrorNo).toBe(1);
    expect(m.Result.MessageID).toBeGreaterThan(0);
    const c = await call(backend, 'TW_Message/AddTW_Message', { Type: '2', SourceID: String(complaintSource), Content: '候诊时间太长，希望改进。' }, alice);
    expect(c.ErrorNo).toBe(1);

    const aliceAll = await call(backend, 'TW_Message/GetMessageList', {}, alice);
    expect(aliceAll.Result.TotalCount).toBe(2);
    const aliceComplaints = await call(backend, 'TW_Message/GetMessageList', { Type: '2' }, alice);
    expect(aliceComplaints.Result.DataList.map((x: { Content: string }) => x.Content)).toEqual(['候诊时间太长，希望改进。']);
    expect(aliceComplaints.Result.DataList[0].SourceName).toBeTruthy();

    const bobs = await call(backend, 'TW_Message/GetMessageList', {}, bob);
    expect(bobs.ErrorNo).toBe(1);
    expect(bobs.Result.TotalCount).toBe(0);
  });

  it('needs a member (4001) and validates content, length and source', async () => {
    expect((await call(backend, 'TW_Message/GetMessageList', {})).ErrorNo).toBe(4001);
    expect((await call(backend, 'TW_Message/AddTW_Message', { Type: '1', SourceID: '1', Content: '没有登录的留言' })).ErrorNo).toBe(4001);
    const cases: [Record<string, string>, RegExp][] = [
      [{ Type: '1', SourceID: '1', Content: '' }, /请填写/],
      [{ Type: '1', SourceID: '1', Content: '太短' }, /至少/],
      [{ Type: '1', SourceID: '1', Content: '长'.repeat(501) }, /不能超过500/],
      [{ Type: '1', SourceID: '1', Content: 'x'.repeat(100_000) }, /过长/],
      [{ Type: '1', SourceID: '9999', Content: '分类不存在的留言' }, /分类无效/],
      [{ Type: '1', Content: '没有分类的留言' }, /缺少/],
      [{ Type: '1', SourceID: 'abc', Content: '分类不是数字' }, /整数/],
      [{ Type: '<script>', SourceID: '1', Content: '类型不对的留言' }, /无效/],
      [{ Type: '1', SourceID: '1', Content: '电话不对的留言', ContactPhone: '123' }, /11位/],
    ];
    for (const [fields, info] of cases) {
      const r = await call(backend, 'TW_Message/AddTW_Message', fields, alice);
      expect(r.ErrorNo, JSON.stringify(fields).slice(0, 60)).toBe(0);
      expect(r.ErrorInfo).toMatch(info);
    }
  });
});

describe('HIS_Register/GetRegisterList', () => {
  it('pages the member’s own records, newest visit first', async () => {
    const p1 = await call(backend, 'HIS_Register/GetRegisterList', { PageIndex: '1', PageSize: '10' }, alice);
    expect(p1.ErrorNo).toBe(1);
    expect(p1.Result.TotalCount).toBeGreaterThan(10);
    expect(p1.Result.DataList).toHaveLength(10);
    const dates = p1.Result.DataList.map((r: { VisitDate: string }) => r.VisitDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(p1.Result.DataList[0]).toMatchObject({ HospitalName: expect.any(String), DoctorName: expect.any(String), StatusName: expect.any(String) });
    const p2 = await call(backend, 'HIS_Register/GetRegisterList', { PageIndex: '2', PageSize: '10' }, alice);
    expect(p2.Result.DataList[0].RegisterNo).not.toBe(p1.Result.DataList[0].RegisterNo);
    const bobs = await call(backend, 'HIS_Register/GetRegisterList', { PageSize: '50' }, bob);
    expect(bobs.Result.DataList.every((r: { RegisterNo: string }) => r.RegisterNo.includes('TVIP12'))).toBe(true);
  });
  it('needs a member and validates paging', async () => {
    expect((await call(backend, 'HIS_Register/GetRegisterList', {})).ErrorNo).toBe(4001);
    expect((await call(backend, 'HIS_Register/GetRegisterList', { PageIndex: '0' }, alice)).ErrorNo).toBe(0);
    expect((await call(backend, 'HIS_Register/GetRegisterList', { Status: '<script>' }, alice)).ErrorNo).toBe(0);
  });
});

describe('VIP_Member rights', () => {
  it('lists the rights with the four card levels and what each gives', async () => {
    const r = await call(backend, 'VIP_Member/GetSysMemberRightsList');
    expect(r.ErrorNo).toBe(1);
    expect(r.Result.CardLevels.map((l: { LevelName: string }) => l.LevelName)).toEqual(['普卡', '银卡', '金卡', '钻石卡']);
    expect(r.Result.DataList.length).toBeGreaterThan(3);
    expect(r.Result.DataList[0].Levels).toHaveLength(4);
    const one = await call(backend, 'VIP_Member/GetSysMemberRights', { ID: String(r.Result.DataList[0].RightsID) });
    expect(one.Result.Content).toBeTruthy();
  });
  it('answers a bad or unknown ID clearly', async () => {
    expect((await call(backend, 'VIP_Member/GetSysMemberRights', { ID: '9999' })).ErrorNo).toBe(404);
    expect((await call(backend, 'VIP_Member/GetSysMemberRights', { ID: '<script>' })).ErrorNo).toBe(0);
    expect((await call(backend, 'VIP_Member/GetSysMemberRights', {})).ErrorInfo).toContain('缺少');
  });
});

describe('SYS_Agreement', () => {
  it('lists the agreements and returns one by ID or Code', async () => {
    const list = await call(backend, 'SYS_Agreement/GetList');
    expect(list.Result.DataList.map((a: { Code: string }) => a.Code)).toEqual(['register', 'privacy', 'points', 'service']);
    const byId = await call(backend, 'SYS_Agreement/GetSigin', { ID: String(list.Result.DataList[2].AgreementID) });
    expect(byId.Result.Title).toBe('积分规则');
    const signup = await call(backend, 'SYS_Agreement/GetSigin');
    expect(signup.Result.Code).toBe('register');
    expect(signup.Result.Content).toContain('<p>');
  });
  it('answers a bad or unknown ID clearly', async () => {
    expect((await call(backend, 'SYS_Agreement/GetSigin', { ID: '999' })).ErrorNo).toBe(404);
    expect((await call(backend, 'SYS_Agreement/GetSigin', { ID: '../1' })).ErrorNo).toBe(0);
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read raw wire JSON */
/**
 * The online-services backend (docs/api.md): TW_Org, TW_User, TW_Evaluate, IM,
 * HIS_Specialty, TW_Special and the member collections, against a throwaway
 * database. SPEC §9 sorts and filters, SPEC §8 error numbers, bad input.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { signAccessToken } from '../tokens';
import { openSession } from '@/test/backend-member-services';
import { chinaDate } from './clinic-rows';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinics-'));
const secret = new TextEncoder().encode('clinics-test-secret-0123456789abcdef');
let backend: Backend;

interface Envelope<T = any> {
  ErrorNo: number;
  ErrorInfo: string;
  Result: T;
}

async function call<T = any>(b: Backend, apiPath: string, fields: Record<string, string> = {}, token?: string) {
  const res = await b.handle(
    new Request(`http://x/api/${apiPath}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    }),
  );
  return (await res.json()) as Envelope<T>;
}
const ok = async (apiPath: string, fields: Record<string, string> = {}, token?: string) => {
  const r = await call(backend, apiPath, fields, token);
  expect(r.ErrorInfo).toBe('成功');
  expect(r.ErrorNo).toBe(1);
  return r.Result;
};

const memberToken = (memberId: number, vipCode: string) =>
  signAccessToken(backend.settings, { sub: String(memberId), VIP: JSON.stringify({ VipCode: vipCode }), typ: 'member', sid: openSession(backend, memberId) });

beforeAll(() => {
  backend = createBackend({ dbPath: path.join(dir, 'test.db'), jwtSecret: secret, log: () => {} });
  // The members the tokens below name: a token whose member row is gone opens nothing (docs/security.md).
  const insert = backend.db.prepare('INSERT INTO members (id, phone, name, vip_code) VALUES (?, ?, ?, ?)');
  insert.run(501, '13900000501', '测试会员甲', 'VIP501');
  insert.run(502, '13900000502', '测试会员乙', 'VIP502');
  insert.run(509, '13900000509', '未绑卡会员', null);
});
afterAll(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('seed (docs/content.md)', () => {
  it('has ≥15 clinics in ≥3 provinces, most in Yunnan, and ≥60 doctors', async () => {
    const provinces = await ok('TW_Org/GetProvincetList');
    const withClinics = provinces.DataList.filter((p: any) => p.HospitalCount > 0);
    expect(withClinics.length).toBeGreaterThanOrEqual(3);
    const yunnan = provinces.DataList.find((p: any) => p.ProvinceID === 215);
    expect(yunnan).toMatchObject({ ProvinceName: '云南', IsDefault: 1 });
    const all = await ok('TW_Org/GetOrgList', { PageSize: '100' });
    expect(all.TotalCount).toBeGreaterThanOrEqual(15);
    expect(yunnan.HospitalCount * 2).toBeGreaterThan(all.TotalCount);
    const doctors = await ok('TW_User/GetDoctorPageList', { PageSize: '1' });
    expect(doctors.TotalCount).toBeGreaterThanOrEqual(60);
  });
});

describe('TW_User/GetDoctorPageList (SPEC §9 sorts)', () => {
  it.each([
    ['praise', 'PraiseRate'],
    ['services', 'ServiceCount'],
    ['fans', 'Fans'],
  ])('sort=%s orders by %s descending across pages', async (sort, field) => {
    const p1 = await ok('TW_User/GetDoctorPageList', { ProvinceID: '215', Sort: sort, PageSize: '10', PageIndex: '1' });
    const p2 = await ok('TW_User/GetDoctorPageList', { ProvinceID: '215', Sort: sort, PageSize: '10', PageIndex: '2' });
    const values = [...p1.DataList, ...p2.DataList].map((d: any) => d[field] as number);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const ids = new Set([...p1.DataList, ...p2.DataList].map((d: any) => d.DoctorID));
    expect(ids.size).toBe(20);
    expect(p2.PageIndex).toBe(2);
  });

  it('filters by province and keyword', async () => {
    const gz = await ok('TW_User/GetDoctorPageList', { ProvinceID: '216', PageSize: '100' });
    expect(gz.DataList.length).toBeGreaterThan(0);
    expect(gz.DataList.every((d: any) => d.ProvinceID === 216)).toBe(true);
    const kw = await ok('TW_User/GetDoctorPageList', { Keyword: '失眠', PageSize: '100' });
    expect(kw.DataList.length).toBeGreaterThan(0);
    expect(kw.DataList.every((d: any) => d.GoodAt.includes('失眠') || d.DoctorName.includes('失眠'))).toBe(true);
    const none = await ok('TW_User/GetDoctorPageList', { Keyword: '%_%' });
    expect(none.TotalCount).toBe(0);
  });

  it('refuses bad input with a clear ErrorInfo, never a crash', async () => {
    for (const fields of <Record<string, string>[]>[
      { Sort: 'drop table' },
      { PageSize: '100000' },
      { PageIndex: '-1' },
      { ProvinceID: '<script>' },
      { Keyword: 'x'.repeat(100 * 1024) },
    ]) {
      const r = await call(backend, 'TW_User/GetDoctorPageList', fields);
      expect(r.ErrorNo).toBe(0);
      expect(r.ErrorInfo).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('doctor detail and schedules', () => {
  it('GetDoctorSingle answers ReturnObject, unknown → 404, malformed → bad input', async () => {
    const r = await ok('TW_User/GetDoctorSingle', { AppointmentCode: 'D100001' });
    expect(r.ReturnObject).toMatchObject({ AppointmentCode: 'D100001', DoctorID: 1001 });
    expect(r.ReturnObject.Introduction.length).toBeGreaterThan(20);
    expect((await call(backend, 'TW_User/GetDoctorSingle', { AppointmentCode: 'D999999' })).ErrorNo).toBe(404);
    expect((await call(backend, 'TW_User/GetDoctorSingle', { AppointmentCode: '../etc' })).ErrorNo).toBe(0);
    expect((await call(backend, 'TW_User/GetDoctorSingle', {})).ErrorNo).toBe(0);
  });

  it('GetDoctorScheduleNew covers the 14 days from today, a day off with no shifts, numbers within the total', async () => {
    const r = await ok('TW_User/GetDoctorScheduleNew', { AppointmentCode: 'D100005' });
    const today = chinaDate(new Date()).date;
    expect(r.DataList[0].Date).toBe(today);
    expect(r.DataList.length).toBe(14);
    const shifts = r.DataList.flatMap((d: any) => d.Shifts);
    expect(shifts.length).toBeGreaterThan(0);
    expect(r.DataList.some((d: any) => d.Shifts.length === 0)).toBe(true);
    expect(shifts.every((s: any) => s.Remaining >= 0 && s.Remaining <= s.Total)).toBe(true);
  });

  it('schedules roll forward: a database seeded long ago releases the 14 days from its today', async () => {
    const later = new Date(Date.now() + 40 * 86_400_000);
    const old = createBackend({ dbPath: path.join(dir, 'old.db'), jwtSecret: secret, log: () => {}, now: () => later });
    const r = await call(old, 'TW_User/GetDoctorScheduleNew', { DoctorID: '1003' });
    expect(r.ErrorNo).toBe(1);
    expect(r.Result.DataList[0].Date).toBe(chinaDate(later).date);
    expect(r.Result.DataList.flatMap((d: any) => d.Shifts).length).toBeGreaterThan(0);
    old.db.close();
  });

  it('GetOrgDoctorList lists only the clinic’s doctors; unknown clinic → 404', async () => {
    const r = await ok('TW_User/GetOrgDoctorList', { HospitalCode: 'SA0101', PageSize: '100' });
    expect(r.DataList.length).toBeGreaterThan(0);
    expect(r.DataList.every((d: any) => d.HospitalCode === 'SA0101')).toBe(true);
    expect((await call(backend, 'TW_User/GetOrgDoctorList', { HospitalCode: 'NOPE' })).ErrorNo).toBe(404);
  });
});

describe('TW_Org', () => {
  it('GetOrgList with Lat/Lng sorts nearest first and gives Distance in km', async () => {
    const r = await ok('TW_Org/GetOrgList', { Lat: '25.6065', Lng: '100.2676', PageSize: '5' });
    expect(r.DataList[0].HospitalCode).toBe('SA0401');
    expect(r.DataList[0].Distance).toBeLessThan(1);
    const d = r.DataList.map((o: any) => o.Distance as number);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect((await call(backend, 'TW_Org/GetOrgList', { Lat: 'abc', Lng: '1' })).ErrorNo).toBe(0);
  });

  it('GetOrgSingle, environment images and clinic schedules', async () => {
    const o = await ok('TW_Org/GetOrgSingle', { HospitalCode: 'SA0101' });
    expect(o.ReturnObject).toMatchObject({ HospitalCode: 'SA0101', ProvinceID: 215 });
    const img = await ok('TW_Org/GetOrgEnvironmentImage', { HospitalCode: 'SA0101' });
    expect(img.DataList.length).toBeGreaterThanOrEqual(4);
    const sched = await ok('TW_Org/GetSchedOrgList', { HospitalCode: 'SA0101' });
    expect(sched.DataList.every((s: any) => s.HospitalCode === 'SA0101')).toBe(true);
    expect((await call(backend, 'TW_Org/GetOrgSingle', { HospitalCode: 'XX' })).ErrorNo).toBe(404);
  });
});

describe('TW_Evaluate (SPEC §9 filters)', () => {
  it('filters by satisfaction, type and content, and the ratio adds up', async () => {
    const bad = await ok('TW_Evaluate/GetTW_EvaluateDetailsList', { AppointmentCode: 'D100001', Satisfaction: '3' });
    expect(bad.DataList.length).toBeGreaterThan(0);
    expect(bad.DataList.every((e: any) => e.Satisfaction === 3 && e.SatisfactionName === '不满意')).toBe(true);
    const sys = await ok('TW_Evaluate/GetTW_EvaluateDetailsList', { EvaluateType: '1', PageSize: '50' });
    expect(sys.DataList.every((e: any) => e.EvaluateType === 1)).toBe(true);
    const empty = await ok('TW_Evaluate/GetTW_EvaluateDetailsList', { HasContent: '0', PageSize: '50' });
    expect(empty.DataList.every((e: any) => e.HasContent === 0 && e.Content === '')).toBe(true);
    const ratio = (await ok('TW_Evaluate/GetEvaluateRatio', { AppointmentCode: 'D100001' })).ReturnObject;
    expect(ratio.Satisfied + ratio.Average + ratio.Dissatisfied).toBe(ratio.Total);
    expect(ratio.Manual + ratio.System).toBe(ratio.Total);
    const all = await ok('TW_Evaluate/GetTW_EvaluateDetailsList', { AppointmentCode: 'D100001' });
    expect(all.TotalCount).toBe(ratio.Total);
    expect((await call(backend, 'TW_Evaluate/GetTW_EvaluateDetailsList', { Satisfaction: '4' })).ErrorNo).toBe(0);
  });
});

describe('online questions', () => {
  it('lists private + unreplied questions without the asker’s words; one question by code', async () => {
    const r = await ok('IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode', { QuestionType: '1', IsReply: '0', PageSize: '50' });
    expect(r.DataList.length).toBeGreaterThan(0);
    expect(r.DataList.every((q: any) => q.QuestionType === 1 && q.IsReply === 0)).toBe(true);
    expect(r.DataList.every((q: any) => q.Content.includes('私密'))).toBe(true);
    const pub = await ok('IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode', { QuestionType: '0', IsReply: '1' });
    const one = await ok('IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode', { AppointmentCode: pub.DataList[0].AppointmentCode });
    expect(one.ReturnObject.ReplyContent.length).toBeGreaterThan(0);
    const byDoctor = await ok('IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode', { DoctorID: String(pub.DataList[0].DoctorID) });
    expect(byDoctor.DataList.every((q: any) => q.DoctorID === pub.DataList[0].DoctorID)).toBe(true);
    expect((await call(backend, 'IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode', { AppointmentCode: 'Q1' })).ErrorNo).toBe(404);
  });

  it('DoctorIsOnline: only online consultants can be online', async () => {
    const r = await ok('IM_InterrogationOrder/DoctorIsOnline', { DoctorIDs: '1001,1002,1003,1004,1005,1006' });
    expect(r.DataList.length).toBe(6);
    expect(r.DataList.every((d: any) => d.IsOnline === 0 || d.IsOnlineConsult === 1)).toBe(true);
    expect((await call(backend, 'IM_InterrogationOrder/DoctorIsOnline', { DoctorIDs: '1,x' })).ErrorNo).toBe(0);
  });
});

describe('specialties', () => {
  it('illness list sorts and details; studios and specials', async () => {
    const praise = await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { Sort: 'praise', PageSize: '20' });
    const rates = praise.DataList.map((i: any) => i.PraiseRate as number);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const byOrg = await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { HospitalCode: 'SA0101' });
    expect(byOrg.DataList.every((i: any) => i.HospitalCode === 'SA0101')).toBe(true);
    const one = await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { ID: String(praise.DataList[0].ID) });
    expect(one.ReturnObject.SpecialtyName).toBe(praise.DataList[0].SpecialtyName);
    const studios = await ok('TW_User/GetStudioList', { ClassCode: 'NK' });
    expect(studios.DataList.every((s: any) => s.ClassCode === 'NK')).toBe(true);
    const menu = await ok('TW_User/GetStudioMenu', { StudioID: '1' });
    expect(menu.ReturnObject.Menu).toHaveLength(3);
    const results = await ok('TW_Special/GetSpecialList', { SpecialType: '1', StudioID: '1' });
    expect(results.DataList.every((s: any) => s.SpecialType === 1 && s.StudioID === 1)).toBe(true);
    const special = await ok('TW_Special/GetSpecialSingle', { ID: String(results.DataList[0].ID) });
    expect(special.ReturnObject.Content).toContain('<p>');
    expect((await call(backend, 'TW_Special/GetSpecialSingle', { ID: '99999' })).ErrorNo).toBe(404);
  });
});

describe('collections (member endpoints, SPEC §8)', () => {
  it('refuses visitors and anonymous callers with 4001', async () => {
    const visitor = await signAccessToken(backend.settings, { sub: 'v1', VIP: '', typ: 'visitor' });
    expect((await call(backend, 'WX_OrgCollectionClent/AddOrgCollection', { Code: 'SA0101' }, visitor)).ErrorNo).toBe(4001);
    expect((await call(backend, 'WX_DoctorCollectionClent/GetDoctorCollection', {})).ErrorNo).toBe(4001);
    const unbound = await signAccessToken(backend.settings, { sub: '509', VIP: '{}', typ: 'member', sid: openSession(backend, 509) });
    expect((await call(backend, 'WX_OrgCollectionClent/GetVipCodeOrgCollection', {}, unbound)).ErrorNo).toBe(4004);
  });

  it('adds idempotently, is per member, and cancels', async () => {
    const alice = await memberToken(501, 'VIP501');
    const bob = await memberToken(502, 'VIP502');
    const before = (await ok('TW_Org/GetOrgSingle', { HospitalCode: 'SA0102' })).ReturnObject.CollectCount;
    const a1 = await ok('WX_OrgCollectionClent/AddOrgCollection', { Code: 'SA0102' }, alice);
    const a2 = await ok('WX_OrgCollectionClent/AddOrgCollection', { Code: 'SA0102' }, alice);
    expect(a1.ReturnObject).toEqual({ IsCollected: 1, CollectCount: before + 1 });
    expect(a2.ReturnObject.CollectCount).toBe(before + 1);
    expect((await ok('WX_OrgCollectionClent/GetVipCodeOrgCollection', {}, alice)).TotalCount).toBe(1);
    expect((await ok('WX_OrgCollectionClent/GetVipCodeOrgCollection', {}, bob)).TotalCount).toBe(0);
    const state = await ok('WX_OrgCollectionClent/GetOrgCollection', { Codes: 'SA0101,SA0102' }, alice);
    expect(state.DataList).toEqual([
      { Code: 'SA0101', IsCollected: 0 },
      { Code: 'SA0102', IsCollected: 1 },
    ]);
    await ok('WX_OrgCollectionClent/AddOrgCollection', { CollectionType: '2', Code: 'D100003' }, bob);
    expect((await ok('WX_DoctorCollectionClent/GetDoctorCollection', {}, bob)).DataList[0].AppointmentCode).toBe('D100003');
    const c = await ok('WX_OrgCollectionClent/CannelCollection', { Code: 'SA0102' }, alice);
    expect(c.ReturnObject).toEqual({ IsCollected: 0, CollectCount: before });
    expect((await ok('WX_OrgCollectionClent/GetVipCodeOrgCollection', {}, alice)).TotalCount).toBe(0);
    expect((await call(backend, 'WX_OrgCollectionClent/AddOrgCollection', { Code: 'NOPE1' }, alice)).ErrorNo).toBe(404);
  });
});

describe('doctor totals (migration 011)', () => {
  it('TotalCount from the trigger-kept totals equals a real count after inserts, moves and deletes', async () => {
    const b = createBackend({ dbPath: path.join(dir, 'counts.db'), jwtSecret: secret, log: () => {} });
    const { insertDoctors, seededRandom, DEMO_DOCTOR_COUNT } = await import('../seed/clinics-doctors');
    insertDoctors(b.db, seededRandom(7), 50, { withAvatars: false, startAt: DEMO_DOCTOR_COUNT + 1 });
    b.db.prepare('UPDATE doctors SET province_id = 216 WHERE doctor_id = ?').run(1000 + DEMO_DOCTOR_COUNT + 1);
    b.db.prepare('DELETE FROM schedule_patterns WHERE doctor_id = ?').run(1000 + DEMO_DOCTOR_COUNT + 2);
    b.db.prepare('DELETE FROM doctors WHERE doctor_id = ?').run(1000 + DEMO_DOCTOR_COUNT + 2);
    for (const provinceId of [undefined, 215, 216, 214, 213]) {
      const fields: Record<string, string> = provinceId ? { ProvinceID: String(provinceId) } : {};
      const r = await call(b, 'TW_User/GetDoctorPageList', fields);
      const real = provinceId
        ? (b.db.prepare('SELECT COUNT(*) AS n FROM doctors WHERE province_id = ?').get(provinceId) as { n: number }).n
        : (b.db.prepare('SELECT COUNT(*) AS n FROM doctors').get() as { n: number }).n;
      expect(r.Result.TotalCount).toBe(real);
    }
    b.db.close();
  });
});

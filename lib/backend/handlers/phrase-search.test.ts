/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads raw wire JSON */
/**
 * The search reads a phrase (docs/site-search.md "A phrase"): phrasings no dictionary entry spells find doctors
 * who treat them, an adult's complaint lists no children's doctors, a typo or pinyin finds the word but a
 * doctor's own name stays a name; and a clinic's illness page can list that clinic's doctors (失眠 at
 * 圣爱中医馆（成都武侯店）: docs/doctor-finder.md "Illness pages").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';

let backend: Backend;

async function ok(apiPath: string, fields: Record<string, string> = {}) {
  const res = await backend.handle(new Request(`http://x/api/${apiPath}`, { method: 'POST', body: new URLSearchParams(fields) }));
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: any };
  expect(body.ErrorInfo, `${apiPath} ${JSON.stringify(fields)}`).toBe('成功');
  return body.Result;
}

beforeAll(() => {
  backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('phrase-search-test-secret-0123456789'), log: () => {} });
});
afterAll(() => backend.db.close());

describe('a phrase', () => {
  it.each([
    ['晚上老是盗汗', '中医内科'],
    ['怀不上孩子怎么办', '中医妇科'],
    ['老咳嗽有痰', '中医肺病科'],
    ['更年期潮热', '中医妇科'],
    ['口腔溃疡老不好', '中医内科'],
    ['宝宝老是咳嗽', '中医儿科'],
  ])('%s finds doctors of %s, and only them', async (phrase, department) => {
    const doctors = await ok('TW_User/GetDoctorPageList', { Keyword: phrase, PageSize: '20' });
    expect(doctors.TotalCount).toBeGreaterThan(0);
    for (const d of doctors.DataList) expect(d.Department, `${phrase}: ${d.DoctorName}`).toBe(department);
    // The finder's filter counts read the phrase the same way.
    const counts = await ok('TW_User/GetDoctorFilterCounts', { Keyword: phrase });
    expect(counts.ReturnObject.Total).toBe(doctors.TotalCount);
  });

  it('reads an adult’s 皮肤瘙痒 as 湿疹 without the children’s 小儿湿疹', async () => {
    const doctors = await ok('TW_User/GetDoctorPageList', { Keyword: '皮肤瘙痒', PageSize: '100' });
    expect(doctors.TotalCount).toBeGreaterThan(0);
    expect(doctors.DataList.map((d: any) => d.Department)).not.toContain('中医儿科');
  });

  it('finds the word of a typo or of pinyin, but a doctor’s name stays a name', async () => {
    for (const k of ['失棉', 'shimian', 'sm']) {
      const doctors = await ok('TW_User/GetDoctorPageList', { Keyword: k, PageSize: '100' });
      expect(doctors.DataList.length, k).toBeGreaterThan(0);
      for (const d of doctors.DataList) expect(String(d.GoodAt), k).toContain('失眠');
    }
    const someone = (await ok('TW_User/GetDoctorPageList', { PageSize: '1' })).DataList[0];
    const byName = await ok('TW_User/GetDoctorPageList', { Keyword: someone.DoctorName, PageSize: '100' });
    expect(byName.DataList.every((d: any) => d.DoctorName.includes(someone.DoctorName))).toBe(true);
  });

  it('finds the illness page of a phrase', async () => {
    const illnesses = await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: '失眠多梦睡不好', Distinct: '1', PageSize: '20' });
    expect(illnesses.DataList.map((i: any) => i.SpecialtyName)).toContain('失眠');
  });
});

describe('a clinic’s illness page', () => {
  it('can list the clinic’s own doctors who treat the illness, with their city (失眠 at 成都武侯店)', async () => {
    const illnesses = await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: '失眠', HospitalCode: 'SA1202', PageSize: '5' });
    const illness = illnesses.DataList.find((i: any) => i.SpecialtyName === '失眠');
    expect(illness).toBeDefined();
    const own = await ok('TW_User/GetOrgDoctorList', { HospitalCode: 'SA1202', IllnessID: String(illness.ID), PageSize: '20' });
    expect(own.TotalCount).toBeGreaterThan(0);
    for (const d of own.DataList) {
      expect(d.HospitalCode).toBe('SA1202');
      expect(d.CityName).toBe('成都');
      expect(String(d.GoodAt)).toContain('失眠');
    }
    // The group's list of the same illness begins elsewhere: the page must put these first itself.
    const all = await ok('TW_User/GetDoctorPageList', { IllnessID: String(illness.ID), PageSize: '6' });
    expect(all.DataList.some((d: any) => d.HospitalCode !== 'SA1202')).toBe(true);
  });
});

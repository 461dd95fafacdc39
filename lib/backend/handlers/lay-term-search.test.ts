/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads raw wire JSON */
/**
 * Search in patients' words (docs/site-search.md "Patients' words", lib/lay-terms): the finder's keyword and
 * the illness search read a lay term with what it means; every word of the dictionary finds a doctor; an
 * illness appears once in results, with its clinics, and its page's doctors are the search's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { LAY_TERMS } from '@/lib/lay-terms';

let backend: Backend;

async function ok(apiPath: string, fields: Record<string, string> = {}) {
  const res = await backend.handle(new Request(`http://x/api/${apiPath}`, { method: 'POST', body: new URLSearchParams(fields) }));
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: any };
  expect(body.ErrorInfo, `${apiPath} ${JSON.stringify(fields)}`).toBe('成功');
  return body.Result;
}

beforeAll(() => {
  backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('lay-term-test-secret-0123456789abcdef'), log: () => {} });
});
afterAll(() => backend.db.close());

describe('the words patients type', () => {
  it.each([
    ['胃痛', '慢性胃炎'],
    ['腰疼', '腰椎间盘突出症'],
    ['痛经', '痛经'],
    ['掉头发', '脱发'],
    ['小孩发烧', '小儿发热'],
    ['头痛', '头痛'],
    ['便秘', '便秘'],
  ])('%s finds doctors who treat %s, and the illness', async (word, treats) => {
    const doctors = await ok('TW_User/GetDoctorPageList', { Keyword: word, PageSize: '100' });
    expect(doctors.TotalCount).toBeGreaterThan(0);
    expect(doctors.DataList.some((d: any) => String(d.GoodAt).includes(treats))).toBe(true);
    const illnesses = await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: word, Distinct: '1', PageSize: '50' });
    if (word !== '头痛') expect(illnesses.DataList.map((i: any) => i.SpecialtyName)).toContain(treats);
    // The finder's filter counts read the word the same way.
    const counts = (await ok('TW_User/GetDoctorFilterCounts', { Keyword: word })).ReturnObject;
    expect(counts.Total).toBe(doctors.TotalCount);
  });

  it('a question around the word reads the same', async () => {
    const plain = await ok('TW_User/GetDoctorPageList', { Keyword: '小孩发烧', PageSize: '1' });
    const asked = await ok('TW_User/GetDoctorPageList', { Keyword: '小孩发烧怎么办', PageSize: '1' });
    expect(asked.TotalCount).toBe(plain.TotalCount);
  });
});

describe('the whole dictionary', () => {
  it('every word finds at least one doctor of the group', async () => {
    const misses: string[] = [];
    for (const e of LAY_TERMS) {
      const r = await ok('TW_User/GetDoctorPageList', { Keyword: e.term, PageSize: '1' });
      if (r.TotalCount === 0) misses.push(e.term);
    }
    expect(misses).toEqual([]);
  });
});

describe('illnesses in results', () => {
  it('each illness once, with every clinic that offers it; the count counts illnesses', async () => {
    const merged = await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: '颈椎', Distinct: '1', PageSize: '50' });
    const perClinic = await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: '颈椎', PageSize: '50' });
    const names = merged.DataList.map((i: any) => i.SpecialtyName);
    expect(new Set(names).size).toBe(names.length);
    expect(merged.TotalCount).toBe(names.length);
    expect(perClinic.TotalCount).toBeGreaterThan(merged.TotalCount);
    const neck = merged.DataList.find((i: any) => i.SpecialtyName === '颈椎病');
    expect(neck.Hospitals.map((h: any) => h.ID).sort()).toEqual(
      perClinic.DataList.filter((i: any) => i.SpecialtyName === '颈椎病').map((i: any) => i.ID).sort(),
    );
    const all = await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { Distinct: '1', PageSize: '100' });
    expect(all.TotalCount).toBe((backend.db.prepare('SELECT COUNT(DISTINCT name) AS n FROM illnesses').get() as { n: number }).n);
  });

  it('an illness page names the departments that treat it', async () => {
    const id = (backend.db.prepare("SELECT illness_id FROM illnesses WHERE name = '头痛' OR name = '颈椎病' ORDER BY name LIMIT 1").get() as { illness_id: number })
      .illness_id;
    const one = (await ok('HIS_Specialty/GeHIS_SpecialtyConfiguration', { ID: String(id) })).ReturnObject;
    expect(one.Departments).toContain('针灸推拿科');
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read raw wire JSON */
/**
 * The doctor finder's filters (doctor-filters.ts, docs/doctor-finder.md): 科室, 职称, clinic, online now
 * and an illness's field combine with the province and the keyword; each option's count is the number of
 * doctors it leaves with the other filters; the list and the counts agree with a plain scan of the table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-filters-'));
let backend: Backend;

async function call(apiPath: string, fields: Record<string, string> = {}) {
  const res = await backend.handle(new Request(`http://x/api/${apiPath}`, { method: 'POST', body: new URLSearchParams(fields) }));
  return (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: any };
}
async function ok(apiPath: string, fields: Record<string, string> = {}) {
  const r = await call(apiPath, fields);
  expect(r.ErrorInfo).toBe('成功');
  return r.Result;
}
/** The reference: how many doctors a plain scan finds. */
const scan = (where: string, ...args: (string | number)[]) =>
  (backend.db.prepare(`SELECT COUNT(*) AS n FROM doctors d WHERE ${where}`).get(...args) as { n: number }).n;

beforeAll(() => {
  backend = createBackend({ dbPath: path.join(dir, 'test.db'), log: () => {} });
});
afterAll(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('GetDoctorPageList filters', () => {
  it('filters by 科室 and 职称 together, every row matching, total as a scan counts', async () => {
    const r = await ok('TW_User/GetDoctorPageList', { ProvinceID: '215', Department: '中医内科', DoctorTitle: '主任医师', PageSize: '100' });
    expect(r.TotalCount).toBe(scan("province_id = 215 AND department = '中医内科' AND title = '主任医师'"));
    expect(r.TotalCount).toBeGreaterThan(0);
    for (const d of r.DataList) expect([d.Department, d.DoctorTitle, d.ProvinceID]).toEqual(['中医内科', '主任医师', 215]);
  });

  it('combines the filters with a keyword (index path) and online now', async () => {
    const r = await ok('TW_User/GetDoctorPageList', { Keyword: '失眠', Department: '中医内科', IsOnline: '1', PageSize: '100' });
    expect(r.TotalCount).toBe(scan("specialties LIKE '%失眠%' AND department = '中医内科' AND consult_online = 1"));
    for (const d of r.DataList) expect(d.IsOnlineConsult).toBe(1);
    const long = await ok('TW_User/GetDoctorPageList', { Keyword: '中医内科', DoctorTitle: '医师', PageSize: '100' });
    expect(long.TotalCount).toBe(scan("department LIKE '%中医内科%' AND title = '医师'"));
  });

  it('gives an empty list for an unknown 科室 and a clear error for an oversized one', async () => {
    const r = await ok('TW_User/GetDoctorPageList', { Department: '不存在科' });
    expect(r.TotalCount).toBe(0);
    const bad = await call('TW_User/GetDoctorPageList', { Department: '科'.repeat(21) });
    expect(bad.ErrorNo).not.toBe(1);
    expect(bad.ErrorInfo).toContain('科室过长');
  });

  it('lists the doctors of an illness: only those whose 擅长 names it, as many as a search for its name finds', async () => {
    const illnesses = backend.db.prepare('SELECT MIN(illness_id) AS id, name FROM illnesses GROUP BY name').all() as { id: number; name: string }[];
    expect(illnesses.length).toBeGreaterThan(20);
    for (const illness of illnesses) {
      const r = await ok('TW_User/GetDoctorPageList', { IllnessID: String(illness.id), PageSize: '100' });
      expect(r.TotalCount, illness.name).toBe(scan('specialties LIKE ?', `%${illness.name}%`));
      expect(r.TotalCount, illness.name).toBeGreaterThan(0);
      for (const d of r.DataList) expect(String(d.GoodAt).split(','), d.DoctorName).toSatisfy((s: string[]) => s.some((x) => x.includes(illness.name)));
      // The site search for the illness's name finds the same doctors (docs/doctor-finder.md).
      const search = await ok('TW_User/GetDoctorPageList', { Keyword: illness.name, PageSize: '1' });
      expect(search.TotalCount, illness.name).toBe(r.TotalCount);
    }
    const missing = await call('TW_User/GetDoctorPageList', { IllnessID: '99999' });
    expect(missing.ErrorNo).toBe(404);
  });
});

describe('remembered totals of longer keywords (migration 061)', () => {
  it('count again after any write to a doctor row', async () => {
    const before = await ok('TW_User/GetDoctorPageList', { Keyword: '中医内科' });
    expect(before.TotalCount).toBe(scan("department LIKE '%中医内科%' OR specialties LIKE '%中医内科%' OR name LIKE '%中医内科%'"));
    // The same query again answers the same (remembered) total.
    expect((await ok('TW_User/GetDoctorPageList', { Keyword: '中医内科' })).TotalCount).toBe(before.TotalCount);
    const moved = backend.db.prepare("SELECT doctor_id FROM doctors WHERE department = '中医妇科' LIMIT 1").get() as { doctor_id: number };
    backend.db.prepare("UPDATE doctors SET department = '中医内科' WHERE doctor_id = ?").run(moved.doctor_id);
    try {
      expect((await ok('TW_User/GetDoctorPageList', { Keyword: '中医内科' })).TotalCount).toBe(before.TotalCount + 1);
    } finally {
      backend.db.prepare("UPDATE doctors SET department = '中医妇科' WHERE doctor_id = ?").run(moved.doctor_id);
    }
    expect((await ok('TW_User/GetDoctorPageList', { Keyword: '中医内科' })).TotalCount).toBe(before.TotalCount);
  });
});

describe('GetDoctorFilterCounts', () => {
  it('counts each option with the other filters applied, zero options included', async () => {
    const c = await ok('TW_User/GetDoctorFilterCounts', { ProvinceID: '215', DoctorTitle: '主任医师' });
    const dept = c.ReturnObject.Departments as { Name: string; Count: number }[];
    expect(dept.length).toBeGreaterThan(1);
    for (const d of dept) expect(d.Count).toBe(scan("province_id = 215 AND title = '主任医师' AND department = ?", d.Name));
    // The title's own options ignore the chosen title.
    const titles = c.ReturnObject.Titles as { Name: string; Count: number }[];
    for (const t of titles) expect(t.Count).toBe(scan('province_id = 215 AND title = ?', t.Name));
    expect(c.ReturnObject.Total).toBe(scan("province_id = 215 AND title = '主任医师'"));
    expect(c.ReturnObject.Online).toBe(scan("province_id = 215 AND title = '主任医师' AND consult_online = 1"));
  });

  it('lists every clinic of the province, with the doctors each leaves, and counts under a keyword', async () => {
    const c = await ok('TW_User/GetDoctorFilterCounts', { ProvinceID: '215', Keyword: '针灸' });
    const clinics = c.ReturnObject.Hospitals as { HospitalCode: string; HospitalName: string; Count: number }[];
    const orgs = (backend.db.prepare('SELECT COUNT(*) AS n FROM orgs WHERE province_id = 215').get() as { n: number }).n;
    expect(clinics.length).toBe(orgs);
    for (const h of clinics) {
      expect(h.HospitalName).not.toBe('');
      expect(h.Count).toBe(
        scan("province_id = 215 AND org_code = ? AND (name LIKE '%针灸%' OR specialties LIKE '%针灸%' OR department LIKE '%针灸%')", h.HospitalCode),
      );
    }
    const sum = clinics.reduce((a, h) => a + h.Count, 0);
    expect(sum).toBe(c.ReturnObject.Total);
  });

  it('answers zero everywhere for a keyword nothing matches', async () => {
    const c = await ok('TW_User/GetDoctorFilterCounts', { Keyword: '无此词汇' });
    expect(c.ReturnObject.Total).toBe(0);
    expect((c.ReturnObject.Departments as { Count: number }[]).every((d) => d.Count === 0)).toBe(true);
  });
});

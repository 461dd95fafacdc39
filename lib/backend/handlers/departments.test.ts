/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads raw wire JSON */
/**
 * Department pages' data (handlers/departments.ts, docs/doctor-finder.md "Department pages"): every
 * department with its introduction; one department's clinics and illnesses; every count the page shows is a
 * list's total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { DEPARTMENTS } from '../seed/clinics-doctors-data';

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

beforeAll(() => {
  backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('departments-test-secret-0123456789abcdef'), log: () => {} });
});
afterAll(() => backend.db.close());

describe('TW_User/GetDepartmentList', () => {
  it('lists every department doctors sit in, in order, with counts the finder agrees with', async () => {
    const list = (await ok('TW_User/GetDepartmentList')).DataList as any[];
    expect(list.map((d) => d.Name)).toEqual(DEPARTMENTS.map((d) => d.name));
    for (const d of list) {
      expect(d.Introduction.length, d.Name).toBeGreaterThan(60);
      const doctors = await ok('TW_User/GetDoctorPageList', { Department: d.Name, PageSize: '1' });
      expect(d.DoctorCount, d.Name).toBe(doctors.TotalCount);
    }
    const yunnan = (await ok('TW_User/GetDepartmentList', { ProvinceID: '215' })).DataList as any[];
    const counts = (await ok('TW_User/GetDoctorFilterCounts', { ProvinceID: '215' })).ReturnObject.Departments as { Name: string; Count: number }[];
    for (const d of yunnan) expect(d.DoctorCount, d.Name).toBe(counts.find((c) => c.Name === d.Name)!.Count);
  });
});

describe('TW_User/GetDepartment', () => {
  it('answers the clinics that have it and the illnesses its doctors treat, with the lists’ counts', async () => {
    const dep = (await ok('TW_User/GetDepartment', { Name: '中医妇科' })).ReturnObject;
    expect(dep.Clinics.length).toBe(dep.ClinicCount);
    expect(dep.Clinics.reduce((a: number, c: any) => a + c.DoctorCount, 0)).toBe(dep.DoctorCount);
    for (const c of dep.Clinics.slice(0, 5)) {
      const list = await ok('TW_User/GetDoctorPageList', { Department: '中医妇科', HospitalCode: c.HospitalCode, PageSize: '1' });
      expect(list.TotalCount, c.HospitalCode).toBe(c.DoctorCount);
    }
    const names = dep.Illnesses.map((i: any) => i.SpecialtyName);
    expect(names).toEqual(expect.arrayContaining(['月经不调', '痛经']));
    for (const i of dep.Illnesses) {
      const page = await ok('TW_User/GetDoctorPageList', { IllnessID: String(i.ID), PageSize: '1' });
      expect(i.DoctorCount, i.SpecialtyName).toBe(page.TotalCount);
    }
    // A county clinic without 妇科 is not listed.
    const without = backend.db
      .prepare("SELECT code FROM orgs WHERE code NOT IN (SELECT org_code FROM doctors WHERE department = '中医妇科') LIMIT 1")
      .get() as { code: string };
    expect(dep.Clinics.map((c: any) => c.HospitalCode)).not.toContain(without.code);
  });

  it('an unknown department is 404, a bad name a clear error', async () => {
    expect((await call('TW_User/GetDepartment', { Name: '牙科' })).ErrorNo).toBe(404);
    const bad = await call('TW_User/GetDepartment', { Name: '科'.repeat(100) });
    expect(bad.ErrorNo).toBe(0);
    expect(bad.ErrorInfo).toMatch(/[\u4e00-\u9fa5]/);
    expect((await call('TW_User/GetDepartment', {})).ErrorNo).toBe(0);
  });
});

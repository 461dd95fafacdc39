/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads raw wire JSON */
/**
 * Staffing varies as a real group's does (seed/staffing.ts, docs/content.md "Doctors"): the hospitals have
 * every department and several doctors in the busy ones, a county clinic has a few departments with one
 * doctor each, and every count the site shows (a clinic's doctors, the finder's options, the home figures)
 * agrees with the lists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { CLINICS, DEPARTMENTS } from './clinics-doctors-data';
import { DEMO_DOCTOR_COUNT, doctorCode } from './clinics-doctors';
import { clinicStaffing, clinicTier, STAFFING } from './staffing';

let backend: Backend;

async function ok(apiPath: string, fields: Record<string, string> = {}) {
  const res = await backend.handle(new Request(`http://x/api/${apiPath}`, { method: 'POST', body: new URLSearchParams(fields) }));
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: any };
  expect(body.ErrorInfo, apiPath).toBe('成功');
  return body.Result;
}
const count = (sql: string, ...args: unknown[]) => (backend.db.prepare(sql).get(...args) as { n: number }).n;

beforeAll(() => {
  backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('staffing-test-secret-0123456789abcdef'), log: () => {} });
});
afterAll(() => backend.db.close());

describe('the staffing plan', () => {
  it('hospitals have every department and several doctors in the busy ones; county clinics a few, one each', () => {
    const hospitals = CLINICS.filter((c) => clinicTier(c) === 'hospital');
    expect(hospitals.map((c) => c.code)).toContain('SA0101');
    for (const c of hospitals) {
      const plan = clinicStaffing(c);
      expect(plan.map((p) => p.department)).toEqual(DEPARTMENTS.map((d) => d.name));
      expect(plan.filter((p) => p.doctors >= 3).length).toBeGreaterThanOrEqual(2);
    }
    const county = CLINICS.filter((c) => clinicTier(c) === 'county');
    expect(county.length).toBeGreaterThan(10);
    for (const c of county) {
      const plan = clinicStaffing(c);
      expect(plan.length).toBeGreaterThanOrEqual(3);
      expect(plan.length).toBeLessThanOrEqual(4);
      expect(plan.every((p) => p.doctors === 1)).toBe(true);
    }
    // Every clinic has a physician: 中医内科 is what a patient most often needs first.
    for (const c of CLINICS) expect(clinicStaffing(c)[0]!.department, c.code).toBe('中医内科');
  });

  it('in the database: clinics of different sizes, and departments of different sizes in Yunnan', () => {
    const perClinic = backend.db.prepare('SELECT org_code, COUNT(*) AS n FROM doctors GROUP BY org_code').all() as { n: number }[];
    const sizes = perClinic.map((r) => r.n);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(15);
    expect(Math.min(...sizes)).toBeLessThanOrEqual(3);
    const perDepartment = backend.db.prepare('SELECT department, COUNT(*) AS n FROM doctors WHERE province_id = 215 GROUP BY department').all() as {
      department: string;
      n: number;
    }[];
    expect(perDepartment).toHaveLength(DEPARTMENTS.length);
    expect(new Set(perDepartment.map((r) => r.n)).size).toBeGreaterThanOrEqual(5);
    // Some departments have several doctors at one clinic.
    expect(count("SELECT COUNT(*) AS n FROM doctors WHERE org_code = 'SA0101' AND department = '中医内科'")).toBeGreaterThanOrEqual(3);
    expect(count('SELECT COUNT(*) AS n FROM doctors')).toBe(DEMO_DOCTOR_COUNT);
    expect(DEMO_DOCTOR_COUNT).toBe(STAFFING.length);
  });

  it('keeps the departments the articles say a clinic has', () => {
    const has = (code: string, department: string) =>
      count('SELECT COUNT(*) AS n FROM doctors WHERE org_code = ? AND department = ?', code, department) > 0;
    for (const d of ['中医内科', '中医妇科', '中医儿科', '针灸推拿科']) expect(has('SA0102', d), d).toBe(true);
    for (const d of ['中医内科', '针灸推拿科', '中医妇科']) expect(has('SA0205', d), d).toBe(true);
    for (const d of ['中医内科', '中医妇科', '针灸推拿科']) expect(has('SA1201', d), d).toBe(true);
  });

  it('every demo doctor has a portrait and no portrait is left of a doctor the plan dropped', () => {
    const dir = path.join(process.cwd(), 'public', 'images', 'doctors');
    const portraits = fs.readdirSync(dir).filter((f) => /^D\d{6}\.svg$/.test(f));
    expect(portraits.sort()).toEqual(Array.from({ length: DEMO_DOCTOR_COUNT }, (_, i) => `${doctorCode(i + 1)}.svg`).sort());
  });
});

describe('counts shown agree with the lists', () => {
  it('a clinic’s doctor count is its list’s total', async () => {
    for (const c of CLINICS.slice(0, 30)) {
      const clinic = (await ok('TW_Org/GetOrgSingle', { HospitalCode: c.code })).ReturnObject;
      const list = await ok('TW_User/GetOrgDoctorList', { HospitalCode: c.code, PageSize: '1' });
      const planned = clinicStaffing(c).reduce((a, p) => a + p.doctors, 0);
      expect([clinic.DoctorCount, list.TotalCount], c.code).toEqual([planned, planned]);
    }
  });

  it('each department option of the finder counts the doctors its list shows, and they add up to the total', async () => {
    const counts = (await ok('TW_User/GetDoctorFilterCounts', { ProvinceID: '215' })).ReturnObject;
    let sum = 0;
    for (const d of counts.Departments as { Name: string; Count: number }[]) {
      const list = await ok('TW_User/GetDoctorPageList', { ProvinceID: '215', Department: d.Name, PageSize: '1' });
      expect(list.TotalCount, d.Name).toBe(d.Count);
      sum += d.Count;
    }
    expect(sum).toBe(counts.Total);
    const figures = (await ok('TW_User/GetUserNums')).DataList as { Key: string; Value: number }[];
    expect(figures.find((f) => f.Key === 'doctors')?.Value).toBe(DEMO_DOCTOR_COUNT);
  });
});

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getClinicSchedule } from '@/lib/api/clinics';
import { getDoctorPage } from '@/lib/api/doctors';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { ClinicSchedule } from './clinic-schedule';

/** The clinic roster names each doctor's 科室 beside the name, as the clinic page builds it from the API. */
let env: TestBackend;
beforeAll(() => {
  env = installTestBackend();
});
afterAll(() => env.close());

describe('ClinicSchedule', () => {
  it('shows every doctor on the roster with their department', async () => {
    const slots = await getClinicSchedule('SA0101');
    const staff = (await getDoctorPage({ orgCode: 'SA0101', pageSize: 100 })).items;
    expect(slots.length).toBeGreaterThan(0);
    const departments = Object.fromEntries(staff.map((d) => [d.appointmentCode, d.department]));
    const html = renderToStaticMarkup(createElement(ClinicSchedule, { slots, departments }));
    const entries = [...html.matchAll(/<li>(?:<span[^>]*>([^<]*)<\/span>)?<a[^>]*href="\/doctordetail\/([^"]+)"[^>]*>([^<]*)<\/a>/g)];
    expect(entries.length).toBeGreaterThan(3);
    for (const [, department, code, name] of entries) expect(`${name}: ${department}`).toBe(`${name}: ${departments[code!]}`);
  });
});

/**
 * The typed client of the online services against the embedded backend (in
 * process, a throwaway database): wire names reshaped, missing ids → null.
 */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // A throwaway database file per run (the transport opens DATABASE_PATH on first use).
  process.env.DATABASE_PATH = `${process.env.TMPDIR || '/tmp'}/clinics-api-${process.pid}-${Date.now()}.db`;
  process.env.JWT_SECRET = 'clinics-api-test-secret-0123456789';
  delete process.env.API_BASE_URL;
});

import { getClinic, getClinicImages, getClinicPage, getClinicSchedule, listClinicCodes } from './clinics';
import { getDoctor, getDoctorPage, getDoctorSchedule, listDoctorCodes } from './doctors';
import { getEvaluationPage, getEvaluationRatio } from './evaluations';
import { getOnlineStatus, getQuestion, getQuestionPage } from './online';
import { getProvinces, getShifts } from './reference';
import { getIllness, getIllnessPage, getSpecial, getStudio, getStudioPage, listIllnessIds } from './specialties';
import type { AuthedClient } from './types';


describe('lib/api online services', () => {
  it('pages doctors with app names and the SPEC §9 sorts', async () => {
    const page = await getDoctorPage({ provinceId: 215, sort: 'praise', page: 2, pageSize: 5 });
    expect(page.page).toBe(2);
    expect(page.items).toHaveLength(5);
    const d = page.items[0]!;
    expect(Object.keys(d).sort()).toEqual(
      ['appointmentCode', 'avatar', 'city', 'clinicCode', 'clinicName', 'department', 'doctorId', 'fans', 'name', 'nextOpen', 'praiseRate', 'registerFee', 'serviceCount', 'specialties', 'title'].sort(),
    );
    expect(Array.isArray(d.specialties)).toBe(true);
    const rates = page.items.map((x) => x.praiseRate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const atClinic = await getDoctorPage({ orgCode: 'SA0101', pageSize: 50 });
    expect(atClinic.total).toBeGreaterThan(0);
  });

  it('returns a doctor, its schedule, and null for unknown or malformed codes', async () => {
    const doctor = await getDoctor('D100001');
    expect(doctor?.name).toBeTruthy();
    expect(doctor?.introduction.length).toBeGreaterThan(10);
    expect(await getDoctor('D999999')).toBeNull();
    expect(await getDoctor('<script>')).toBeNull();
    const days = await getDoctorSchedule('D100001');
    expect(days).toHaveLength(14);
    expect(days.some((d) => d.slots.length > 0)).toBe(true);
  });

  it('lists clinics and details', async () => {
    const page = await getClinicPage({ provinceId: 215, pageSize: 100 });
    expect(page.total).toBeGreaterThanOrEqual(10);
    expect(page.items[0]).toMatchObject({ code: expect.any(String), lat: expect.any(Number) });
    const clinic = await getClinic('SA0101');
    expect(clinic?.provinceName).toBe('云南');
    expect(await getClinic('NOPE')).toBeNull();
    expect((await getClinicImages('SA0101')).length).toBeGreaterThan(0);
    expect((await getClinicSchedule('SA0101')).length).toBeGreaterThan(0);
    expect((await getClinicImages('NOPE')).length).toBe(0);
  });

  it('reads evaluations, questions, studios and illnesses', async () => {
    const bad = await getEvaluationPage({ doctorCode: 'D100001' }, { satisfaction: '3' });
    expect(bad.items.every((e) => e.satisfaction === 3)).toBe(true);
    const ratio = await getEvaluationRatio({ doctorCode: 'D100001' });
    expect(ratio.satisfied + ratio.average + ratio.dissatisfied).toBe(ratio.total);
    const qs = await getQuestionPage({ type: '1', reply: '0' });
    expect(qs.items.every((q) => q.isPrivate && !q.isReplied)).toBe(true);
    const one = await getQuestion(qs.items[0]!.code);
    expect(one?.code).toBe(qs.items[0]!.code);
    expect(await getQuestion('Q0')).toBeNull();
    const status = await getOnlineStatus([1001, 1002]);
    expect(status).toHaveLength(2);
    const studios = await getStudioPage({});
    expect((await getStudio(studios.items[0]!.id))?.menu).toHaveLength(3);
    expect(await getStudio(99999)).toBeNull();
    expect(await getSpecial(99999)).toBeNull();
    const ill = await getIllnessPage({ sort: 'services' });
    expect((await getIllness(ill.items[0]!.id))?.name).toBe(ill.items[0]!.name);
  });

  it('lists every code for the sitemap and the reference data', async () => {
    expect((await listDoctorCodes()).length).toBeGreaterThanOrEqual(60);
    expect((await listClinicCodes()).length).toBeGreaterThanOrEqual(15);
    expect((await listIllnessIds()).length).toBeGreaterThan(20);
    expect((await getProvinces()).find((p) => p.isDefault)?.id).toBe(215);
    expect(await getShifts()).toHaveLength(3);
  });
});

describe('lib/api collections (member writes)', () => {
  it('sends favourites as writes (never retried) with the member’s client and reshapes the answers', async () => {
    const { addFavourite, cancelFavourite, getFavouriteState } = await import('./collections');
    const calls: { path: string; fields: unknown; options: unknown }[] = [];
    const client: AuthedClient = {
      post: (async (path: string, fields?: unknown, options?: unknown) => {
        calls.push({ path, fields, options });
        if (path.endsWith('GetOrgCollection')) return { DataList: [{ Code: 'SA0101', IsCollected: 1 }], TotalCount: 1 };
        return { ReturnObject: { IsCollected: path.endsWith('AddOrgCollection') ? 1 : 0, CollectCount: 7 } };
      }) as AuthedClient['post'],
    };
    expect(await addFavourite(client, 'doctor', 'D100001')).toEqual({ collected: true, count: 7 });
    expect(await cancelFavourite(client, 'clinic', 'SA0101')).toEqual({ collected: false, count: 7 });
    expect(await getFavouriteState(client, 'clinic', ['SA0101'])).toEqual({ SA0101: true });
    expect(calls[0]).toEqual({
      path: 'WX_OrgCollectionClent/AddOrgCollection',
      fields: { CollectionType: 2, Code: 'D100001' },
      options: { write: true },
    });
    expect(calls[1]!.options).toEqual({ write: true });
    expect(calls[2]!.options).toBeUndefined();
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads the JSON-LD as a crawler does */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDoctorPage } from '@/lib/api/doctors';
import { getIllness, getIllnessPage } from '@/lib/api/specialties';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { medicalConditionData } from './medical-condition-json-ld';

/** An illness page tells search engines what the condition is, how it is treated, where and by whom. */
let env: TestBackend;
beforeAll(() => {
  env = installTestBackend();
});
afterAll(() => env.close());

describe('MedicalCondition JSON-LD', () => {
  it('names the condition, its signs, its treatment, the clinic and the doctors the page lists', async () => {
    const [first] = (await getIllnessPage({ pageSize: 1 })).items;
    const illness = (await getIllness(first!.id))!;
    const doctors = (await getDoctorPage({ illnessId: illness.id, pageSize: 6 })).items;
    expect(doctors.length).toBeGreaterThan(0);
    const graph = (medicalConditionData(illness, doctors) as any)['@graph'] as any[];
    const condition = graph.find((n) => n['@type'] === 'MedicalCondition');
    expect(condition).toMatchObject({ name: illness.name, description: illness.summary });
    expect(condition.possibleTreatment).toMatchObject({ '@type': 'MedicalTherapy', description: illness.treatment });
    expect(condition.signOrSymptom.length).toBeGreaterThan(1);
    expect(condition.signOrSymptom.every((s: any) => s['@type'] === 'MedicalSignOrSymptom' && s.name.length > 1)).toBe(true);
    const clinic = graph.find((n) => n['@type'] === 'MedicalClinic');
    expect(clinic).toMatchObject({ name: illness.clinicName, availableService: { '@id': condition['@id'] } });
    const physicians = graph.filter((n) => n['@type'] === 'Physician');
    expect(physicians.map((p) => p.name)).toEqual(doctors.map((d) => d.name));
    for (const p of physicians) expect(p.knowsAbout).toEqual({ '@id': condition['@id'] });
    expect(JSON.stringify(graph)).not.toMatch(/undefined/);
  });
});

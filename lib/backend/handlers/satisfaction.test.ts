/**
 * One satisfaction figure per doctor (evaluations.ts satisfiedRate): the PraiseRate every doctor list and page
 * shows is the 满意度 of the doctor's clinic-visit evaluations, the same GetEvaluateRatio answers, so the header,
 * the reviews and the JSON-LD aggregateRating cannot disagree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { call, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import { satisfiedRate } from './evaluations';

let backend: Backend;
beforeAll(() => {
  backend = createBackend({ dbPath: tempDbPath('satisfaction'), jwtSecret: TEST_SECRET, log: () => {} });
});
afterAll(() => backend.db.close());

describe('满意度', () => {
  it('is the share of 满意 among the clinic-visit evaluations, to one decimal', () => {
    expect(satisfiedRate(11, 16)).toBe(68.8);
    expect(satisfiedRate(0, 0)).toBe(0);
    expect(satisfiedRate(12, 12)).toBe(100);
  });

  it('is what every sampled doctor’s PraiseRate says, and what their reviews count', async () => {
    const codes = backend.db.prepare('SELECT appointment_code FROM doctors ORDER BY doctor_id LIMIT 12').pluck().all() as string[];
    expect(codes).toHaveLength(12);
    for (const code of codes) {
      const doctor = (await call(backend, 'TW_User/GetDoctorSingle', { AppointmentCode: code })).Result.ReturnObject;
      const ratio = (await call(backend, 'TW_Evaluate/GetEvaluateRatio', { AppointmentCode: code, Source: '0' })).Result.ReturnObject;
      expect(ratio.Total, code).toBeGreaterThan(0);
      expect(doctor.PraiseRate, code).toBe(ratio.SatisfiedRate);
      expect(ratio.SatisfiedRate, code).toBe(satisfiedRate(ratio.Satisfied, ratio.Total));
    }
  });
});

/**
 * The demo members' records agree with the clock (seed/booking.ts): read through the public API right after
 * seeding at fixed clocks on both sides of midnight China time, and again an hour and a day later, nothing was
 * created or paid after "now", no visit still to come has lapsed or been visited, and every 已预约 visit is
 * still to come. 13800000001 has her two 就诊人, her record -002 is a paid site booking for one of them, and
 * her front-desk record -001 sits in a real period of its doctor, so booking it again is a duplicate.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { createThrottles } from '../throttles';
import { call, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import { idCardCheckChar } from '@/lib/validation';
import type { WireRegistration } from '@/lib/contract';

const backends: Backend[] = [];
afterAll(() => {
  for (const b of backends) b.db.close();
});

const chinaToday = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

async function recordsAt(backend: Backend): Promise<WireRegistration[]> {
  const login = await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: '13800000001', Password: 'Shengai2026' });
  expect(login.ErrorNo, login.ErrorInfo).toBe(1);
  const list = await call(backend, 'HIS_Register/GetRegisterList', { PageSize: '50' }, login.Result.access_token);
  expect(list.ErrorNo, list.ErrorInfo).toBe(1);
  return list.Result.DataList;
}

function expectAgreesWithClock(records: WireRegistration[], now: Date, label: string) {
  const nowIso = now.toISOString();
  const today = chinaToday(now);
  for (const r of records) {
    const where = `${label} ${r.RegisterNo} ${r.StatusName} visit ${r.VisitDate} created ${r.CreateTime}`;
    expect(r.CreateTime <= nowIso, `${where}: created after now`).toBe(true);
    if (r.PaidTime) expect(r.PaidTime <= nowIso, `${where}: paid after now`).toBe(true);
    // 已过期, 已就诊 and 已爽约 are what happened to visits in the past.
    if ([1, 3, 5].includes(r.Status)) expect(r.VisitDate < today, `${where}: a visit to come is already ${r.StatusName}`).toBe(true);
    if (r.Status === 0) expect(r.PeriodStart > nowIso, `${where}: 已预约 for a period already begun`).toBe(true);
  }
}

describe.each([
  ['23:55 China time', '2026-11-25T15:55:00Z'],
  ['00:05 China time', '2026-11-25T16:05:00Z'],
  ['10:00 China time', '2026-11-27T02:00:00Z'],
])('seeded at %s', (_label, iso) => {
  it('every record of 13800000001 agrees with the clock, then, an hour and a day later', async () => {
    let clock = new Date(iso);
    const backend = createBackend(
      { dbPath: tempDbPath('seed-booking'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock },
      createThrottles({ scale: 1000, redis: false }),
    );
    backends.push(backend);
    const seeded = new Date(iso);
    const records = await recordsAt(backend);
    expect(records).toHaveLength(23);
    expectAgreesWithClock(records, seeded, 'at seeding');
    for (const later of [60 * 60_000, 24 * 60 * 60_000]) {
      clock = new Date(seeded.getTime() + later);
      expectAgreesWithClock(await recordsAt(backend), clock, `+${later / 60_000} min`);
    }
    clock = seeded;

    const second = records.find((r) => r.RegisterNo === 'RVIP0001-002')!;
    expect(second).toMatchObject({ Status: 0, StatusName: '已预约', PatientName: '张秀兰', PatientRelation: '父母' });
    expect(second.ScheduleID).not.toBe('');
    expect(second.VisitDate > chinaToday(seeded)).toBe(true);
    // A site booking is priced as the site prices one: her 金卡 pays 85 % of the list fee.
    expect(second).toMatchObject({ DiscountLabel: '金卡 8.5折', PayAmount: Math.round(second.Fee * 85) / 100 });
  });
});

describe('13800000001 after seeding', () => {
  it('has two 就诊人; her front-desk record -001 is a real period of its doctor, and booking it again for her is a duplicate', async () => {
    const clock = new Date('2026-11-25T15:55:00Z');
    const backend = createBackend(
      { dbPath: tempDbPath('seed-booking-dup'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock },
      createThrottles({ scale: 1000, redis: false }),
    );
    backends.push(backend);
    const login = await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: '13800000001', Password: 'Shengai2026' });
    const token = login.Result.access_token as string;
    const patients = await call(backend, 'HIS_Register/GetPatientList', {}, token);
    expect(patients.Result.DataList.map((p: { Name: string; Relation: string }) => `${p.Name}（${p.Relation}）`)).toEqual(['张秀兰（父母）', '李想（子女）']);

    const first = (await recordsAt(backend)).find((r) => r.RegisterNo === 'RVIP0001-001')!;
    expect(first).toMatchObject({ Status: 0, ScheduleID: '', PatientName: '王雅琴' });
    const schedule = await call(backend, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: first.DoctorCode });
    const slot = schedule.Result.DataList.flatMap((d: { Shifts: { ScheduleID: string; Date: string; ShiftName: string }[] }) => d.Shifts).find(
      (s: { Date: string; ShiftName: string }) => s.Date === first.VisitDate && first.TimeSlot.startsWith(s.ShiftName),
    );
    expect(slot, `${first.DoctorCode} sits on ${first.VisitDate} ${first.TimeSlot}`).toBeTruthy();

    // Her ID card on file makes her a 就诊人 herself: that morning of that doctor is already hers.
    const first17 = '53010219780312002';
    const profile = await call(backend, 'VIP_Member/UpdateVipinformation', { VipName: '王雅琴', IDCard: first17 + idCardCheckChar(first17) }, token);
    expect(profile.ErrorNo, profile.ErrorInfo).toBe(1);
    const again = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: 'seed-duplicate-01', PatientID: '0' }, token);
    expect(again).toMatchObject({ ErrorNo: -1, Result: { Reason: 'DUPLICATE' } });
    expect(again.ErrorInfo).toBe('王雅琴已预约该医生的同一时段，请勿重复预约');
  });
});

/**
 * After the click (docs/api.md "HIS_Register booking", "HIS_Register patients", "TW_Evaluate"): real-name
 * booking for a 就诊人, one booking per person, doctor and period (front-desk records too), rescheduling
 * that never lets go of a number before it holds the next, and the review after a visit the clinic marked
 * 已就诊. Time moves through the backend's injected clock; slots are found by what the roster offers, not by
 * fixed days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { createThrottles } from '../throttles';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import { idCardFor } from '@/test/id-cards';
import type { WireSlot } from '@/lib/contract';

let backend: Backend;
// 2026-11-23 10:00 China time.
let clock = new Date('2026-11-23T02:00:00Z');
const tokens: string[] = [];
const memberIds: number[] = [];

const key = () => `k${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;

async function slotsOf(code: string): Promise<WireSlot[]> {
  const r = await call(backend, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: code });
  expect(r.ErrorNo).toBe(1);
  return r.Result.DataList.flatMap((d: { Shifts: WireSlot[] }) => d.Shifts);
}

async function slotById(id: string): Promise<WireSlot> {
  const r = await call(backend, 'HIS_Register/GetScheduleSlot', { ScheduleID: id });
  expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  return r.Result;
}

const usedDoctors = new Set<string>();

/** A doctor no other test here uses, with at least `count` open slots two or more days ahead (far from any cut-off). */
async function freshDoctor(count: number, { morning = false }: { morning?: boolean } = {}): Promise<{ code: string; open: WireSlot[] }> {
  const from = new Date(clock.getTime() + 8 * 3_600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
  const codes = backend.db.prepare('SELECT appointment_code FROM doctors ORDER BY doctor_id LIMIT 300').pluck().all() as string[];
  for (const code of codes) {
    if (usedDoctors.has(code)) continue;
    const open = (await slotsOf(code)).filter((s) => s.BookState === 'open' && s.Date >= from && (!morning || s.ShiftID === 1));
    if (open.length >= count) {
      usedDoctors.add(code);
      return { code, open };
    }
  }
  throw new Error(`no doctor with ${count} open slots`);
}

/** Leaves exactly `left` numbers in a slot (the front desk takes the rest). */
async function leave(slot: WireSlot, left: number): Promise<string> {
  const current = await slotById(slot.ScheduleID);
  backend.db.prepare('INSERT OR REPLACE INTO schedule_holds (schedule_id, taken) VALUES (?, ?)').run(slot.ScheduleID, current.Remaining - left);
  expect((await slotById(slot.ScheduleID)).Remaining).toBe(left);
  return slot.ScheduleID;
}

beforeAll(async () => {
  backend = createBackend(
    { dbPath: tempDbPath('appointments'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock },
    // The booking throttles are not the point here (booking-limits.test.ts holds them at scale 1).
    createThrottles({ scale: 1000, redis: false }),
  );
  for (let i = 0; i < 20; i++) {
    const vip = `AVIP${String(i).padStart(2, '0')}`;
    const id = ensureMember(backend, { phone: `1330000${String(i).padStart(4, '0')}`, vipCode: vip, name: `预约${i}`, points: 0 });
    backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(300 + i), id);
    memberIds.push(id);
    tokens.push(await memberToken(backend, id, vip));
  }
});

afterAll(() => backend.db.close());

async function freshDoctorSlot(code: string): Promise<WireSlot> {
  const from = new Date(clock.getTime() + 8 * 3_600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
  return (await slotsOf(code)).find((s) => s.BookState === 'open' && s.Date >= from)!;
}

async function addPatient(token: string, n: number, name = '张秀兰', relation = '父母') {
  const r = await call(backend, 'HIS_Register/AddPatient', { Name: name, Relation: relation, IDCard: idCardFor(n), Phone: '13900000001' }, token);
  expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  return String(r.Result.PatientID);
}

describe('real-name booking for a 就诊人', () => {
  it('a holder with no ID card on file cannot book for themself, but can for a 就诊人; the record says whom it is for', async () => {
    const vip = 'BVIPNOID';
    const id = ensureMember(backend, { phone: '13700009901', vipCode: vip, name: '无证会员', points: 0 });
    const token = await memberToken(backend, id, vip);
    const slot = (await freshDoctor(1)).open[0]!;
    const self = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: key() }, token);
    expect(self).toMatchObject({ ErrorNo: -1, Result: { Reason: 'REAL_NAME_REQUIRED' } });
    expect(self.ErrorInfo).toContain('实名');
    expect(backend.db.prepare('SELECT COUNT(*) FROM registrations WHERE member_id = ?').pluck().get(id)).toBe(0);

    const pid = await addPatient(token, 500, '李想', '子女');
    const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: key(), PatientID: pid }, token);
    expect(booked.ErrorNo, booked.ErrorInfo).toBe(1);
    expect(booked.Result).toMatchObject({ PatientID: Number(pid), PatientName: '李想', PatientRelation: '子女' });
    expect(booked.Result.PatientIDCard).toMatch(/^530102\*{8}\d{3}[\dX]$/);
    const list = await call(backend, 'HIS_Register/GetRegisterList', {}, token);
    expect(list.Result.DataList[0]).toMatchObject({ RegisterNo: booked.Result.RegisterNo, PatientName: '李想', PatientRelation: '子女' });
  });

  it('one booking per 就诊人, doctor and period: the same person again is refused, another 就诊人 is not', async () => {
    const token = tokens[8]!;
    const id = await leave((await freshDoctor(1)).open[0]!, 5);
    expect((await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key() }, token)).ErrorNo).toBe(1);
    const again = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key(), PatientID: '0' }, token);
    expect(again).toMatchObject({ ErrorNo: -1, ErrorInfo: '预约8已预约该医生的同一时段，请勿重复预约', Result: { Reason: 'DUPLICATE' } });
    const pid = await addPatient(token, 501);
    expect((await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key(), PatientID: pid }, token)).ErrorNo).toBe(1);
    // Another account does not see this account's booking of the same person (docs/security.md "就诊人"):
    // adding them needs their consent, and once added, booking them is that account's own business.
    const other = tokens[9]!;
    const fields = { Name: '张秀兰', Relation: '父母', IDCard: idCardFor(501), Phone: '13900000001' };
    const asked = await call(backend, 'HIS_Register/AddPatient', fields, other);
    expect(asked.Result.Reason).toBe('CONSENT_REQUIRED');
    const code = (backend.db.prepare(`SELECT code FROM sms_outbox WHERE purpose = 'consent' ORDER BY id DESC`).get() as { code: string }).code;
    const samePerson = await call(backend, 'HIS_Register/AddPatient', { ...fields, ConsentCode: code }, other);
    expect(samePerson.ErrorNo, samePerson.ErrorInfo).toBe(1);
    const theirs = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key(), PatientID: String(samePerson.Result.PatientID) }, other);
    expect(theirs.ErrorNo, theirs.ErrorInfo).toBe(1);
    expect(JSON.stringify(theirs)).not.toContain('已预约');
    expect((await slotById(id)).Remaining).toBe(2);
  });

  it('a front-desk appointment (a record with no schedule id) counts: the same morning of that doctor is refused', async () => {
    const token = tokens[10]!;
    const { code, open } = await freshDoctor(1, { morning: true });
    const slot = open[0]!;
    const doctor = backend.db.prepare('SELECT d.appointment_code AS code, d.name, d.title, d.department, o.code AS org, o.name AS orgName FROM doctors d JOIN orgs o ON o.code = d.org_code WHERE d.appointment_code = ?').get(code) as Record<string, string>;
    // What the front desk wrote: the doctor's code, the day and a half-hour window of the morning, the holder's name.
    backend.db
      .prepare(
        `INSERT INTO registrations (register_no, member_id, vip_code, patient_name, visit_date, time_slot, hospital_code, hospital_name,
           department, doctor_code, doctor_name, doctor_title, fee, status, created_at)
         VALUES ('RFRONTDESK-01', ?, 'AVIP10', '预约10', ?, '上午 09:30-10:00', ?, ?, ?, ?, ?, ?, 50, 0, ?)`,
      )
      .run(memberIds[10], slot.Date, doctor.org, doctor.orgName, doctor.department, doctor.code, doctor.name, doctor.title, clock.toISOString());
    const refused = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: key() }, token);
    expect(refused).toMatchObject({ ErrorNo: -1, Result: { Reason: 'DUPLICATE' } });
    // Another period of that day, or a 就诊人, is not a duplicate.
    const pid = await addPatient(token, 502);
    expect((await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: key(), PatientID: pid }, token)).ErrorNo).toBe(1);
    // A cancelled front-desk record no longer holds the period.
    backend.db.prepare(`UPDATE registrations SET status = 2 WHERE register_no = 'RFRONTDESK-01'`).run();
    expect((await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: key() }, token)).ErrorNo).toBe(1);
  });
});

describe('RescheduleRegister', () => {
  it('moves a paid booking to another slot of the same doctor: the old number returns only as the new one is held', async () => {
    const token = tokens[11]!;
    const { open } = await freshDoctor(2);
    const from = await leave(open[0]!, 4);
    const to = await leave(open[open.length - 1]!, 2);
    const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: from, IdempotencyKey: key() }, token);
    const no = booked.Result.RegisterNo as string;
    expect((await call(backend, 'HIS_Register/PayRegister', { RegisterNo: no }, token)).ErrorNo).toBe(1);
    expect([(await slotById(from)).Remaining, (await slotById(to)).Remaining]).toEqual([3, 2]);
    const before = (await call(backend, 'HIS_Register/GetRegister', { RegisterNo: no }, token)).Result;
    expect(before).toMatchObject({ CanReschedule: 1, Status: 0 });

    const moved = await call(backend, 'HIS_Register/RescheduleRegister', { RegisterNo: no, ScheduleID: to }, token);
    expect(moved.ErrorNo, moved.ErrorInfo).toBe(1);
    expect(moved.Result).toMatchObject({ RegisterNo: no, ScheduleID: to, Status: 0, Repeated: false, PaidTime: before.PaidTime });
    expect(moved.Result.RescheduledFrom).toBe(`${before.VisitDate} ${before.TimeSlot}`);
    expect([(await slotById(from)).Remaining, (await slotById(to)).Remaining]).toEqual([4, 1]);
    // A double click answers the same move.
    const again = await call(backend, 'HIS_Register/RescheduleRegister', { RegisterNo: no, ScheduleID: to }, token);
    expect(again.Result).toMatchObject({ Repeated: true, ScheduleID: to });
    expect((await slotById(to)).Remaining).toBe(1);
    // Paid once, never again.
    expect(backend.db.prepare(`SELECT COUNT(*) FROM payments WHERE register_no = ? AND status = 'paid'`).pluck().get(no)).toBe(1);
  });

  it('a full slot, another doctor or a past cut-off changes nothing: the old number stays held', async () => {
    const token = tokens[12]!;
    const { open } = await freshDoctor(2);
    const from = await leave(open[0]!, 4);
    const full = await leave(open[open.length - 1]!, 0);
    const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: from, IdempotencyKey: key() }, token);
    const no = booked.Result.RegisterNo as string;
    expect((await call(backend, 'HIS_Register/PayRegister', { RegisterNo: no }, token)).ErrorNo).toBe(1);
    const toFull = await call(backend, 'HIS_Register/RescheduleRegister', { RegisterNo: no, ScheduleID: full }, token);
    expect(toFull).toMatchObject({ ErrorNo: -1, Result: { Reason: 'FULL' } });
    const otherDoctor = (await freshDoctor(1)).open[0]!.ScheduleID;
    const toOther = await call(backend, 'HIS_Register/RescheduleRegister', { RegisterNo: no, ScheduleID: otherDoctor }, token);
    expect(toOther).toMatchObject({ ErrorNo: -1, ErrorInfo: '只能改约同一位医生的其他时段', Result: { Reason: 'OTHER_DOCTOR' } });
    expect((await slotById(from)).Remaining).toBe(3);
    expect((await call(backend, 'HIS_Register/GetRegister', { RegisterNo: no }, token)).Result.ScheduleID).toBe(from);

    const start = clock;
    try {
      clock = new Date(new Date((await slotById(from)).PeriodStart).getTime() - 60 * 60_000);
      const late = await call(backend, 'HIS_Register/RescheduleRegister', { RegisterNo: no, ScheduleID: otherDoctor }, await memberToken(backend, memberIds[12]!, 'AVIP12'));
      expect(late.Result.Reason).toBe('TOO_LATE');
    } finally {
      clock = start;
    }
    const foreign = await call(backend, 'HIS_Register/RescheduleRegister', { RegisterNo: no, ScheduleID: full }, tokens[13]);
    expect([foreign.ErrorNo, foreign.ErrorInfo]).toEqual([404, '预约记录不存在']);
  });
});

describe('after the visit: Dev/MarkVisited and the review', () => {
  it('a 已就诊 booking is reviewed once; the review shows as 已就诊患者 with its stars and counts in the praise rate', async () => {
    const token = tokens[14]!;
    const { code } = await freshDoctor(1);
    const id = (await freshDoctorSlot(code)).ScheduleID;
    const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key() }, token);
    const no = booked.Result.RegisterNo as string;
    const early = await call(backend, 'TW_Evaluate/AddRegisterEvaluate', { RegisterNo: no, Stars: '5', Content: '医生问诊很仔细，开的药很有效。' }, token);
    expect(early).toMatchObject({ ErrorNo: -1, Result: { Reason: 'NOT_VISITED' } });
    // Only a paid booking can be marked visited; the aid is off without DEV_AIDS.
    backend.settings.devAids = false;
    expect((await call(backend, 'Dev/MarkVisited', { RegisterNo: no })).ErrorNo).toBe(404);
    backend.settings.devAids = true;
    try {
      expect((await call(backend, 'Dev/MarkVisited', { RegisterNo: no })).Result.Reason).toBe('NOT_VISITABLE');
      expect((await call(backend, 'HIS_Register/PayRegister', { RegisterNo: no }, token)).ErrorNo).toBe(1);
      expect((await call(backend, 'Dev/MarkVisited', { RegisterNo: no })).Result).toMatchObject({ Status: 1, StatusName: '已就诊' });
    } finally {
      backend.settings.devAids = false;
    }
    expect((await call(backend, 'HIS_Register/GetRegister', { RegisterNo: no }, token)).Result).toMatchObject({ Status: 1, CanEvaluate: 1, Evaluation: null, CanCancel: 0 });

    const doctor = () => call(backend, 'TW_User/GetDoctorSingle', { AppointmentCode: code });
    // The doctor's PraiseRate is their one 满意度: what GetEvaluateRatio says for their clinic-visit evaluations.
    const ratio = async () => (await call(backend, 'TW_Evaluate/GetEvaluateRatio', { AppointmentCode: code, Source: '0' })).Result.ReturnObject;
    const before = await ratio();
    expect((await doctor()).Result.ReturnObject.PraiseRate).toBe(before.SatisfiedRate);
    for (const [fields, message] of [
      [{ Stars: '6', Content: '医生问诊很仔细。' }, '评分应为1到5星'],
      [{ Stars: '', Content: '医生问诊很仔细。' }, '请选择评分（1到5星）'],
      [{ Stars: '5', Content: '好' }, '评价内容至少5个字'],
      [{ Stars: '5', Content: '好'.repeat(501) }, '评价内容不能超过500个字'],
    ] as const) {
      const bad = await call(backend, 'TW_Evaluate/AddRegisterEvaluate', { RegisterNo: no, ...fields }, token);
      expect([bad.ErrorNo, bad.ErrorInfo]).toEqual([0, message]);
    }
    const foreign = await call(backend, 'TW_Evaluate/AddRegisterEvaluate', { RegisterNo: no, Stars: '1', Content: '冒充别人的评价内容' }, tokens[15]);
    expect([foreign.ErrorNo, foreign.ErrorInfo]).toEqual([404, '预约记录不存在']);

    const review = await call(backend, 'TW_Evaluate/AddRegisterEvaluate', { RegisterNo: no, Stars: '5', Content: '医生问诊很仔细，开的药很有效。' }, token);
    expect(review.ErrorNo, review.ErrorInfo).toBe(1);
    const twice = await call(backend, 'TW_Evaluate/AddRegisterEvaluate', { RegisterNo: no, Stars: '1', Content: '再评一次试试看' }, token);
    expect(twice).toMatchObject({ ErrorNo: -1, Result: { Reason: 'ALREADY_REVIEWED' } });

    const list = await call(backend, 'TW_Evaluate/GetTW_EvaluateDetailsList', { AppointmentCode: code, Source: '0' });
    expect(list.Result.DataList[0]).toMatchObject({
      Content: '医生问诊很仔细，开的药很有效。',
      Stars: 5,
      Verified: 1,
      Satisfaction: 1,
      EvaluateType: 0,
      MemberName: '预**',
    });
    const after = await ratio();
    expect([after.Total, after.Satisfied]).toEqual([before.Total + 1, before.Satisfied + 1]);
    expect(after.SatisfiedRate).toBe(Math.round(((before.Satisfied + 1) / (before.Total + 1)) * 1000) / 10);
    expect((await doctor()).Result.ReturnObject.PraiseRate).toBe(after.SatisfiedRate);
    expect((await call(backend, 'HIS_Register/GetRegister', { RegisterNo: no }, token)).Result).toMatchObject({
      CanEvaluate: 0,
      Evaluation: { Stars: 5, Content: '医生问诊很仔细，开的药很有效。' },
    });
  });
});

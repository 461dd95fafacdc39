/**
 * Online booking under HIS_Register (docs/api.md "HIS_Register booking"):
 * the number is taken atomically, a double submit books once, an unpaid
 * booking lapses and returns its number, cancelling stops at the cut-off, and
 * bad input gets a Chinese message, never a 500. Time moves through the
 * backend's injected clock, never by sleeping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath, visitorToken } from '@/test/backend-member-services';
import { idCardFor } from '@/test/id-cards';
import type { PaymentProvider } from '../payments';
import type { WireSlot } from '@/lib/contract';

let backend: Backend;
// 23:50 China time: the quarter-hour lapse below crosses midnight, where the numbers once changed (schedule-slots.ts).
let clock = new Date('2026-11-24T15:50:00Z');
const tokens: string[] = [];
const memberIds: number[] = [];
const HAN = /[\u4e00-\u9fa5]/;

let failNextRefund = false;
const provider: PaymentProvider = {
  name: 'test',
  create: async () => ({ ok: true, paymentNo: `T${Math.random().toString(36).slice(2, 12)}` }),
  confirm: async (paymentNo) => ({ ok: true, paymentNo }),
  refund: async ({ paymentNo }) => {
    if (failNextRefund) {
      failNextRefund = false;
      return { ok: false, reason: 'declined' };
    }
    return { ok: true, paymentNo };
  },
};

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

/** An open slot at least `days` days ahead, left with exactly `left` numbers (front-desk holds take the rest). */
async function slotWithLeft(code: string, days: number, left: number): Promise<string> {
  const from = new Date(clock.getTime() + days * 86_400_000).toISOString();
  const slot = (await slotsOf(code)).find((s) => s.BookState === 'open' && s.PeriodStart >= from && s.Remaining >= left)!;
  const extra = slot.Remaining - left;
  backend.db.prepare('INSERT OR REPLACE INTO schedule_holds (schedule_id, taken) VALUES (?, ?)').run(slot.ScheduleID, extra);
  expect((await slotById(slot.ScheduleID)).Remaining).toBe(left);
  return slot.ScheduleID;
}

beforeAll(async () => {
  backend = createBackend({ dbPath: tempDbPath('booking'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock, paymentProvider: provider });
  for (let i = 0; i < 22; i++) {
    const vip = `BVIP${String(i).padStart(2, '0')}`;
    const id = ensureMember(backend, { phone: `1370000${String(i).padStart(4, '0')}`, vipCode: vip, name: `预约${i}`, points: 0 });
    // Real-name registration: each holder has their ID card on file and books for themself.
    backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(100 + i), id);
    memberIds.push(id);
    tokens.push(await memberToken(backend, id, vip));
  }
});

afterAll(() => backend.db.close());

describe('BookRegister', () => {
  it('20 concurrent bookings of a slot with 3 left give exactly 3 appointments and never a negative count', async () => {
    const id = await slotWithLeft('D100001', 3, 3);
    const results = await Promise.all(
      tokens.slice(0, 20).map((t) => call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key() }, t)),
    );
    const booked = results.filter((r) => r.ErrorNo === 1);
    expect(booked).toHaveLength(3);
    for (const r of results.filter((x) => x.ErrorNo !== 1)) {
      expect(r.ErrorNo).toBe(-1);
      expect(r.Result.Reason).toBe('FULL');
      expect(r.ErrorInfo).toBe('该时段已约满，请选择其他时段');
    }
    const count = backend.db.prepare(`SELECT COUNT(*) AS n FROM registrations WHERE schedule_id = ?`).get(id) as { n: number };
    expect(count.n).toBe(3);
    const slot = await slotById(id);
    expect(slot.Remaining).toBe(0);
    expect(slot.BookState).toBe('full');
  });

  it('a double submit with one key books once; the slot drops by one', async () => {
    const id = await slotWithLeft('D100002', 3, 5);
    const k = key();
    const [a, b] = await Promise.all([
      call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: k }, tokens[0]),
      call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: k }, tokens[0]),
    ]);
    expect([a.ErrorNo, b.ErrorNo]).toEqual([1, 1]);
    expect(a.Result.RegisterNo).toBe(b.Result.RegisterNo);
    expect([a.Result.Repeated, b.Result.Repeated].sort()).toEqual([false, true]);
    expect(a.Result).toMatchObject({ Status: 4, StatusName: '待支付', CanPay: 1, CanCancel: 1, ScheduleID: id });
    expect((await slotById(id)).Remaining).toBe(4);
    // The same member cannot hold a second appointment for that doctor and period.
    const again = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key() }, tokens[0]);
    expect(again.ErrorNo).toBe(-1);
    expect(again.Result.Reason).toBe('DUPLICATE');
    // A key used for another slot is refused, not silently reused.
    const other = (await slotsOf('D100002')).find((s) => s.BookState === 'open' && s.ScheduleID !== id)!;
    const reused = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: other.ScheduleID, IdempotencyKey: k }, tokens[0]);
    expect(reused.Result.Reason).toBe('KEY_REUSED');
  });

  it('an unpaid booking lapses after the payment minutes and its number returns (clock moved, no sleep)', async () => {
    const id = await slotWithLeft('D100003', 4, 2);
    const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key() }, tokens[1]);
    expect(booked.ErrorNo).toBe(1);
    expect((await slotById(id)).Remaining).toBe(1);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 14 * 60_000);
      expect((await slotById(id)).Remaining).toBe(1);
      clock = new Date(start.getTime() + 15 * 60_000 + 1000);
      expect((await slotById(id)).Remaining).toBe(2);
      const record = await call(backend, 'HIS_Register/GetRegister', { RegisterNo: booked.Result.RegisterNo }, tokens[1]);
      expect(record.Result).toMatchObject({ Status: 5, StatusName: '已过期', CanPay: 0, CanCancel: 0 });
      const pay = await call(backend, 'HIS_Register/PayRegister', { RegisterNo: booked.Result.RegisterNo }, tokens[1]);
      expect(pay.ErrorNo).toBe(-1);
      expect(pay.Result.Reason).toBe('LAPSED');
      const lapsed = await call(backend, 'HIS_Register/GetRegisterList', { Status: '5' }, tokens[1]);
      expect(lapsed.Result.DataList.map((r: { RegisterNo: string }) => r.RegisterNo)).toContain(booked.Result.RegisterNo);
    } finally {
      clock = start;
    }
  });

  it('paying makes it 已预约 once; cancelling returns the number and refunds', async () => {
    const id = await slotWithLeft('D100004', 5, 3);
    const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key() }, tokens[2]);
    const no = booked.Result.RegisterNo as string;
    const paid = await call(backend, 'HIS_Register/PayRegister', { RegisterNo: no }, tokens[2]);
    expect(paid.ErrorNo, paid.ErrorInfo).toBe(1);
    expect(paid.Result).toMatchObject({ Status: 0, StatusName: '已预约', CanPay: 0, CanCancel: 1 });
    const again = await call(backend, 'HIS_Register/PayRegister', { RegisterNo: no }, tokens[2]);
    expect(again.Result.Repeated).toBe(true);
    const payments = backend.db.prepare(`SELECT COUNT(*) AS n FROM payments WHERE register_no = ? AND status = 'paid'`).get(no) as { n: number };
    expect(payments.n).toBe(1);
    expect((await slotById(id)).Remaining).toBe(2);

    // A refused refund leaves the record as it was.
    failNextRefund = true;
    const failed = await call(backend, 'HIS_Register/CancelRegister', { RegisterNo: no }, tokens[2]);
    expect(failed.ErrorNo).toBe(-1);
    expect(failed.Result.Reason).toBe('REFUND_FAILED');
    expect((await call(backend, 'HIS_Register/GetRegister', { RegisterNo: no }, tokens[2])).Result.Status).toBe(0);

    const cancelled = await call(backend, 'HIS_Register/CancelRegister', { RegisterNo: no }, tokens[2]);
    expect(cancelled.ErrorNo, cancelled.ErrorInfo).toBe(1);
    expect(cancelled.Result).toMatchObject({ Status: 2, StatusName: '已取消', CanCancel: 0 });
    expect((await slotById(id)).Remaining).toBe(3);
  });

  it('cancelling stops 2 hours before the period starts', async () => {
    const id = await slotWithLeft('D100005', 2, 3);
    const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key() }, tokens[3]);
    const no = booked.Result.RegisterNo as string;
    expect((await call(backend, 'HIS_Register/PayRegister', { RegisterNo: no }, tokens[3])).ErrorNo).toBe(1);
    const start = clock;
    try {
      clock = new Date(new Date((await slotById(id)).PeriodStart).getTime() - 119 * 60_000);
      // Tokens are checked against the same clock: sign fresh ones at the moved time.
      const member = await memberToken(backend, memberIds[3]!, 'BVIP03');
      const late = await call(backend, 'HIS_Register/CancelRegister', { RegisterNo: no }, member);
      expect(late.ErrorNo).toBe(-1);
      expect(late.Result.Reason).toBe('TOO_LATE');
      expect(late.ErrorInfo).toMatch(HAN);
      expect((await call(backend, 'HIS_Register/GetRegister', { RegisterNo: no }, member)).Result).toMatchObject({ Status: 0, CanCancel: 0 });
      // Once the period has started, the slot is closed to booking.
      clock = new Date(new Date((await slotById(id)).PeriodStart).getTime() + 60_000);
      const other = await memberToken(backend, memberIds[4]!, 'BVIP04');
      const closed = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: id, IdempotencyKey: key() }, other);
      expect(closed.Result.Reason).toBe('CLOSED');
    } finally {
      clock = start;
    }
  });
});

describe('bad input gets a Chinese message, never a 500', () => {
  it('unknown, past and malformed slots; forged and foreign records; visitors', async () => {
    const unknown = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: '999999-2099-01-01-1-SA0101', IdempotencyKey: key() }, tokens[5]);
    expect(unknown.ErrorNo).toBe(404);
    expect(unknown.ErrorInfo).toBe('号源不存在，请重新选择出诊时段');
    const past = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: '1001-2020-01-06-1-SA0101', IdempotencyKey: key() }, tokens[5]);
    expect(past.ErrorNo).toBe(-1);
    expect(past.ErrorInfo).toBe('该时段已结束，请选择其他时段');
    for (const fields of [
      { ScheduleID: '<script>', IdempotencyKey: key() },
      { ScheduleID: '1001-2020-01-06-1-SA0101', IdempotencyKey: 'x' },
      { IdempotencyKey: key() },
      { ScheduleID: 'x'.repeat(10_000), IdempotencyKey: key() },
    ]) {
      const r = await call(backend, 'HIS_Register/BookRegister', fields, tokens[5]);
      expect(r.ErrorNo).toBe(0);
      expect(r.ErrorInfo).toMatch(HAN);
    }
    const theirs = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: await slotWithLeft('D100006', 3, 4), IdempotencyKey: key() }, tokens[6]);
    const no = theirs.Result.RegisterNo as string;
    for (const path of ['HIS_Register/GetRegister', 'HIS_Register/PayRegister', 'HIS_Register/CancelRegister']) {
      const foreign = await call(backend, path, { RegisterNo: no }, tokens[7]);
      expect(foreign.ErrorNo).toBe(404);
      expect(foreign.ErrorInfo).toBe('预约记录不存在');
      const forged = await call(backend, path, { RegisterNo: "R1' OR 1=1 --" }, tokens[7]);
      expect(forged.ErrorNo).toBe(0);
      expect(forged.ErrorInfo).toBe('预约单号格式不正确');
    }
    expect((await call(backend, 'HIS_Register/GetRegister', { RegisterNo: no }, tokens[6])).Result.Status).toBe(4);
    const visitor = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: no, IdempotencyKey: key() }, await visitorToken(backend));
    expect(visitor.ErrorNo).toBe(4001);
    expect((await call(backend, 'HIS_Register/GetRegisterList', { Status: '9' }, tokens[6])).ErrorNo).toBe(0);
  });
});

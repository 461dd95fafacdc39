/**
 * The price the site promises is the price charged (lib/fees.ts; docs/api.md "HIS_Register booking"): a
 * booking costs the list fee at the account holder's card level, to the fen, whoever the 就诊人 is; that amount
 * is what the provider is asked for, what the record shows and what a cancel refunds; paying earns the level's
 * points once (raced or retried) and the refund takes them back once; a cancel claims the row before it asks for
 * the refund, and asks once, under the booking's refund key. Time moves through the injected clock only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import { idCardFor } from '@/test/id-cards';
import type { PaymentProvider, RefundRequest } from '../payments';
import type { WireSlot } from '@/lib/contract';

let backend: Backend;
const clock = new Date('2026-11-24T02:00:00Z'); // 10:00 China time

const created: number[] = [];
const refunds: RefundRequest[] = [];
let failNextRefund = false;
/** Each call yields to the event loop first, so concurrent calls really overlap at the provider. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const provider: PaymentProvider = {
  name: 'test',
  create: async (order) => {
    await turn();
    created.push(order.amount);
    return { ok: true, paymentNo: `T${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}` };
  },
  confirm: async (paymentNo) => {
    await turn();
    return { ok: true, paymentNo };
  },
  refund: async (request) => {
    await turn();
    refunds.push(request);
    if (failNextRefund) {
      failNextRefund = false;
      return { ok: false, reason: 'declined' };
    }
    return { ok: true, paymentNo: request.paymentNo };
  },
};

const key = () => `k${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;

interface Member {
  id: number;
  token: string;
}

async function member(n: number, level: number, points = 0): Promise<Member> {
  const vip = `FVIP${n}`;
  const id = ensureMember(backend, { phone: `1360000${String(n).padStart(4, '0')}`, vipCode: vip, name: `会员${n}`, points });
  backend.db.prepare('UPDATE members SET id_card = ?, level = ? WHERE id = ?').run(idCardFor(300 + n), level, id);
  return { id, token: await memberToken(backend, id, vip) };
}

/** An open slot, two days or more ahead, of a doctor whose list fee is `fee`; each call a different doctor. */
const usedDoctors = new Set<string>();
async function slotOfFee(fee: number): Promise<WireSlot> {
  const doctors = backend.db.prepare('SELECT appointment_code AS code FROM doctors WHERE register_fee = ? ORDER BY doctor_id').all(fee) as { code: string }[];
  const from = new Date(clock.getTime() + 2 * 86_400_000).toISOString();
  for (const d of doctors) {
    if (usedDoctors.has(d.code)) continue;
    const r = await call(backend, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: d.code });
    const slot = (r.Result.DataList as { Shifts: WireSlot[] }[]).flatMap((x) => x.Shifts).find((s) => s.BookState === 'open' && s.PeriodStart >= from && s.Remaining >= 3);
    if (slot) {
      usedDoctors.add(d.code);
      return slot;
    }
  }
  throw new Error(`no open slot of a ¥${fee} doctor`);
}

async function book(m: Member, fee: number, fields: Record<string, unknown> = {}) {
  const slot = await slotOfFee(fee);
  const r = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: key(), ...fields }, m.token);
  expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  return r.Result as { RegisterNo: string; Fee: number; PayAmount: number; DiscountLabel: string; PointsEarned: number };
}

const pointsOf = (m: Member) => (backend.db.prepare('SELECT points FROM members WHERE id = ?').get(m.id) as { points: number }).points;
const ledgerOf = (no: string) =>
  backend.db.prepare('SELECT kind, points FROM points_ledger WHERE register_no = ? ORDER BY id').all(no) as { kind: string; points: number }[];

beforeAll(() => {
  backend = createBackend({ dbPath: tempDbPath('charges'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock, paymentProvider: provider });
});
afterAll(() => backend.db.close());

describe('the amount to pay', () => {
  it('is the list fee at the holder’s level, to the fen, in the record and at the provider', async () => {
    const cases: [level: number, fee: number, amount: number, label: string][] = [
      [1, 15, 14.25, '普卡 9.5折'],
      [2, 15, 13.5, '银卡 9折'],
      [3, 15, 12.75, '金卡 8.5折'],
      [4, 50, 40, '钻石卡 8折'],
      [3, 30, 25.5, '金卡 8.5折'],
    ];
    for (const [i, [level, fee, amount, label]] of cases.entries()) {
      const m = await member(10 + i, level);
      const booked = await book(m, fee);
      expect(booked).toMatchObject({ Fee: fee, PayAmount: amount, DiscountLabel: label });
      created.length = 0;
      const paid = await call(backend, 'HIS_Register/PayRegister', { RegisterNo: booked.RegisterNo }, m.token);
      expect(paid.ErrorNo, paid.ErrorInfo).toBe(1);
      expect(created).toEqual([amount]);
      const listed = await call(backend, 'HIS_Register/GetRegisterList', {}, m.token);
      expect(listed.Result.DataList[0]).toMatchObject({ RegisterNo: booked.RegisterNo, Fee: fee, PayAmount: amount });
      const payment = backend.db.prepare(`SELECT amount FROM payments WHERE register_no = ? AND status = 'paid'`).get(booked.RegisterNo) as { amount: number };
      expect(payment.amount).toBe(amount);
    }
  });

  it('is the account holder’s discount when the 就诊人 is someone else', async () => {
    const gold = await member(20, 3);
    const added = await call(
      backend,
      'HIS_Register/AddPatient',
      { Name: '张秀兰', Relation: '父母', IDCard: idCardFor(420), Phone: '13900000420' },
      gold.token,
    );
    expect(added.ErrorNo, added.ErrorInfo).toBe(1);
    const booked = await book(gold, 30, { PatientID: added.Result.PatientID });
    expect(booked).toMatchObject({ PayAmount: 25.5, DiscountLabel: '金卡 8.5折' });
  });

  it('does not change when the level changes after booking (the page showed it)', async () => {
    const m = await member(21, 1);
    const booked = await book(m, 30);
    backend.db.prepare('UPDATE members SET level = 4 WHERE id = ?').run(m.id);
    const paid = await call(backend, 'HIS_Register/PayRegister', { RegisterNo: booked.RegisterNo }, m.token);
    expect(paid.Result).toMatchObject({ PayAmount: 28.5, DiscountLabel: '普卡 9.5折', PointsEarned: 28 });
  });
});

describe('points', () => {
  it('a payment earns the level’s points once, however many pays race or retry', async () => {
    const gold = await member(30, 3, 100);
    const booked = await book(gold, 30);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(backend, 'HIS_Register/PayRegister', { RegisterNo: booked.RegisterNo }, gold.token)),
    );
    const charged = results.filter((r) => r.ErrorNo === 1 && r.Result.Repeated === false);
    expect(charged).toHaveLength(1);
    // The others were told a payment is under way, or (arriving after it ended, on a busy machine) that it is paid
    // already; none charged again.
    for (const r of results.filter((x) => !(x.ErrorNo === 1 && x.Result.Repeated === false))) {
      expect(r.Result.Reason === 'IN_PROGRESS' || r.Result.Repeated === true, JSON.stringify(r)).toBe(true);
    }
    // 25.50 yuan × 1.5 = 38.25: 38 points.
    expect(charged[0]!.Result.PointsEarned).toBe(38);
    expect(pointsOf(gold)).toBe(138);
    const retry = await call(backend, 'HIS_Register/PayRegister', { RegisterNo: booked.RegisterNo }, gold.token);
    expect(retry.Result.Repeated).toBe(true);
    expect(pointsOf(gold)).toBe(138);
    expect(ledgerOf(booked.RegisterNo)).toEqual([{ kind: 'registration', points: 38 }]);

    const log = await call(backend, 'PointsMall/GetPointsLog', {}, gold.token);
    expect(log.ErrorNo, log.ErrorInfo).toBe(1);
    expect(log.Result.DataList[0]).toMatchObject({ Kind: 'registration', KindName: '挂号得积分', Points: 38, Balance: 138, RegisterNo: booked.RegisterNo });
  });

  it('an unpaid booking earns nothing', async () => {
    const m = await member(31, 4);
    const booked = await book(m, 50);
    expect(booked.PointsEarned).toBe(0);
    expect(pointsOf(m)).toBe(0);
    expect(ledgerOf(booked.RegisterNo)).toEqual([]);
  });
});

describe('cancel and refund', () => {
  it('refunds the amount paid once under the booking’s key and takes the points back once, however many cancels race', async () => {
    const gold = await member(40, 3, 5);
    const booked = await book(gold, 15);
    expect((await call(backend, 'HIS_Register/PayRegister', { RegisterNo: booked.RegisterNo }, gold.token)).ErrorNo).toBe(1);
    // 12.75 × 1.5 = 19.125: 19 points.
    expect(pointsOf(gold)).toBe(24);
    refunds.length = 0;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call(backend, 'HIS_Register/CancelRegister', { RegisterNo: booked.RegisterNo }, gold.token)),
    );
    expect(refunds).toEqual([{ paymentNo: expect.any(String), amount: 12.75, key: `REFUND-${booked.RegisterNo}` }]);
    const done = results.filter((r) => r.ErrorNo === 1 && r.Result.Repeated === false);
    expect(done).toHaveLength(1);
    expect(done[0]!.Result).toMatchObject({ Status: 2, RefundAmount: 12.75, PayAmount: 12.75 });
    for (const r of results.filter((x) => !(x.ErrorNo === 1 && x.Result.Repeated === false))) {
      expect(r.ErrorNo === 1 ? r.Result.Repeated : r.Result.Reason).toBe(r.ErrorNo === 1 ? true : 'IN_PROGRESS');
    }
    expect(pointsOf(gold)).toBe(5);
    expect(ledgerOf(booked.RegisterNo)).toEqual([
      { kind: 'registration', points: 19 },
      { kind: 'refund', points: -19 },
    ]);
    // Cancelling again changes nothing and asks for no refund.
    const again = await call(backend, 'HIS_Register/CancelRegister', { RegisterNo: booked.RegisterNo }, gold.token);
    expect(again.Result.Repeated).toBe(true);
    expect(refunds).toHaveLength(1);
    expect(pointsOf(gold)).toBe(5);
  });

  it('a refused refund leaves the booking, its claim and the points as they were, and a later cancel goes through', async () => {
    const m = await member(41, 2);
    const booked = await book(m, 30);
    expect((await call(backend, 'HIS_Register/PayRegister', { RegisterNo: booked.RegisterNo }, m.token)).ErrorNo).toBe(1);
    // 27 yuan × 1.2 = 32.4: 32 points.
    expect(pointsOf(m)).toBe(32);
    failNextRefund = true;
    const failed = await call(backend, 'HIS_Register/CancelRegister', { RegisterNo: booked.RegisterNo }, m.token);
    expect(failed.Result.Reason).toBe('REFUND_FAILED');
    const row = backend.db.prepare('SELECT status, cancel_claimed_at FROM registrations WHERE register_no = ?').get(booked.RegisterNo);
    expect(row).toEqual({ status: 0, cancel_claimed_at: null });
    expect(pointsOf(m)).toBe(32);
    const ok = await call(backend, 'HIS_Register/CancelRegister', { RegisterNo: booked.RegisterNo }, m.token);
    expect(ok.Result).toMatchObject({ Status: 2, RefundAmount: 27 });
    expect(pointsOf(m)).toBe(0);
  });

  it('takes back no more than the balance when the points were spent meanwhile', async () => {
    const m = await member(42, 4);
    const booked = await book(m, 50);
    expect((await call(backend, 'HIS_Register/PayRegister', { RegisterNo: booked.RegisterNo }, m.token)).ErrorNo).toBe(1);
    expect(pointsOf(m)).toBe(80);
    backend.db.prepare('UPDATE members SET points = 30 WHERE id = ?').run(m.id);
    expect((await call(backend, 'HIS_Register/CancelRegister', { RegisterNo: booked.RegisterNo }, m.token)).ErrorNo).toBe(1);
    expect(pointsOf(m)).toBe(0);
    expect(ledgerOf(booked.RegisterNo).at(-1)).toEqual({ kind: 'refund', points: -30 });
  });
});

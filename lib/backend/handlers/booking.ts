/**
 * Online booking under HIS_Register (SPEC §7; the site's extension of the
 * contract, documented in docs/api.md "HIS_Register booking"):
 * - GetScheduleSlot (public): one schedule slot with its live numbers;
 * - BookRegister (member, write): takes one number of a slot, atomically, with
 *   an idempotency key as ExchangeGoods has; the booking starts unpaid (4 待支付)
 *   with a payment deadline, and lapses (5 已过期) when it passes;
 * - PayRegister (member, write): pays through settings.paymentProvider, → 0 已预约;
 * - CancelRegister (member, write): until the cut-off before the period; the number returns;
 * - GetRegister (member): one of the member's own records.
 * Numbers are counted, not stored: a slot's remaining is its base minus
 * front-desk holds minus the site's active registrations, so a lapsed booking
 * returns its number the moment its deadline passes, with no sweeper.
 */
import crypto from 'node:crypto';
import { optionalInt, requiredString } from '../fields';
import { BackendError, ErrorNo, type BackendSettings, type Caller, type Database, type EndpointMap, type HandlerContext } from '../types';
import { chinaDate } from './clinic-rows';
import { ACTIVE_REGISTRATION_SQL, SCHEDULE_ID, slotById, type Slot } from './schedule-slots';
import { registrationWire, type RegisterRow } from './register';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;
/** RegisterNo of seeded (R<vip>-001) and booked (R2026...) records. */
const REGISTER_NO = /^R[A-Za-z0-9-]{4,40}$/;

/** Why a booking call was refused; sent in Result.Reason with the ErrorInfo. */
export type BookingRefusal =
  | 'FULL'
  | 'CLOSED'
  | 'DUPLICATE'
  | 'KEY_REUSED'
  | 'LAPSED'
  | 'NOT_PAYABLE'
  | 'NOT_CANCELLABLE'
  | 'TOO_LATE'
  | 'PAYMENT_FAILED'
  | 'REFUND_FAILED'
  | 'IN_PROGRESS';

function refuse(reason: BookingRefusal, message: string): never {
  throw new BackendError(ErrorNo.REFUSED, message, { Reason: reason });
}

function memberOf(caller: Caller) {
  if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
  return caller;
}

function scheduleIdField(ctx: HandlerContext): string {
  const id = requiredString(ctx.fields, 'ScheduleID', '排班号源', 60);
  if (!SCHEDULE_ID.test(id)) throw new BackendError(ErrorNo.BAD_INPUT, '排班号源格式不正确，请重新选择时段');
  return id;
}

function registerNoField(ctx: HandlerContext): string {
  const no = requiredString(ctx.fields, 'RegisterNo', '预约单号', 60);
  if (!REGISTER_NO.test(no)) throw new BackendError(ErrorNo.BAD_INPUT, '预约单号格式不正确');
  return no;
}

/** The slot, or a clear refusal: past dates are "ended", unknown ones "not found". */
function slotOrRefuse(db: Database, scheduleId: string, now: Date): Slot {
  const slot = slotById(db, scheduleId, now);
  if (slot) return slot;
  const date = SCHEDULE_ID.exec(scheduleId)?.[2] ?? '';
  if (date && date < chinaDate(now).date) refuse('CLOSED', '该时段已结束，请选择其他时段');
  throw new BackendError(ErrorNo.NOT_FOUND, '号源不存在，请重新选择出诊时段');
}

function slotWire(db: Database, slot: Slot) {
  const doctor = db.prepare('SELECT department FROM doctors WHERE doctor_id = ?').get(slot.DoctorID) as
    | { department: string }
    | undefined;
  return { ...slot, Department: doctor?.department ?? '' };
}

function ownRow(db: Database, memberId: number, registerNo: string): RegisterRow {
  const row = db.prepare('SELECT * FROM registrations WHERE register_no = ? AND member_id = ?').get(registerNo, memberId) as
    | RegisterRow
    | undefined;
  // Another member's record is "not found" too: its existence is not told.
  if (!row) throw new BackendError(ErrorNo.NOT_FOUND, '预约记录不存在');
  return row;
}

/** Status as of `now`: an unpaid booking past its deadline has lapsed. */
export function effectiveStatus(row: Pick<RegisterRow, 'status' | 'pay_deadline'>, now: Date): number {
  return row.status === 4 && (!row.pay_deadline || row.pay_deadline <= now.toISOString()) ? 5 : row.status;
}

/**
 * BookRegister's transaction: IMMEDIATE, so concurrent bookings (even from two
 * processes) serialise on SQLite's write lock and each sees the numbers the
 * previous one took. The remaining count is read and the row inserted inside it.
 */
export function bookRegistration(
  db: Database,
  settings: BackendSettings,
  member: { memberId: number; vipCode: string },
  input: { scheduleId: string; key: string },
  now: Date,
) {
  const run = db.transaction(() => {
    const previous = db
      .prepare('SELECT * FROM registrations WHERE member_id = ? AND idempotency_key = ?')
      .get(member.memberId, input.key) as RegisterRow | undefined;
    if (previous) {
      if (previous.schedule_id !== input.scheduleId) refuse('KEY_REUSED', '该预约请求已用于其他时段，请重新选择时段');
      return { ...registrationWire(previous, settings, now), Repeated: true };
    }
    const slot = slotOrRefuse(db, input.scheduleId, now);
    if (slot.BookState === 'closed') refuse('CLOSED', '该时段已停止预约，请选择其他时段');
    if (slot.Remaining <= 0) refuse('FULL', '该时段已约满，请选择其他时段');
    const nowIso = now.toISOString();
    const duplicate = db
      .prepare(
        `SELECT 1 FROM registrations WHERE member_id = ? AND doctor_id = ? AND visit_date = ? AND shift_id = ? AND ${ACTIVE_REGISTRATION_SQL}`,
      )
      .get(member.memberId, slot.DoctorID, slot.Date, slot.ShiftID, nowIso);
    if (duplicate) refuse('DUPLICATE', '您已预约该医生的同一时段，请勿重复预约');
    const person = db.prepare('SELECT name FROM members WHERE id = ?').get(member.memberId) as { name: string } | undefined;
    if (!person) throw new BackendError(ErrorNo.VIP_NOT_BOUND, '会员信息不存在，请重新登录');
    const department = (db.prepare('SELECT department FROM doctors WHERE doctor_id = ?').get(slot.DoctorID) as { department: string }).department;
    const registerNo = `R${nowIso.slice(0, 10).replace(/-/g, '')}${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    const deadline = new Date(now.getTime() + settings.bookingPaymentMinutes * 60_000).toISOString();
    db.prepare(
      `INSERT INTO registrations (register_no, member_id, vip_code, patient_name, visit_date, time_slot, hospital_code, hospital_name,
         department, doctor_code, doctor_name, doctor_title, fee, status, created_at,
         schedule_id, doctor_id, shift_id, period_start, pay_deadline, idempotency_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 4, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      registerNo, member.memberId, member.vipCode, person.name, slot.Date, `${slot.ShiftName} ${slot.StartTime}-${slot.EndTime}`,
      slot.HospitalCode, slot.HospitalName, department, slot.AppointmentCode, slot.DoctorName, slot.DoctorTitle, slot.RegisterFee,
      nowIso, slot.ScheduleID, slot.DoctorID, slot.ShiftID, slot.PeriodStart, deadline, input.key,
    );
    return { ...registrationWire(ownRow(db, member.memberId, registerNo), settings, now), Repeated: false };
  });
  return run.immediate();
}

function recordPayment(db: Database, p: { paymentNo: string; registerNo: string; memberId: number; provider: string; amount: number; status: string }, now: Date) {
  const at = now.toISOString();
  db.prepare(
    `INSERT INTO payments (payment_no, register_no, member_id, provider, amount, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (payment_no) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
  ).run(p.paymentNo, p.registerNo, p.memberId, p.provider, p.amount, p.status, at, at);
}

export async function payRegistration(db: Database, settings: BackendSettings, memberId: number, registerNo: string, now: Date) {
  const provider = settings.paymentProvider;
  // Claim the payment first, so a double click pays once: a second call sees the open claim.
  const claim = `CLAIM-${registerNo}`;
  const row = db.transaction(() => {
    const r = ownRow(db, memberId, registerNo);
    const status = effectiveStatus(r, now);
    if (status === 0) return r;
    if (status === 5) refuse('LAPSED', '支付已超时，该预约已过期，请重新预约');
    if (status !== 4) refuse('NOT_PAYABLE', '该预约当前状态无需支付');
    const open = db.prepare(`SELECT 1 FROM payments WHERE register_no = ? AND status IN ('created', 'paid')`).get(registerNo);
    if (open) refuse('IN_PROGRESS', '支付正在处理中，请勿重复提交');
    recordPayment(db, { paymentNo: claim, registerNo, memberId, provider: provider.name, amount: r.fee, status: 'created' }, now);
    return null;
  }).immediate();
  if (row) return { ...registrationWire(row, settings, now), Repeated: true };

  const fail = (message: string): never => {
    db.prepare(`UPDATE payments SET status = 'failed', updated_at = ? WHERE payment_no = ?`).run(now.toISOString(), claim);
    refuse('PAYMENT_FAILED', message);
  };
  let paymentNo = '';
  try {
    const r = ownRow(db, memberId, registerNo);
    const created = await provider.create({ orderNo: registerNo, amount: r.fee, description: `${r.doctor_name} ${r.visit_date} ${r.time_slot} 挂号费` });
    if (!created.ok) fail(created.message ?? '支付未完成，请稍后再试');
    paymentNo = (created as { paymentNo: string }).paymentNo;
    const confirmed = await provider.confirm(paymentNo);
    if (!confirmed.ok) fail('支付未完成，请稍后再试');
  } catch (err) {
    if (err instanceof BackendError) throw err;
    fail('支付服务暂时不可用，请稍后再试');
  }
  const at = settings.now();
  const paid = db.transaction(() => {
    db.prepare(`UPDATE payments SET payment_no = ?, status = 'paid', updated_at = ? WHERE payment_no = ?`).run(paymentNo, at.toISOString(), claim);
    return db
      .prepare(`UPDATE registrations SET status = 0, paid_at = ?, payment_no = ? WHERE register_no = ? AND status = 4 AND pay_deadline > ?`)
      .run(at.toISOString(), paymentNo, registerNo, at.toISOString()).changes;
  }).immediate();
  if (paid !== 1) {
    // The deadline passed while the provider answered: give the money back.
    const refund = await provider.refund(paymentNo, ownRow(db, memberId, registerNo).fee).catch(() => ({ ok: false as const, reason: 'error' }));
    if (refund.ok) db.prepare(`UPDATE payments SET status = 'refunded', updated_at = ? WHERE payment_no = ?`).run(at.toISOString(), paymentNo);
    refuse('LAPSED', '支付已超时，该预约已过期，费用将原路退回');
  }
  return { ...registrationWire(ownRow(db, memberId, registerNo), settings, at), Repeated: false };
}

/** Whether a booked (0) or unpaid (4) record may still be cancelled at `now`. */
export function cancelAllowed(row: RegisterRow, settings: BackendSettings, now: Date): boolean {
  const status = effectiveStatus(row, now);
  if (status === 4) return true;
  if (status !== 0) return false;
  const start = periodStartOfRow(row);
  return start !== null && now.getTime() < start.getTime() - settings.bookingCancelCutoffMinutes * 60_000;
}

/** period_start, or for seeded records the date and first time of their TimeSlot. */
export function periodStartOfRow(row: Pick<RegisterRow, 'period_start' | 'visit_date' | 'time_slot'>): Date | null {
  if (row.period_start) return new Date(row.period_start);
  const time = /(\d{2}):(\d{2})/.exec(row.time_slot);
  if (!time) return null;
  return new Date(`${row.visit_date}T${time[1]}:${time[2]}:00+08:00`);
}

export async function cancelRegistration(db: Database, settings: BackendSettings, memberId: number, registerNo: string, now: Date) {
  const row = ownRow(db, memberId, registerNo);
  const status = effectiveStatus(row, now);
  if (status === 2) return { ...registrationWire(row, settings, now), Repeated: true };
  if (status !== 0 && status !== 4) refuse('NOT_CANCELLABLE', '该预约当前状态不能取消');
  if (!cancelAllowed(row, settings, now)) {
    refuse('TOO_LATE', `距就诊开始已不足${Math.round(settings.bookingCancelCutoffMinutes / 60)}小时，无法在线取消，请联系门诊`);
  }
  if (status === 0 && row.payment_no) {
    const refund = await settings.paymentProvider.refund(row.payment_no, row.fee).catch(() => ({ ok: false as const, reason: 'error' }));
    if (!refund.ok) refuse('REFUND_FAILED', '退款未完成，预约保持不变，请稍后再试');
  }
  const changed = db.transaction(() => {
    const n = db
      .prepare(`UPDATE registrations SET status = 2, cancelled_at = ? WHERE id = ? AND status = ?`)
      .run(now.toISOString(), row.id, row.status).changes;
    if (n === 1 && row.payment_no) {
      db.prepare(`UPDATE payments SET status = 'refunded', updated_at = ? WHERE payment_no = ?`).run(now.toISOString(), row.payment_no);
    }
    return n;
  }).immediate();
  if (changed !== 1) refuse('NOT_CANCELLABLE', '该预约状态已变化，请刷新后再试');
  return { ...registrationWire(ownRow(db, memberId, registerNo), settings, now), Repeated: false };
}

export const bookingEndpoints: EndpointMap = {
  'HIS_Register/GetScheduleSlot': {
    access: 'public',
    handle(ctx) {
      return slotWire(ctx.db, slotOrRefuse(ctx.db, scheduleIdField(ctx), ctx.now));
    },
  },

  'HIS_Register/BookRegister': {
    access: 'member',
    write: true,
    handle(ctx) {
      const member = memberOf(ctx.caller);
      const scheduleId = scheduleIdField(ctx);
      const key = requiredString(ctx.fields, 'IdempotencyKey', '预约请求编号', 64);
      if (!IDEMPOTENCY_KEY.test(key)) throw new BackendError(ErrorNo.BAD_INPUT, '预约请求编号格式不正确');
      return bookRegistration(ctx.db, ctx.settings, member, { scheduleId, key }, ctx.now);
    },
  },

  'HIS_Register/PayRegister': {
    access: 'member',
    write: true,
    handle(ctx) {
      return payRegistration(ctx.db, ctx.settings, memberOf(ctx.caller).memberId, registerNoField(ctx), ctx.now);
    },
  },

  'HIS_Register/CancelRegister': {
    access: 'member',
    write: true,
    handle(ctx) {
      return cancelRegistration(ctx.db, ctx.settings, memberOf(ctx.caller).memberId, registerNoField(ctx), ctx.now);
    },
  },

  'HIS_Register/GetRegister': {
    access: 'member',
    handle(ctx) {
      return registrationWire(ownRow(ctx.db, memberOf(ctx.caller).memberId, registerNoField(ctx)), ctx.settings, ctx.now);
    },
  },

  /** Dev/FillSlot (ScheduleID, Leave = 0): the front desk takes the slot's numbers but `Leave` (browser tests of 约满). */
  'Dev/FillSlot': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle(ctx) {
      if (!ctx.settings.devAids) throw new BackendError(ErrorNo.NOT_FOUND, '接口不存在');
      const slot = slotOrRefuse(ctx.db, scheduleIdField(ctx), ctx.now);
      const leave = optionalInt(ctx.fields, 'Leave', '保留号数', { min: 0, max: 1000 }) ?? 0;
      const take = Math.max(0, slot.Remaining - leave);
      ctx.db
        .prepare(
          `INSERT INTO schedule_holds (schedule_id, taken) VALUES (?, ?)
           ON CONFLICT (schedule_id) DO UPDATE SET taken = taken + excluded.taken`,
        )
        .run(slot.ScheduleID, take);
      return { ScheduleID: slot.ScheduleID, Remaining: slot.Remaining - take };
    },
  },
};

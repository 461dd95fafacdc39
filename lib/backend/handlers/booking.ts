/**
 * Online booking under HIS_Register (SPEC §7; the site's extension of the
 * contract, documented in docs/api.md "HIS_Register booking"):
 * - GetScheduleSlot (public): one schedule slot with its live numbers;
 * - BookRegister (member, write): takes one number of a slot, atomically, with
 *   an idempotency key as ExchangeGoods has; the booking starts unpaid (4 待支付)
 *   with a payment deadline, and lapses (5 已过期) when it passes;
 * - PayRegister (member, write): pays through settings.paymentProvider, → 0 已预约;
 * - CancelRegister (member, write): until the cut-off before the period; the number returns;
 * - GetRegister (member): one of the member's own records;
 * - RescheduleRegister (member, write): moves a booking to another slot of the same doctor; the old number
 *   returns in the same transaction that holds the new one;
 * - Dev/MarkVisited (development aid): the clinic marks a paid booking 已就诊, so a review can follow.
 * Every booking names its 就诊人 (patients.ts; real-name registration), and is refused when that person
 * already holds a number of the doctor in that period (any record of the account, front-desk ones too), or a
 * booking at another clinic in that half-day (one person is at one place at a time), when the department
 * does not see them (中医妇科 women, 中医儿科 children: lib/validation departmentRefusal), when the member
 * holds MAX_UNPAID_BOOKINGS unpaid ones or has made DAILY_BOOKING_LIMIT today, and by the per-member and
 * per-client booking throttles (throttles.ts).
 * Numbers are counted, not stored: a slot's remaining is its base minus
 * front-desk holds minus the site's active registrations, so a lapsed booking
 * returns its number the moment its deadline passes, with no sweeper.
 */
import crypto from 'node:crypto';
import { isIdempotencyKey, isRegisterNo, parseScheduleId, type WireBookingSlot } from '@/lib/contract';
import { pointsForPayment, registrationCharge, toYuan } from '@/lib/fees';
import { LIMITS, limitMessage } from '@/lib/limits';
import { cutoffText } from '@/lib/visit-rules';
import { departmentRefusal, validateIdCard } from '@/lib/validation';
import { optionalInt, requiredString } from '../fields';
import { movePoints } from '../points-ledger';
import { smsNoticesOf } from '../reminders';
import type { Throttles } from '../throttles';
import { BackendError, ErrorNo, type BackendSettings, type Caller, type Database, type EndpointMap, type HandlerContext } from '../types';
import { chinaDate, chinaDayStartIso } from './clinic-rows';
import { bookingPatient, optionalPatientId, type BookingPatient } from './patients';
import { ACTIVE_REGISTRATION_SQL, slotById, type Slot } from './schedule-slots';
import { cancelAllowed, effectiveStatus, payFenOf, registrationWire, type RegisterRow } from './register';

/** Unpaid bookings one member may hold at once (lib/limits.ts bookingUnpaid). */
export const MAX_UNPAID_BOOKINGS = LIMITS.bookingUnpaid.allowance;
/** Bookings one member may make in a China day, whatever became of them (lib/limits.ts bookingDaily). */
export const DAILY_BOOKING_LIMIT = LIMITS.bookingDaily.allowance;


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
  | 'IN_PROGRESS'
  | 'UNPAID_LIMIT'
  | 'DAILY_LIMIT'
  | 'NOT_RESCHEDULABLE'
  | 'OTHER_DOCTOR'
  | 'NOT_VISITABLE'
  | 'DEPARTMENT'
  | 'SAME_HALF_DAY';

function refuse(reason: BookingRefusal, message: string): never {
  throw new BackendError(ErrorNo.REFUSED, message, { Reason: reason });
}

function memberOf(caller: Caller) {
  if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
  return caller;
}

function scheduleIdField(ctx: HandlerContext): string {
  const id = requiredString(ctx.fields, 'ScheduleID', '排班号源', 60);
  if (!parseScheduleId(id)) throw new BackendError(ErrorNo.BAD_INPUT, '排班号源格式不正确，请重新选择时段');
  return id;
}

function registerNoField(ctx: HandlerContext): string {
  const no = requiredString(ctx.fields, 'RegisterNo', '预约单号', 60);
  if (!isRegisterNo(no)) throw new BackendError(ErrorNo.BAD_INPUT, '预约单号格式不正确');
  return no;
}

/** The slot, or a clear refusal: past dates are "ended", unknown ones "not found". */
function slotOrRefuse(db: Database, scheduleId: string, now: Date): Slot {
  const slot = slotById(db, scheduleId, now);
  if (slot) return slot;
  const date = parseScheduleId(scheduleId)?.date ?? '';
  if (date && date < chinaDate(now).date) refuse('CLOSED', '该时段已结束，请选择其他时段');
  throw new BackendError(ErrorNo.NOT_FOUND, '号源不存在，请重新选择出诊时段');
}

function slotWire(db: Database, slot: Slot): WireBookingSlot {
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

/**
 * One booking per 就诊人, doctor and period, counting every record of the account: the site's (by shift) and
 * the front desk's, which have no schedule id or shift, only the doctor's code and the period's name in
 * TimeSlot. The person is their ID card; a record with none (made before 就诊人, or at the front desk for
 * the holder) is the account's own by its patient name. Only the account's own records are read: another
 * account's booking of the same ID card is never told (docs/security.md "就诊人"), and is not this
 * account's to refuse.
 */
function duplicateOf(db: Database, memberId: number, patient: BookingPatient, slot: Slot, now: Date, exceptId = 0): string | null {
  const row = db
    .prepare(
      `SELECT register_no FROM registrations
       WHERE doctor_code = ? AND visit_date = ?
         AND (shift_id = ? OR (shift_id IS NULL AND substr(time_slot, 1, ?) = ?))
         AND ${ACTIVE_REGISTRATION_SQL}
         AND member_id = ? AND (patient_id_card = ? OR (patient_id_card IS NULL AND patient_name = ?))
         AND id <> ?
       LIMIT 1`,
    )
    .get(
      slot.AppointmentCode, slot.Date, slot.ShiftID, [...slot.ShiftName].length, slot.ShiftName, now.toISOString(),
      memberId, patient.idCard, patient.name, exceptId,
    ) as { register_no: string } | undefined;
  return row?.register_no ?? null;
}

/**
 * One 就诊人 at one place per half-day (上午, 下午, 夜诊): the account's active booking of that person at
 * another clinic on the same date and half-day, to be named in the refusal. Same clinic is allowed (two
 * doctors of one clinic in one morning); the account's own records only, as duplicateOf.
 */
function otherPlaceOf(db: Database, memberId: number, patient: BookingPatient, slot: Slot, now: Date, exceptId = 0) {
  return db
    .prepare(
      `SELECT register_no, hospital_name, doctor_name, department, time_slot FROM registrations
       WHERE member_id = ? AND visit_date = ? AND substr(time_slot, 1, ?) = ? AND hospital_code <> ?
         AND ${ACTIVE_REGISTRATION_SQL}
         AND (patient_id_card = ? OR (patient_id_card IS NULL AND patient_name = ?))
         AND id <> ?
       LIMIT 1`,
    )
    .get(
      memberId, slot.Date, [...slot.ShiftName].length, slot.ShiftName, slot.HospitalCode, now.toISOString(),
      patient.idCard, patient.name, exceptId,
    ) as { register_no: string; hospital_name: string; doctor_name: string; department: string; time_slot: string } | undefined;
}

/** The hospital's rules of whom and where (see the head of this file), in the order a patient meets them. */
function checkPatientRules(db: Database, memberId: number, patient: BookingPatient, slot: Slot, department: string, now: Date, exceptId = 0) {
  const card = validateIdCard(patient.idCard, now);
  const cannot = departmentRefusal(department, card.ok ? card.value : { sex: null, birthday: '' }, slot.Date);
  if (cannot) refuse('DEPARTMENT', cannot);
  if (duplicateOf(db, memberId, patient, slot, now, exceptId)) {
    refuse('DUPLICATE', `${patient.name}已预约该医生的同一时段，请勿重复预约`);
  }
  const other = otherPlaceOf(db, memberId, patient, slot, now, exceptId);
  if (other) {
    refuse(
      'SAME_HALF_DAY',
      `${patient.name}已预约${slot.Date} ${other.time_slot}在${other.hospital_name}${other.department}${other.doctor_name}医生的号（预约单号${other.register_no}），同一半天只能在一处就诊：请选择其他半天，或先取消那笔预约`,
    );
  }
}

function departmentOf(db: Database, slot: Slot): string {
  return (db.prepare('SELECT department FROM doctors WHERE doctor_id = ?').get(slot.DoctorID) as { department: string } | undefined)?.department ?? '';
}

/** The caps of one member's bookings (MAX_UNPAID_BOOKINGS, DAILY_BOOKING_LIMIT), read inside the booking's transaction. */
function checkBookingCaps(db: Database, memberId: number, now: Date) {
  const unpaid = db
    .prepare('SELECT COUNT(*) AS n FROM registrations WHERE member_id = ? AND status = 4 AND pay_deadline > ?')
    .get(memberId, now.toISOString()) as { n: number };
  if (unpaid.n >= MAX_UNPAID_BOOKINGS) {
    refuse('UNPAID_LIMIT', limitMessage('bookingUnpaid'));
  }
  const today = db
    .prepare('SELECT COUNT(*) AS n FROM registrations WHERE member_id = ? AND schedule_id IS NOT NULL AND created_at >= ?')
    .get(memberId, chinaDayStartIso(now)) as { n: number };
  if (today.n >= DAILY_BOOKING_LIMIT) {
    refuse('DAILY_LIMIT', limitMessage('bookingDaily'));
  }
}

/**
 * The booking throttles (throttles.ts): per member first, so a member who is refused does not spend the
 * allowance of the address they share with others (a family, a clinic's Wi-Fi); then per client.
 */
export async function consumeBookingThrottles(throttles: Throttles, memberId: number, ip: string) {
  await throttles.consume('bookMember', `member:${memberId}`);
  await throttles.consume('bookClient', ip);
}

/** The cut-off in the refusals' words: 2小时 (lib/visit-rules.ts). */
function cutoffHoursText(settings: BackendSettings): string {
  return cutoffText(settings.bookingCancelCutoffMinutes);
}

function periodText(slot: Pick<Slot, 'ShiftName' | 'StartTime' | 'EndTime'>): string {
  return `${slot.ShiftName} ${slot.StartTime}-${slot.EndTime}`;
}

/**
 * BookRegister's transaction: IMMEDIATE, so concurrent bookings (even from two
 * processes) serialise on SQLite's write lock and each sees the numbers the
 * previous one took. The remaining count, the caps and the duplicate are read and the row inserted inside it.
 */
export function bookRegistration(
  db: Database,
  settings: BackendSettings,
  member: { memberId: number; vipCode: string },
  input: { scheduleId: string; key: string; patientId: number },
  now: Date,
) {
  const run = db.transaction(() => {
    const previous = db
      .prepare('SELECT * FROM registrations WHERE member_id = ? AND idempotency_key = ?')
      .get(member.memberId, input.key) as RegisterRow | undefined;
    if (previous) {
      if (previous.schedule_id !== input.scheduleId || (previous.patient_id ?? 0) !== input.patientId) {
        refuse('KEY_REUSED', '该预约请求已用于其他时段，请重新选择时段');
      }
      return { ...registrationWire(db, previous, settings, now), Repeated: true };
    }
    const slot = slotOrRefuse(db, input.scheduleId, now);
    if (slot.BookState === 'closed') refuse('CLOSED', '该时段已停止预约，请选择其他时段');
    const patient = bookingPatient(db, member.memberId, input.patientId);
    const department = departmentOf(db, slot);
    checkPatientRules(db, member.memberId, patient, slot, department, now);
    checkBookingCaps(db, member.memberId, now);
    if (slot.Remaining <= 0) refuse('FULL', '该时段已约满，请选择其他时段');
    const nowIso = now.toISOString();
    const registerNo = `R${nowIso.slice(0, 10).replace(/-/g, '')}${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    const deadline = new Date(now.getTime() + settings.bookingPaymentMinutes * 60_000).toISOString();
    // The account holder's card level prices the booking, whoever the 就诊人 is (lib/fees.ts); the amount is
    // fixed now, as the booking page showed it, and is what the payment, the refund and every page use.
    const holder = db.prepare('SELECT level FROM members WHERE id = ?').get(member.memberId) as { level: number } | undefined;
    const charge = registrationCharge(slot.RegisterFee, holder?.level);
    db.prepare(
      `INSERT INTO registrations (register_no, member_id, vip_code, patient_name, visit_date, time_slot, hospital_code, hospital_name,
         department, doctor_code, doctor_name, doctor_title, fee, status, created_at,
         schedule_id, doctor_id, shift_id, period_start, pay_deadline, idempotency_key,
         patient_id, patient_relation, patient_id_card, patient_phone, pay_fen, discount_level)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 4, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      registerNo, member.memberId, member.vipCode, patient.name, slot.Date, periodText(slot),
      slot.HospitalCode, slot.HospitalName, department, slot.AppointmentCode, slot.DoctorName, slot.DoctorTitle, slot.RegisterFee,
      nowIso, slot.ScheduleID, slot.DoctorID, slot.ShiftID, slot.PeriodStart, deadline, input.key,
      patient.patientId, patient.relation, patient.idCard, patient.phone, charge.amountFen, charge.level,
    );
    return { ...registrationWire(db, ownRow(db, member.memberId, registerNo), settings, now), Repeated: false };
  });
  return run.immediate();
}

/**
 * RescheduleRegister's transaction: a booked (0) or unpaid (4) site booking moves to another open slot of
 * the same doctor, until the cancel cut-off of its current period. The row's slot changes in one IMMEDIATE
 * transaction, and numbers are counted from the rows: the new number is held and the old one returns at the
 * same instant, never one without the other. Payment and deadline stay; the reminder is sent again for the
 * new time. Asking again for the slot it already holds answers it with Repeated (a double click).
 */
export function rescheduleRegistration(db: Database, settings: BackendSettings, memberId: number, input: { registerNo: string; scheduleId: string }, now: Date) {
  return db
    .transaction(() => {
      const row = ownRow(db, memberId, input.registerNo);
      if (row.schedule_id === input.scheduleId && (row.status === 0 || row.status === 4)) {
        return { ...registrationWire(db, row, settings, now), Repeated: true };
      }
      const status = effectiveStatus(row, now);
      if ((status !== 0 && status !== 4) || !row.schedule_id || row.doctor_id === null) {
        refuse('NOT_RESCHEDULABLE', status === 0 || status === 4 ? '该预约不是在线预约，请联系门诊改约' : '该预约当前状态不能改约');
      }
      if (!cancelAllowed(row, settings, now)) {
        refuse('TOO_LATE', `距就诊开始已不足${cutoffHoursText(settings)}，无法在线改约，请联系门诊`);
      }
      const slot = slotOrRefuse(db, input.scheduleId, now);
      if (slot.DoctorID !== row.doctor_id) refuse('OTHER_DOCTOR', '只能改约同一位医生的其他时段');
      if (slot.BookState === 'closed') refuse('CLOSED', '该时段已停止预约，请选择其他时段');
      const patient = { patientId: row.patient_id, name: row.patient_name, relation: row.patient_relation ?? '', idCard: row.patient_id_card ?? '', phone: row.patient_phone ?? '' };
      checkPatientRules(db, memberId, patient, slot, row.department, now, row.id);
      if (slot.Remaining <= 0) refuse('FULL', '该时段已约满，请选择其他时段');
      const before = `${row.visit_date} ${row.time_slot}`;
      db.prepare(
        `UPDATE registrations SET schedule_id = ?, visit_date = ?, time_slot = ?, shift_id = ?, period_start = ?,
           hospital_code = ?, hospital_name = ?, rescheduled_from = ?, reminder_sent_at = NULL
         WHERE id = ?`,
      ).run(slot.ScheduleID, slot.Date, periodText(slot), slot.ShiftID, slot.PeriodStart, slot.HospitalCode, slot.HospitalName, before, row.id);
      return { ...registrationWire(db, ownRow(db, memberId, input.registerNo), settings, now), Repeated: false };
    })
    .immediate();
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
    recordPayment(db, { paymentNo: claim, registerNo, memberId, provider: provider.name, amount: toYuan(payFenOf(r)), status: 'created' }, now);
    return null;
  }).immediate();
  if (row) return { ...registrationWire(db, row, settings, now), Repeated: true };

  const fail = (message: string): never => {
    db.prepare(`UPDATE payments SET status = 'failed', updated_at = ? WHERE payment_no = ?`).run(now.toISOString(), claim);
    refuse('PAYMENT_FAILED', message);
  };
  let paymentNo = '';
  try {
    const r = ownRow(db, memberId, registerNo);
    const created = await provider.create({ orderNo: registerNo, amount: toYuan(payFenOf(r)), description: `${r.doctor_name} ${r.visit_date} ${r.time_slot} 挂号费` });
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
    const changed = db
      .prepare(`UPDATE registrations SET status = 0, paid_at = ?, payment_no = ? WHERE register_no = ? AND status = 4 AND pay_deadline > ?`)
      .run(at.toISOString(), paymentNo, registerNo, at.toISOString()).changes;
    if (changed === 1) creditPayment(db, ownRow(db, memberId, registerNo), at);
    return changed;
  }).immediate();
  if (paid !== 1) {
    // The deadline passed while the provider answered: give the money back.
    const refund = await provider
      .refund({ paymentNo, amount: toYuan(payFenOf(ownRow(db, memberId, registerNo))), key: refundKeyOf(registerNo) })
      .catch(() => ({ ok: false as const, reason: 'error' }));
    if (refund.ok) db.prepare(`UPDATE payments SET status = 'refunded', updated_at = ? WHERE payment_no = ?`).run(at.toISOString(), paymentNo);
    refuse('LAPSED', '支付已超时，该预约已过期，费用将原路退回');
  }
  return { ...registrationWire(db, ownRow(db, memberId, registerNo), settings, at), Repeated: false };
}

/** The refund's idempotency key at the provider: one booking is refunded once, whoever asks and how often. */
export function refundKeyOf(registerNo: string): string {
  return `REFUND-${registerNo}`;
}

/**
 * The points a paid booking earns (lib/fees.ts: the yuan paid × the holder's level's multiplier), credited once
 * (points-ledger.ts); inside the transaction that marks it paid.
 */
function creditPayment(db: Database, row: RegisterRow, at: Date) {
  const points = pointsForPayment(payFenOf(row), row.discount_level);
  if (points <= 0) return;
  const moved = movePoints(db, {
    memberId: row.member_id, kind: 'registration', points, registerNo: row.register_no,
    note: `挂号 ${row.doctor_name} ${row.visit_date}`, at: at.toISOString(),
  });
  if (moved !== null) db.prepare('UPDATE registrations SET points_earned = ? WHERE id = ?').run(moved, row.id);
}

/** A cancel's claim older than this is taken to be a process that died mid-refund; the refund's key keeps it single. */
const CANCEL_CLAIM_STALE_MS = 5 * 60_000;

/**
 * CancelRegister: the row is claimed first (cancel_claimed_at, in an IMMEDIATE transaction), so of two cancels
 * only one goes on; the claimed booking's payment is refunded through the provider once, under the booking's
 * refund key; then one transaction marks it 已取消, the payment refunded, and takes back the points its payment
 * earned. A refund that fails releases the claim and changes nothing (REFUND_FAILED).
 */
export async function cancelRegistration(db: Database, settings: BackendSettings, memberId: number, registerNo: string, now: Date) {
  const nowIso = now.toISOString();
  const claimed = db.transaction(() => {
    const row = ownRow(db, memberId, registerNo);
    const status = effectiveStatus(row, now);
    if (status === 2) return { row, repeated: true };
    if (status !== 0 && status !== 4) refuse('NOT_CANCELLABLE', '该预约当前状态不能取消');
    if (!cancelAllowed(row, settings, now)) {
      refuse('TOO_LATE', `距就诊开始已不足${cutoffHoursText(settings)}，无法在线取消，请联系门诊`);
    }
    if (status === 4 && db.prepare(`SELECT 1 FROM payments WHERE register_no = ? AND status = 'created'`).get(registerNo)) {
      refuse('IN_PROGRESS', '支付正在处理中，请稍后再取消');
    }
    const stale = new Date(now.getTime() - CANCEL_CLAIM_STALE_MS).toISOString();
    const n = db
      .prepare(`UPDATE registrations SET cancel_claimed_at = ? WHERE id = ? AND status = ? AND (cancel_claimed_at IS NULL OR cancel_claimed_at < ?)`)
      .run(nowIso, row.id, row.status, stale).changes;
    if (n !== 1) refuse('IN_PROGRESS', '取消正在处理中，请勿重复提交');
    return { row, repeated: false };
  }).immediate();
  if (claimed.repeated) return { ...registrationWire(db, claimed.row, settings, now), Repeated: true };

  const row = claimed.row;
  const release = () => db.prepare('UPDATE registrations SET cancel_claimed_at = NULL WHERE id = ?').run(row.id);
  if (row.status === 0 && row.payment_no) {
    const refund = await settings.paymentProvider
      .refund({ paymentNo: row.payment_no, amount: toYuan(payFenOf(row)), key: refundKeyOf(registerNo) })
      .catch(() => ({ ok: false as const, reason: 'error' }));
    if (!refund.ok) {
      release();
      refuse('REFUND_FAILED', '退款未完成，预约保持不变，请稍后再试');
    }
  }
  const changed = db.transaction(() => {
    // Guarded by the status it was claimed in: an unpaid booking paid meanwhile by another process stays paid.
    const n = db
      .prepare(`UPDATE registrations SET status = 2, cancelled_at = ?, cancel_claimed_at = NULL WHERE id = ? AND status = ?`)
      .run(nowIso, row.id, row.status).changes;
    if (n === 1 && row.status === 0 && row.payment_no) {
      db.prepare(`UPDATE payments SET status = 'refunded', updated_at = ? WHERE payment_no = ?`).run(nowIso, row.payment_no);
      if (row.points_earned > 0) {
        movePoints(db, {
          memberId: row.member_id, kind: 'refund', points: -row.points_earned, registerNo,
          note: `退号 ${row.doctor_name} ${row.visit_date}`, at: nowIso,
        });
      }
    }
    return n;
  }).immediate();
  if (changed !== 1) {
    release();
    refuse('NOT_CANCELLABLE', '该预约状态已变化，请刷新后再试');
  }
  return { ...registrationWire(db, ownRow(db, memberId, registerNo), settings, now), Repeated: false };
}

export const bookingEndpoints = {
  'HIS_Register/GetScheduleSlot': {
    access: 'public',
    handle(ctx) {
      return slotWire(ctx.db, slotOrRefuse(ctx.db, scheduleIdField(ctx), ctx.now));
    },
  },

  'HIS_Register/BookRegister': {
    access: 'member',
    write: true,
    async handle(ctx) {
      const member = memberOf(ctx.caller);
      const scheduleId = scheduleIdField(ctx);
      const key = requiredString(ctx.fields, 'IdempotencyKey', '预约请求编号', 64);
      if (!isIdempotencyKey(key)) throw new BackendError(ErrorNo.BAD_INPUT, '预约请求编号格式不正确');
      const patientId = optionalPatientId(ctx.fields);
      // A resubmit of a booking already made answers it again and spends no allowance.
      const made = ctx.db.prepare('SELECT 1 FROM registrations WHERE member_id = ? AND idempotency_key = ?').get(member.memberId, key);
      if (!made) await consumeBookingThrottles(ctx.throttles, member.memberId, ctx.ip);
      return bookRegistration(ctx.db, ctx.settings, member, { scheduleId, key, patientId }, ctx.now);
    },
  },

  'HIS_Register/RescheduleRegister': {
    access: 'member',
    write: true,
    async handle(ctx) {
      const memberId = memberOf(ctx.caller).memberId;
      const registerNo = registerNoField(ctx);
      const scheduleId = scheduleIdField(ctx);
      await consumeBookingThrottles(ctx.throttles, memberId, ctx.ip);
      return rescheduleRegistration(ctx.db, ctx.settings, memberId, { registerNo, scheduleId }, ctx.now);
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
      return registrationWire(ctx.db, ownRow(ctx.db, memberOf(ctx.caller).memberId, registerNoField(ctx)), ctx.settings, ctx.now);
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

  /**
   * Dev/MarkVisited (RegisterNo): the clinic marks a paid booking 已就诊, as its front desk does when the
   * patient is seen, so the review after the visit can be tried (browser tests; docs/api.md "Dev").
   */
  'Dev/MarkVisited': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle(ctx) {
      if (!ctx.settings.devAids) throw new BackendError(ErrorNo.NOT_FOUND, '接口不存在');
      const registerNo = registerNoField(ctx);
      const changed = ctx.db
        .prepare('UPDATE registrations SET status = 1, visited_at = ? WHERE register_no = ? AND status = 0')
        .run(ctx.now.toISOString(), registerNo).changes;
      if (changed !== 1) {
        const known = ctx.db.prepare('SELECT 1 FROM registrations WHERE register_no = ?').get(registerNo);
        if (!known) throw new BackendError(ErrorNo.NOT_FOUND, '预约记录不存在');
        refuse('NOT_VISITABLE', '只有已支付的预约可以标记为已就诊');
      }
      return { RegisterNo: registerNo, Status: 1, StatusName: '已就诊' };
    },
  },

  /** Dev/GetSmsNotices (Phone): the notices (reminders) in the SMS outbox of a phone, newest first. */
  'Dev/GetSmsNotices': {
    access: 'public',
    ignoresToken: true,
    handle(ctx) {
      if (!ctx.settings.devAids) throw new BackendError(ErrorNo.NOT_FOUND, '接口不存在');
      const phone = requiredString(ctx.fields, 'Phone', '手机号', 32);
      if (!/^\d{11}$/.test(phone)) throw new BackendError(ErrorNo.BAD_INPUT, '请输入11位手机号');
      const list = smsNoticesOf(ctx.db, phone);
      return { DataList: list, TotalCount: list.length };
    },
  },
} satisfies EndpointMap;

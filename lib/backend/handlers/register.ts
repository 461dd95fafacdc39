/**
 * HIS_Register (SPEC §7): the member's own registration (appointment)
 * records, newest visit first, paged in SQL. Booking, payment and cancelling
 * are in booking.ts (the site's extension, docs/api.md).
 */
import type { WireRegistration } from '@/lib/contract';
import { memberLevel, discountText, toFen, toYuan } from '@/lib/fees';
import { maskIdCard, SELF_RELATION } from '@/lib/validation';
import { listResult, optionalEnum, paging } from '../fields';
import { BackendError, ErrorNo, type BackendSettings, type Database, type EndpointMap } from '../types';

/** 0 已预约, 1 已就诊, 2 已取消, 3 已爽约, 4 待支付, 5 已过期 (migration 050). */
export const REGISTER_STATUSES = ['0', '1', '2', '3', '4', '5'] as const;
export const REGISTER_STATUS_NAMES: Record<number, string> = {
  0: '已预约',
  1: '已就诊',
  2: '已取消',
  3: '已爽约',
  4: '待支付',
  5: '已过期',
};

export interface RegisterRow {
  id: number;
  register_no: string;
  patient_name: string;
  visit_date: string;
  time_slot: string;
  hospital_code: string;
  hospital_name: string;
  department: string;
  doctor_code: string;
  doctor_name: string;
  doctor_title: string;
  fee: number;
  status: number;
  created_at: string;
  schedule_id: string | null;
  period_start: string | null;
  pay_deadline: string | null;
  paid_at: string | null;
  payment_no: string | null;
  cancelled_at: string | null;
  member_id: number;
  doctor_id: number | null;
  shift_id: number | null;
  patient_id: number | null;
  patient_relation: string | null;
  patient_id_card: string | null;
  patient_phone: string | null;
  reminder_sent_at: string | null;
  rescheduled_from: string | null;
  visited_at: string | null;
  /** Migration 130: what is paid, in fen (NULL: the list fee, for records not booked on the site). */
  pay_fen: number | null;
  discount_level: number | null;
  points_earned: number;
  cancel_claimed_at: string | null;
}

/** What a record is paid in fen: the amount fixed at booking (lib/fees.ts), or the list fee of older records. */
export function payFenOf(row: Pick<RegisterRow, 'pay_fen' | 'fee'>): number {
  return row.pay_fen ?? toFen(row.fee);
}

/** "金卡 8.5折" when the booking was priced below its list fee, else ''. */
function discountLabelOf(row: RegisterRow): string {
  if (row.discount_level === null || payFenOf(row) >= toFen(row.fee)) return '';
  const level = memberLevel(row.discount_level);
  return `${level.name} ${discountText(level.registrationPercent)}`;
}

/** The end of a record's period: its date and the second time of its TimeSlot (上午 08:30-12:00), China time. */
export function periodEndOfRow(row: Pick<RegisterRow, 'visit_date' | 'time_slot'>): Date | null {
  const times = /(\d{2}):(\d{2})\s*-\s*(\d{2}):(\d{2})/.exec(row.time_slot);
  if (!times) return null;
  return new Date(`${row.visit_date}T${times[3]}:${times[4]}:00+08:00`);
}

/** Status as of `now`: an unpaid booking past its deadline has lapsed. */
export function effectiveStatus(row: Pick<RegisterRow, 'status' | 'pay_deadline'>, now: Date): number {
  return row.status === 4 && (!row.pay_deadline || row.pay_deadline <= now.toISOString()) ? 5 : row.status;
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

interface ReviewRow {
  evaluation_id: number;
  stars: number;
  content: string;
  created_at: string;
}

/**
 * One record as the wire carries it (docs/api.md "Registration"). Can* flags are as of `now`: what the
 * member may still do with it.
 */
export function registrationWire(db: Database, r: RegisterRow, settings: BackendSettings, now: Date): WireRegistration {
  const status = effectiveStatus(r, now);
  const start = periodStartOfRow(r);
  const end = periodEndOfRow(r);
  const canCancel = cancelAllowed(r, settings, now);
  const review = status === 1
    ? (db.prepare('SELECT evaluation_id, stars, content, created_at FROM evaluations WHERE register_no = ?').get(r.register_no) as ReviewRow | undefined)
    : undefined;
  return {
    RegisterNo: r.register_no,
    PatientName: r.patient_name,
    // Records made before 就诊人 existed were the account holder's own.
    PatientID: r.patient_id ?? 0,
    PatientRelation: r.patient_relation ?? SELF_RELATION,
    PatientIDCard: r.patient_id_card ? maskIdCard(r.patient_id_card) : '',
    VisitDate: r.visit_date,
    TimeSlot: r.time_slot,
    PeriodStart: start ? start.toISOString() : '',
    PeriodEnd: end ? end.toISOString() : '',
    HospitalCode: r.hospital_code,
    HospitalName: r.hospital_name,
    Department: r.department,
    DoctorCode: r.doctor_code,
    DoctorName: r.doctor_name,
    DoctorTitle: r.doctor_title,
    Fee: r.fee,
    // The amount to pay (and paid, and refunded): the list fee at the holder's card level, to the fen.
    PayAmount: toYuan(payFenOf(r)),
    DiscountLabel: discountLabelOf(r),
    PointsEarned: r.points_earned ?? 0,
    Status: status,
    StatusName: REGISTER_STATUS_NAMES[status] ?? '',
    CreateTime: r.created_at,
    ScheduleID: r.schedule_id ?? '',
    PayDeadline: status === 4 ? (r.pay_deadline ?? '') : '',
    PaidTime: r.paid_at ?? '',
    CancelTime: r.cancelled_at ?? '',
    VisitedTime: r.visited_at ?? '',
    // What a cancel gives back: the fee of a paid booking, through the payment it was paid with.
    RefundAmount: status === 2 && r.payment_no ? toYuan(payFenOf(r)) : 0,
    RescheduledFrom: r.rescheduled_from ?? '',
    CancelDeadline:
      (status === 0 || status === 4) && start ? new Date(start.getTime() - settings.bookingCancelCutoffMinutes * 60_000).toISOString() : '',
    CanPay: status === 4 ? 1 : 0,
    // Who takes the fee: 'simulated' charges nobody, and the site says so (docs/operations.md).
    PayChannel: settings.paymentProvider.name,
    CanCancel: canCancel ? 1 : 0,
    // Only a site booking names its slot; a front-desk one is changed at the front desk.
    CanReschedule: canCancel && r.schedule_id && r.doctor_id !== null ? 1 : 0,
    CanEvaluate: status === 1 && !review ? 1 : 0,
    Evaluation: review ? { EvaluateID: review.evaluation_id, Stars: review.stars, Content: review.content, CreateTime: review.created_at } : null,
  };
}

/** SQL for one effective status: 4 and 5 split the unpaid rows by their deadline. */
function statusWhere(status: string): string {
  if (status === '4') return 'status = 4 AND pay_deadline > ?';
  if (status === '5') return '(status = 5 OR (status = 4 AND (pay_deadline IS NULL OR pay_deadline <= ?)))';
  return 'status = ?';
}

export const registerEndpoints = {
  'HIS_Register/GetRegisterList': {
    access: 'member',
    handle({ db, fields, caller, settings, now }) {
      if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
      const page = paging(fields, { defaultSize: 10, maxSize: 50 });
      const status = optionalEnum(fields, 'Status', REGISTER_STATUSES, '就诊状态');
      const where = status ? `member_id = ? AND ${statusWhere(status)}` : 'member_id = ?';
      const args: (number | string)[] = [caller.memberId];
      if (status === '4' || status === '5') args.push(now.toISOString());
      else if (status) args.push(Number(status));
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM registrations WHERE ${where}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(`SELECT * FROM registrations WHERE ${where} ORDER BY visit_date DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...args, page.pageSize, page.offset) as RegisterRow[];
      return listResult(
        rows.map((r) => registrationWire(db, r, settings, now)),
        total,
        page,
      );
    },
  },
} satisfies EndpointMap;

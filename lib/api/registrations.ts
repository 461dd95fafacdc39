import 'server-only';
/**
 * HIS_Register (SPEC §7 Records): the member's own appointment records (never
 * cached), and online booking, the site's extension of the contract
 * (docs/api.md "HIS_Register booking"): one slot, book for a 就诊人, pay, cancel,
 * reschedule, one record, and the review after the visit (TW_Evaluate/AddRegisterEvaluate).
 * Book, pay, cancel, reschedule and review are writes: sent once, never retried.
 */
import { isApiError } from './errors';
import { publicRead } from './public';
import type { AuthedClient, Page } from './types';
import { ErrorNo, isMissing, type WireRegistration } from '@/lib/contract';

export type RegistrationStatus = 'booked' | 'visited' | 'cancelled' | 'missed' | 'unpaid' | 'lapsed';

/** Wire status codes (docs/api.md): 0 已预约, 1 已就诊, 2 已取消, 3 已爽约, 4 待支付, 5 已过期. */
const STATUS: Record<number, RegistrationStatus> = { 0: 'booked', 1: 'visited', 2: 'cancelled', 3: 'missed', 4: 'unpaid', 5: 'lapsed' };
export const STATUS_CODE: Record<RegistrationStatus, number> = { booked: 0, visited: 1, cancelled: 2, missed: 3, unpaid: 4, lapsed: 5 };

/** The status filter of /dRecord/registration, in the order shown. */
export const REGISTRATION_FILTERS: { value: RegistrationStatus; label: string }[] = [
  { value: 'unpaid', label: '待支付' },
  { value: 'booked', label: '已预约' },
  { value: 'visited', label: '已就诊' },
  { value: 'cancelled', label: '已取消' },
  { value: 'lapsed', label: '已过期' },
  { value: 'missed', label: '已爽约' },
];

export function isRegistrationStatus(value: string): value is RegistrationStatus {
  return Object.hasOwn(STATUS_CODE, value);
}

export interface Registration {
  registerNo: string;
  patientName: string;
  /** 0: the account holder (or a record made before 就诊人 existed). */
  patientId: number;
  /** 本人, 父母, 子女… */
  patientRelation: string;
  /** Masked by the API, or ''. */
  patientIdCardMasked: string;
  /** When the period starts and ends (ISO instants), or '' when unknown. */
  periodStart: string;
  periodEnd: string;
  visitDate: string;
  timeSlot: string;
  hospitalCode: string;
  hospitalName: string;
  department: string;
  doctorCode: string;
  doctorName: string;
  doctorTitle: string;
  /** The list fee (yuan) of the doctor's title. */
  fee: number;
  /** What is paid, and refunded by a cancel (yuan, to the fen): the fee at the holder's card level (lib/fees.ts). */
  amount: number;
  /** e.g. "金卡 8.5折", or '' when the amount is the list fee. */
  discountLabel: string;
  /** Points the payment earned. */
  pointsEarned: number;
  status: RegistrationStatus;
  statusName: string;
  scheduleId: string;
  /** ISO instant by which an unpaid booking must be paid; '' otherwise. */
  payDeadline: string;
  createdAt: string;
  paidAt: string;
  cancelledAt: string;
  visitedAt: string;
  /** Yuan given back by a cancel (a paid booking's fee), else 0. */
  refundAmount: number;
  /** The period held before the last reschedule (as the patient read it), or ''. */
  rescheduledFrom: string;
  /** Until when cancelling or rescheduling online is possible (ISO), or ''. */
  cancelDeadline: string;
  canPay: boolean;
  canCancel: boolean;
  /** The host pays with the simulated provider: nothing is charged, and the pay button says 模拟支付. */
  simulatedPayment: boolean;
  canReschedule: boolean;
  canReview: boolean;
  review: VisitReview | null;
}

/** The review written after the visit. */
export interface VisitReview {
  id: number;
  stars: number;
  content: string;
  createdAt: string;
}

export interface BookingReceipt extends Registration {
  /** The same idempotency key had already made this booking (a resubmit). */
  repeated: boolean;
}

function reshape(x: WireRegistration): Registration {
  return {
    registerNo: x.RegisterNo,
    patientName: x.PatientName,
    patientId: x.PatientID ?? 0,
    patientRelation: x.PatientRelation ?? '本人',
    patientIdCardMasked: x.PatientIDCard ?? '',
    periodStart: x.PeriodStart ?? '',
    periodEnd: x.PeriodEnd ?? '',
    visitDate: x.VisitDate,
    timeSlot: x.TimeSlot,
    hospitalCode: x.HospitalCode,
    hospitalName: x.HospitalName,
    department: x.Department,
    doctorCode: x.DoctorCode,
    doctorName: x.DoctorName,
    doctorTitle: x.DoctorTitle,
    fee: x.Fee,
    // A host without the extension charges the list fee.
    amount: x.PayAmount ?? x.Fee,
    discountLabel: x.DiscountLabel ?? '',
    pointsEarned: x.PointsEarned ?? 0,
    status: STATUS[x.Status] ?? 'visited',
    statusName: x.StatusName,
    scheduleId: x.ScheduleID ?? '',
    payDeadline: x.PayDeadline ?? '',
    createdAt: x.CreateTime,
    paidAt: x.PaidTime ?? '',
    cancelledAt: x.CancelTime ?? '',
    visitedAt: x.VisitedTime ?? '',
    refundAmount: x.RefundAmount ?? 0,
    rescheduledFrom: x.RescheduledFrom ?? '',
    cancelDeadline: x.CancelDeadline ?? '',
    canPay: x.CanPay === 1,
    canCancel: x.CanCancel === 1,
    simulatedPayment: x.PayChannel === 'simulated',
    canReschedule: x.CanReschedule === 1,
    canReview: x.CanEvaluate === 1,
    review: x.Evaluation
      ? { id: x.Evaluation.EvaluateID, stars: x.Evaluation.Stars, content: x.Evaluation.Content, createdAt: x.Evaluation.CreateTime }
      : null,
  };
}

const receipt = (x: WireRegistration): BookingReceipt => ({ ...reshape(x), repeated: x.Repeated === true });

export const REGISTRATIONS_PAGE_SIZE = 10;

export async function getRegistrations(
  client: AuthedClient,
  query: { page?: number; pageSize?: number; status?: RegistrationStatus } = {},
): Promise<Page<Registration>> {
  const r = await client.post(
    'HIS_Register/GetRegisterList',
    {
      PageIndex: query.page ?? 1,
      PageSize: query.pageSize ?? REGISTRATIONS_PAGE_SIZE,
      Status: query.status ? STATUS_CODE[query.status] : undefined,
    },
  );
  return { items: r.DataList.map(reshape), total: r.TotalCount, page: r.PageIndex, pageSize: r.PageSize };
}

/** One bookable slot as the booking page shows it. */
export interface BookingSlot {
  id: string;
  date: string;
  weekday: string;
  shiftName: string;
  start: string;
  end: string;
  doctorCode: string;
  doctorName: string;
  doctorTitle: string;
  department: string;
  clinicCode: string;
  clinicName: string;
  remaining: number;
  fee: number;
  bookState: 'open' | 'full' | 'closed';
}

/**
 * GetScheduleSlot, never cached (the numbers are live): the slot, or a
 * Chinese reason when it is unknown, past or malformed.
 */
export async function getBookingSlot(scheduleId: string): Promise<{ slot: BookingSlot } | { error: string }> {
  try {
    const w = await publicRead('HIS_Register/GetScheduleSlot', { ScheduleID: scheduleId });
    return {
      slot: {
        id: w.ScheduleID,
        date: w.Date,
        weekday: w.Week,
        shiftName: w.ShiftName,
        start: w.StartTime,
        end: w.EndTime,
        doctorCode: w.AppointmentCode,
        doctorName: w.DoctorName,
        doctorTitle: w.DoctorTitle,
        department: w.Department,
        clinicCode: w.HospitalCode,
        clinicName: w.HospitalName,
        remaining: w.Remaining,
        fee: w.RegisterFee,
        bookState: w.BookState === 'full' || w.BookState === 'closed' ? w.BookState : 'open',
      },
    };
  } catch (err) {
    if (isApiError(err) && (isMissing(err.errorNo) || err.errorNo === ErrorNo.REFUSED)) return { error: err.errorInfo };
    throw err;
  }
}

/** BookRegister for one 就诊人 (patientId 0: the account holder, who needs their ID card on file). */
export async function bookRegistration(client: AuthedClient, input: { scheduleId: string; idempotencyKey: string; patientId: number }) {
  return receipt(
    await client.post(
      'HIS_Register/BookRegister',
      { ScheduleID: input.scheduleId, IdempotencyKey: input.idempotencyKey, PatientID: input.patientId },
      { write: true },
    ),
  );
}

/** RescheduleRegister: the same doctor's other slot; the old number returns as the new one is held. */
export async function rescheduleRegistration(client: AuthedClient, input: { registerNo: string; scheduleId: string }) {
  return receipt(
    await client.post('HIS_Register/RescheduleRegister', { RegisterNo: input.registerNo, ScheduleID: input.scheduleId }, { write: true }),
  );
}

/** TW_Evaluate/AddRegisterEvaluate: the review of a 已就诊 booking, once. */
export async function reviewVisit(client: AuthedClient, input: { registerNo: string; stars: number; content: string }) {
  const r = await client.post(
    'TW_Evaluate/AddRegisterEvaluate',
    { RegisterNo: input.registerNo, Stars: input.stars, Content: input.content },
    { write: true },
  );
  return {
    review: { id: r.EvaluateID, stars: r.Stars, content: r.Content, createdAt: r.CreateTime } satisfies VisitReview,
    doctorCode: r.DoctorCode,
    clinicCode: r.HospitalCode,
  };
}

export async function payRegistration(client: AuthedClient, registerNo: string) {
  return receipt(await client.post('HIS_Register/PayRegister', { RegisterNo: registerNo }, { write: true }));
}

export async function cancelRegistration(client: AuthedClient, registerNo: string) {
  return receipt(await client.post('HIS_Register/CancelRegister', { RegisterNo: registerNo }, { write: true }));
}

/** One of the member's own records, or null when it is not theirs or does not exist (both answer 404, or 0 for a malformed number). */
export async function getRegistration(client: AuthedClient, registerNo: string): Promise<Registration | null> {
  try {
    return reshape(await client.post('HIS_Register/GetRegister', { RegisterNo: registerNo }));
  } catch (err) {
    if (isApiError(err) && isMissing(err.errorNo)) return null;
    throw err;
  }
}

/** The refusal reason an ApiError of a booking write carries (Result.Reason), if any. */
export function bookingRefusalOf(err: unknown): string | null {
  if (!isApiError(err) || err.errorNo !== ErrorNo.REFUSED) return null;
  const r = (err.result ?? {}) as { Reason?: unknown };
  return typeof r.Reason === 'string' ? r.Reason : 'OTHER';
}

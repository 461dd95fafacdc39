/**
 * HIS_Register (SPEC §7 Records, docs/api.md "HIS_Register"): a registration record and a bookable slot,
 * as the embedded backend builds them and lib/api reads them.
 */

import type { WireSlot } from './doctors';

/**
 * One appointment record (GetRegisterList, GetRegister, and the answer of every booking write):
 * lib/backend/handlers/register.ts builds it, lib/api/registrations.ts reads it. A front-desk record has no
 * ScheduleID (''), and every date field it lacks is ''. Can* flags are as of the answer: what the member may
 * still do with it.
 */
export interface WireRegistration {
  RegisterNo: string;
  PatientName: string;
  /** 0 for a record made before 就诊人 existed (the account holder's own). */
  PatientID: number;
  PatientRelation: string;
  /** Masked (SPEC §5). */
  PatientIDCard: string;
  VisitDate: string;
  TimeSlot: string;
  /** The period's start and end (ISO), '' when the record names no period. */
  PeriodStart: string;
  PeriodEnd: string;
  HospitalCode: string;
  HospitalName: string;
  Department: string;
  DoctorCode: string;
  DoctorName: string;
  DoctorTitle: string;
  /** The list fee (yuan) of the doctor's title. */
  Fee: number;
  /** The amount to pay, paid and refunded (yuan, to the fen): Fee at the account holder's card level (docs/api.md). */
  PayAmount: number;
  /** The discount that priced it, e.g. "金卡 8.5折"; '' when none. */
  DiscountLabel: string;
  /** Points its payment earned (0 while unpaid); a cancel's refund takes them back from the balance. */
  PointsEarned: number;
  /** 0 已预约, 1 已就诊, 2 已取消, 3 已爽约, 4 待支付, 5 已过期 (docs/api.md). */
  Status: number;
  StatusName: string;
  CreateTime: string;
  ScheduleID: string;
  PayDeadline: string;
  PaidTime: string;
  CancelTime: string;
  VisitedTime: string;
  RefundAmount: number;
  RescheduledFrom: string;
  CancelDeadline: string;
  CanPay: number;
  /** Who takes the fee ('simulated' charges nobody, docs/operations.md). */
  PayChannel: string;
  CanCancel: number;
  CanReschedule: number;
  CanEvaluate: number;
  Evaluation: { EvaluateID: number; Stars: number; Content: string; CreateTime: string } | null;
  /** Only in BookRegister's answer: true when this idempotency key had already made the booking (a resubmit). */
  Repeated?: boolean;
}

/** GetScheduleSlot's answer: one released slot with its doctor's department, its numbers live. */
export interface WireBookingSlot extends WireSlot {
  Department: string;
}

/** ScheduleID: doctor id, China date, shift id and clinic code, e.g. 12-2026-11-25-1-SA0101 (docs/api.md). */
export const SCHEDULE_ID = /^([1-9]\d{0,8})-(\d{4}-\d{2}-\d{2})-([1-9]\d?)-([A-Za-z0-9_]{1,32})$/;

/** The parts a ScheduleID names. */
export interface ScheduleIdParts {
  doctorId: number;
  /** China date, YYYY-MM-DD. */
  date: string;
  shiftId: number;
  orgCode: string;
}

/** The ScheduleID of a doctor's shift at a clinic on a China date. */
export function formatScheduleId({ doctorId, date, shiftId, orgCode }: ScheduleIdParts): string {
  return `${doctorId}-${date}-${shiftId}-${orgCode}`;
}

/** The parts of a well-formed ScheduleID, or null. */
export function parseScheduleId(id: string): ScheduleIdParts | null {
  const m = SCHEDULE_ID.exec(id);
  return m ? { doctorId: Number(m[1]), date: m[2]!, shiftId: Number(m[3]), orgCode: m[4]! } : null;
}

/** A register number (预约单号): R, then 4 to 40 letters, digits or '-' (R20261125…, a seeded R{会员号}-001). */
export const REGISTER_NO = /^R[A-Za-z0-9-]{4,40}$/;

export function isRegisterNo(no: string): boolean {
  return REGISTER_NO.test(no);
}

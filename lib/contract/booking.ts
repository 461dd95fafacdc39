/**
 * HIS_Register (SPEC §7 Records, docs/api.md "HIS_Register booking"): a registration record and a bookable slot,
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
  Fee: number;
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

/**
 * HIS_Register (SPEC §7): the member's own registration (appointment)
 * records, newest visit first, paged in SQL. Booking, payment and cancelling
 * are in booking.ts (the site's extension, docs/api.md).
 */
import { listResult, optionalEnum, paging } from '../fields';
import { BackendError, ErrorNo, type BackendSettings, type EndpointMap } from '../types';
import { cancelAllowed, effectiveStatus } from './booking';

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
}

export function registrationWire(r: RegisterRow, settings: BackendSettings, now: Date) {
  const status = effectiveStatus(r, now);
  return {
    RegisterNo: r.register_no,
    PatientName: r.patient_name,
    VisitDate: r.visit_date,
    TimeSlot: r.time_slot,
    HospitalCode: r.hospital_code,
    HospitalName: r.hospital_name,
    Department: r.department,
    DoctorCode: r.doctor_code,
    DoctorName: r.doctor_name,
    DoctorTitle: r.doctor_title,
    Fee: r.fee,
    Status: status,
    StatusName: REGISTER_STATUS_NAMES[status] ?? '',
    CreateTime: r.created_at,
    ScheduleID: r.schedule_id ?? '',
    PayDeadline: status === 4 ? (r.pay_deadline ?? '') : '',
    PaidTime: r.paid_at ?? '',
    CancelTime: r.cancelled_at ?? '',
    CanPay: status === 4 ? 1 : 0,
    // Who takes the fee: 'simulated' charges nobody, and the site says so (docs/operations.md).
    PayChannel: settings.paymentProvider.name,
    CanCancel: cancelAllowed(r, settings, now) ? 1 : 0,
  };
}

/** SQL for one effective status: 4 and 5 split the unpaid rows by their deadline. */
function statusWhere(status: string): string {
  if (status === '4') return 'status = 4 AND pay_deadline > ?';
  if (status === '5') return '(status = 5 OR (status = 4 AND (pay_deadline IS NULL OR pay_deadline <= ?)))';
  return 'status = ?';
}

export const registerEndpoints: EndpointMap = {
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
        rows.map((r) => registrationWire(r, settings, now)),
        total,
        page,
      );
    },
  },
};

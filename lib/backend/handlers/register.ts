/**
 * HIS_Register (SPEC §7): the member's own registration (appointment)
 * records, newest visit first, paged in SQL.
 */
import { listResult, optionalEnum, paging } from '../fields';
import { BackendError, ErrorNo, type EndpointMap } from '../types';

export const REGISTER_STATUSES = ['0', '1', '2', '3'] as const;
export const REGISTER_STATUS_NAMES: Record<number, string> = { 0: '待就诊', 1: '已就诊', 2: '已取消', 3: '已爽约' };

interface RegisterRow {
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
}

export const registerEndpoints: EndpointMap = {
  'HIS_Register/GetRegisterList': {
    access: 'member',
    handle({ db, fields, caller }) {
      if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
      const page = paging(fields, { defaultSize: 10, maxSize: 50 });
      const status = optionalEnum(fields, 'Status', REGISTER_STATUSES, '就诊状态');
      const where = status ? 'member_id = ? AND status = ?' : 'member_id = ?';
      const args: number[] = status ? [caller.memberId, Number(status)] : [caller.memberId];
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM registrations WHERE ${where}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(`SELECT * FROM registrations WHERE ${where} ORDER BY visit_date DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...args, page.pageSize, page.offset) as RegisterRow[];
      return listResult(
        rows.map((r) => ({
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
          Status: r.status,
          StatusName: REGISTER_STATUS_NAMES[r.status] ?? '',
          CreateTime: r.created_at,
        })),
        total,
        page,
      );
    },
  },
};

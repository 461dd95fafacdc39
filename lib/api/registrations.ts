import 'server-only';
/** HIS_Register (SPEC §7 Records): the member's own appointment records (never cached). */
import type { AuthedClient, Page } from './types';

interface WireRegistration {
  RegisterNo: string;
  PatientName: string;
  VisitDate: string;
  TimeSlot: string;
  HospitalCode: string;
  HospitalName: string;
  Department: string;
  DoctorCode: string;
  DoctorName: string;
  DoctorTitle: string;
  Fee: number;
  Status: number;
  StatusName: string;
  CreateTime: string;
}

export type RegistrationStatus = 'upcoming' | 'visited' | 'cancelled' | 'missed';

const STATUS: Record<number, RegistrationStatus> = { 0: 'upcoming', 1: 'visited', 2: 'cancelled', 3: 'missed' };

export interface Registration {
  registerNo: string;
  patientName: string;
  visitDate: string;
  timeSlot: string;
  hospitalCode: string;
  hospitalName: string;
  department: string;
  doctorCode: string;
  doctorName: string;
  doctorTitle: string;
  fee: number;
  status: RegistrationStatus;
  statusName: string;
}

export const REGISTRATIONS_PAGE_SIZE = 10;

export async function getRegistrations(
  client: AuthedClient,
  query: { page?: number; pageSize?: number } = {},
): Promise<Page<Registration>> {
  const r = await client.post<{ DataList: WireRegistration[]; TotalCount: number; PageIndex: number; PageSize: number }>(
    'HIS_Register/GetRegisterList',
    { PageIndex: query.page ?? 1, PageSize: query.pageSize ?? REGISTRATIONS_PAGE_SIZE },
  );
  return {
    items: r.DataList.map((x) => ({
      registerNo: x.RegisterNo,
      patientName: x.PatientName,
      visitDate: x.VisitDate,
      timeSlot: x.TimeSlot,
      hospitalCode: x.HospitalCode,
      hospitalName: x.HospitalName,
      department: x.Department,
      doctorCode: x.DoctorCode,
      doctorName: x.DoctorName,
      doctorTitle: x.DoctorTitle,
      fee: x.Fee,
      status: STATUS[x.Status] ?? 'visited',
      statusName: x.StatusName,
    })),
    total: r.TotalCount,
    page: r.PageIndex,
    pageSize: r.PageSize,
  };
}

/**
 * SPEC §7 Doctors and schedules (docs/api.md "TW_User (doctors, schedules, studios)"): a doctor, a schedule
 * slot as the embedded backend releases it, and the finder's filter counts.
 */

export interface WireDoctor {
  DoctorID: number;
  AppointmentCode: string;
  DoctorName: string;
  DoctorTitle: string;
  Department: string;
  HospitalCode: string;
  HospitalName: string;
  CityName: string;
  ProvinceID: number;
  GoodAt: string;
  Avatar: string;
  PraiseRate: number;
  ServiceCount: number;
  Fans: number;
  IsOnlineConsult: number;
  ConsultFee: number;
  RegisterFee: number;
  Introduction?: string;
  NextOpenSlot?: {
    ScheduleID: string;
    Date: string;
    Week: string;
    ShiftName: string;
    StartTime: string;
    EndTime: string;
    HospitalName: string;
    Remaining: number;
  } | null;
}

/** open: numbers left, bookable; full: 约满; closed: the period has started or passed. */
export type WireSlotBookState = 'open' | 'full' | 'closed';

/**
 * One released schedule slot (GetDoctorSchedule, GetOrgSchedule; lib/backend/handlers/schedule-slots.ts builds
 * it). BookState and PeriodStart are the site's booking extension (docs/api.md): lib/api still reads a slot
 * without them (an upstream host's) as open and unbookable online.
 */
export interface WireSlot {
  ScheduleID: string;
  Date: string;
  Week: string;
  ShiftID: number;
  ShiftName: string;
  StartTime: string;
  EndTime: string;
  DoctorID: number;
  AppointmentCode: string;
  DoctorName: string;
  DoctorTitle: string;
  HospitalCode: string;
  HospitalName: string;
  Total: number;
  Remaining: number;
  RegisterFee: number;
  /** When the period starts (ISO, China time): booking closes then, cancelling 2 h before. */
  PeriodStart: string;
  BookState: WireSlotBookState;
}

export interface WireFilterCounts {
  Total: number;
  Departments: { Name: string; Count: number }[];
  Titles: { Name: string; Count: number }[];
  Hospitals: { HospitalCode: string; HospitalName: string; Count: number }[];
  Online: number;
  Dates?: { Date: string; Week: string; Count: number }[];
}

/** TW_User/GetDoctorScheduleNew: one day of a doctor's slots (a day off has none). */
export interface WireDoctorScheduleDay {
  Date: string;
  Week: string;
  Shifts: WireSlot[];
}

import 'server-only';
/**
 * Doctors and schedules (SPEC §7 TW_User): the doctor finder, the doctor's
 * page, the 14-day schedule, online consultants. Public data: cached across
 * users (ARCHITECTURE "Pages and caching"); wire names stop here.
 */
import type { DoctorSort } from '@/lib/constants';
import { cachedRead, CACHE_TAGS, REVALIDATE } from './cache';
import { orNull, readAll, reshapePage } from './list-page';
import { publicRead } from './public';
import type { Page } from './types';
import type { WireDoctor, WireSlot } from '@/lib/contract';

export interface DoctorSummary {
  appointmentCode: string;
  doctorId: number;
  name: string;
  title: string;
  /** 科室 (the finder's department filter). */
  department: string;
  clinicName: string;
  /** The clinic's code and city (an illness page lists its own clinic's doctors first, each labelled with the city). */
  clinicCode: string;
  city: string;
  specialties: string[];
  avatar: string;
  praiseRate: number;
  serviceCount: number;
  fans: number;
  /** 挂号费, yuan. */
  registerFee: number;
  /**
   * The next slot with a number left in the 14 days (on the list's date, when filtered by one); null when
   * none; undefined when the host does not tell (the list's extension NextOpenSlot, docs/api.md).
   */
  nextOpen?: NextOpenSlot | null;
}

export interface NextOpenSlot {
  slotId: string;
  /** China date, yyyy-mm-dd. */
  date: string;
  weekday: string;
  shiftName: string;
  start: string;
  end: string;
  clinicName: string;
  remaining: number;
}

export interface Doctor extends DoctorSummary {
  clinicCode: string;
  city: string;
  provinceId: number;
  introduction: string;
  consultsOnline: boolean;
  consultFee: number;
  registerFee: number;
}

export interface ScheduleSlot {
  id: string;
  date: string;
  weekday: string;
  shiftId: number;
  shiftName: string;
  start: string;
  end: string;
  doctorCode: string;
  doctorName: string;
  doctorTitle: string;
  clinicCode: string;
  clinicName: string;
  total: number;
  remaining: number;
  fee: number;
  /** open: bookable; full: 约满; closed: the period has started or passed. */
  bookState: 'open' | 'full' | 'closed';
}

export interface ScheduleDay {
  date: string;
  weekday: string;
  slots: ScheduleSlot[];
}

function bookStateOf(w: WireSlot): ScheduleSlot['bookState'] {
  if (w.BookState === 'open' || w.BookState === 'full' || w.BookState === 'closed') return w.BookState;
  return w.Remaining > 0 ? 'open' : 'full';
}

function reshapeSummary(w: WireDoctor): DoctorSummary {
  return {
    appointmentCode: w.AppointmentCode,
    doctorId: w.DoctorID,
    name: w.DoctorName,
    title: w.DoctorTitle,
    department: w.Department ?? '',
    clinicName: w.HospitalName,
    clinicCode: w.HospitalCode,
    city: w.CityName ?? '',
    specialties: w.GoodAt ? w.GoodAt.split(',').filter(Boolean) : [],
    avatar: w.Avatar,
    praiseRate: w.PraiseRate,
    serviceCount: w.ServiceCount,
    fans: w.Fans,
    registerFee: w.RegisterFee,
    ...(w.NextOpenSlot === undefined ? {} : { nextOpen: w.NextOpenSlot ? reshapeNextOpen(w.NextOpenSlot) : null }),
  };
}

function reshapeNextOpen(w: NonNullable<WireDoctor['NextOpenSlot']>): NextOpenSlot {
  return {
    slotId: w.ScheduleID,
    date: w.Date,
    weekday: w.Week,
    shiftName: w.ShiftName,
    start: w.StartTime,
    end: w.EndTime,
    clinicName: w.HospitalName,
    remaining: w.Remaining,
  };
}

function reshapeDoctor(w: WireDoctor): Doctor {
  return {
    ...reshapeSummary(w),
    clinicCode: w.HospitalCode,
    city: w.CityName,
    provinceId: w.ProvinceID,
    introduction: w.Introduction ?? '',
    consultsOnline: w.IsOnlineConsult === 1,
    consultFee: w.ConsultFee,
  };
}

export function reshapeSlot(w: WireSlot): ScheduleSlot {
  return {
    id: w.ScheduleID,
    date: w.Date,
    weekday: w.Week,
    shiftId: w.ShiftID,
    shiftName: w.ShiftName,
    start: w.StartTime,
    end: w.EndTime,
    doctorCode: w.AppointmentCode,
    doctorName: w.DoctorName,
    doctorTitle: w.DoctorTitle,
    clinicCode: w.HospitalCode,
    clinicName: w.HospitalName,
    total: w.Total,
    remaining: w.Remaining,
    fee: w.RegisterFee,
    bookState: bookStateOf(w),
  };
}

export interface DoctorQuery {
  provinceId?: number;
  keyword?: string;
  sort?: DoctorSort;
  page?: number;
  pageSize?: number;
  orgCode?: string;
  /** 科室, 职称, online now, the doctors of an illness: the finder's filters (docs/doctor-finder.md). */
  department?: string;
  title?: string;
  onlineOnly?: boolean;
  illnessId?: number;
  /** A China date (yyyy-mm-dd): only doctors with an open number that day. */
  date?: string;
  /**
   * A filter value could not be checked against the host's lists (components/doctors/finder-filters.ts
   * settleFilters): the read is kept in bounded memory only, never on disk (docs/security.md).
   */
  unchecked?: boolean;
}

/**
 * The doctor finder (GetDoctorPageList), or one clinic's doctors (GetOrgDoctorList)
 * when orgCode is given. SPEC §9 sorts: default, praise, services, fans.
 */
export function getDoctorPage(q: DoctorQuery): Promise<Page<DoctorSummary>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const fields = {
    ProvinceID: q.provinceId,
    Keyword: q.keyword?.trim() || undefined,
    Sort: q.sort ?? 'default',
    PageIndex: page,
    PageSize: pageSize,
    HospitalCode: q.orgCode,
    Department: q.department || undefined,
    DoctorTitle: q.title || undefined,
    IsOnline: q.onlineOnly ? 1 : undefined,
    IllnessID: q.illnessId,
    Date: q.date || undefined,
  };
  return cachedRead(
    ['doctor-page', JSON.stringify(fields)],
    async () =>
      reshapePage(
        await publicRead(
          q.orgCode ? 'TW_User/GetOrgDoctorList' : 'TW_User/GetDoctorPageList',
          fields,
        ),
        reshapeSummary,
        { page, pageSize },
      ),
    // Each card carries the doctor's next open number, which bookings and the clock move: near-live. A searched
    // keyword is the visitor's text: bounded memory, never the data cache on disk (lib/api/cache.ts).
    {
      tags: [CACHE_TAGS.doctors, ...(q.orgCode ? [CACHE_TAGS.clinic(q.orgCode)] : [])],
      revalidate: REVALIDATE.live,
      visitorChosen: Boolean(fields.Keyword) || Boolean(q.unchecked),
    },
  );
}

/** Doctors who consult online (GetDoctorList IsOnline=1), for /CloudIMClient/OnlineExpert/Index. */
export function getOnlineConsultants(q: { provinceId?: number; sort?: DoctorSort; page?: number; pageSize?: number }) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 12;
  const fields = { ProvinceID: q.provinceId, Sort: q.sort ?? 'default', IsOnline: 1, PageIndex: page, PageSize: pageSize };
  return cachedRead(
    ['online-consultants', JSON.stringify(fields)],
    async () =>
      reshapePage(await publicRead('TW_User/GetDoctorList', fields), reshapeDoctor, { page, pageSize }),
    { tags: [CACHE_TAGS.doctors], revalidate: REVALIDATE.content },
  );
}

/** One doctor by AppointmentCode; null when unknown or malformed. */
export function getDoctor(code: string): Promise<Doctor | null> {
  return cachedRead(
    ['doctor', code],
    () =>
      orNull(
        publicRead('TW_User/GetDoctorSingle', { AppointmentCode: code }).then((r) =>
          reshapeDoctor(r.ReturnObject),
        ),
      ),
    { tags: [CACHE_TAGS.doctors, CACHE_TAGS.doctor(code)], revalidate: REVALIDATE.content },
  );
}

/** One doctor by DoctorID (the online-question routes carry the id). */
export function getDoctorById(doctorId: number): Promise<Doctor | null> {
  return cachedRead(
    ['doctor-id', doctorId],
    () =>
      orNull(
        publicRead('TW_User/GetDoctorSingle', { DoctorID: doctorId }).then((r) =>
          reshapeDoctor(r.ReturnObject),
        ),
      ),
    { tags: [CACHE_TAGS.doctors], revalidate: REVALIDATE.content },
  );
}

/**
 * The next 14 days of the doctor's schedule, by date (GetDoctorScheduleNew), with when its numbers were read
 * (an ISO instant): the numbers are cached for REVALIDATE.live and the page around them may be too, so the
 * doctor page says how fresh they are (a booking at the front desk shows within that time).
 */
export function getDoctorScheduleRead(code: string): Promise<{ days: ScheduleDay[]; readAt: string }> {
  return cachedRead(
    ['doctor-schedule-read', code],
    async () => {
      const r = await publicRead(
        'TW_User/GetDoctorScheduleNew',
        { AppointmentCode: code },
      );
      return { days: r.DataList.map((d) => ({ date: d.Date, weekday: d.Week, slots: d.Shifts.map(reshapeSlot) })), readAt: new Date().toISOString() };
    },
    { tags: [CACHE_TAGS.doctor(code)], revalidate: REVALIDATE.live },
  );
}

/** The next 14 days of the doctor's schedule, by date (getDoctorScheduleRead without the time). */
export async function getDoctorSchedule(code: string): Promise<ScheduleDay[]> {
  return (await getDoctorScheduleRead(code)).days;
}

/** Every doctor's AppointmentCode, for the sitemap. */
export async function listDoctorCodes(): Promise<string[]> {
  const all = await readAll((page) => getDoctorPage({ page, pageSize: 100 }));
  return all.map((d) => d.appointmentCode);
}

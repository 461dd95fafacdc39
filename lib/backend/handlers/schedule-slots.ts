/**
 * Schedules roll forward from "now": the weekly pattern of schedule_patterns
 * is laid over the next days (SPEC §2: 14 days, today always has slots).
 */
import type { Database } from '../types';
import { chinaDate, slotHash, WEEKDAY_NAMES } from './clinic-rows';

export const SCHEDULE_DAYS = 14;

export interface Slot {
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
  /** open: numbers left, bookable; full: 约满; closed: the period has started or passed. */
  BookState: SlotBookState;
}

export type SlotBookState = 'open' | 'full' | 'closed';

/** A site registration holds its number while booked (0) or unpaid within its deadline (4). */
export const ACTIVE_REGISTRATION_SQL = `(status = 0 OR (status = 4 AND pay_deadline > ?))`;

/** ScheduleID: doctor id, China date, shift id and clinic code, e.g. 12-2026-11-25-1-SA0101. */
export const SCHEDULE_ID = /^([1-9]\d{0,8})-(\d{4}-\d{2}-\d{2})-([1-9]\d?)-([A-Za-z0-9_]{1,32})$/;

/** The instant a period starts: its date and start time in China time (UTC+8). */
export function periodStartOf(date: string, startTime: string): Date {
  return new Date(`${date}T${startTime}:00+08:00`);
}

/** Numbers taken per slot: front-desk holds plus the site's active registrations, for the given ids. */
function takenBySlot(db: Database, ids: string[], now: Date): Map<string, number> {
  const taken = new Map<string, number>();
  if (ids.length === 0) return taken;
  const json = JSON.stringify(ids);
  const holds = db
    .prepare(`SELECT schedule_id AS id, taken AS n FROM schedule_holds WHERE schedule_id IN (SELECT value FROM json_each(?))`)
    .all(json) as { id: string; n: number }[];
  const booked = db
    .prepare(
      `SELECT schedule_id AS id, COUNT(*) AS n FROM registrations
       WHERE schedule_id IN (SELECT value FROM json_each(?)) AND ${ACTIVE_REGISTRATION_SQL} GROUP BY schedule_id`,
    )
    .all(json, now.toISOString()) as { id: string; n: number }[];
  for (const r of [...holds, ...booked]) taken.set(r.id, (taken.get(r.id) ?? 0) + r.n);
  return taken;
}

interface PatternRow {
  doctor_id: number;
  appointment_code: string;
  doctor_name: string;
  title: string;
  org_code: string;
  org_name: string;
  weekday: number;
  shift_id: number;
  shift_name: string;
  start_time: string;
  end_time: string;
  total: number;
  register_fee: number;
}

const PATTERN_SQL = `SELECT sp.doctor_id, d.appointment_code, d.name AS doctor_name, d.title, sp.org_code, o.name AS org_name,
  sp.weekday, sp.shift_id, s.name AS shift_name, s.start_time, s.end_time, sp.total, d.register_fee
  FROM schedule_patterns sp
  JOIN doctors d ON d.doctor_id = sp.doctor_id
  JOIN orgs o ON o.code = sp.org_code
  JOIN shifts s ON s.shift_id = sp.shift_id`;

/**
 * The slots of one doctor or one clinic for `days` days from `now` (or one date).
 * Patterns are read by index (doctor_id or org_code), then expanded in memory:
 * at most 7 × shifts rows per doctor.
 */
export function slotsFor(
  db: Database,
  filter: { doctorId: number } | { orgCode: string },
  now: Date,
  { days = SCHEDULE_DAYS, onlyDate }: { days?: number; onlyDate?: string } = {},
): Slot[] {
  const rows = (
    'doctorId' in filter
      ? db.prepare(`${PATTERN_SQL} WHERE sp.doctor_id = ? ORDER BY sp.shift_id`).all(filter.doctorId)
      : db.prepare(`${PATTERN_SQL} WHERE sp.org_code = ? ORDER BY sp.shift_id, d.sort, d.doctor_id`).all(filter.orgCode)
  ) as PatternRow[];
  const byWeekday = new Map<number, PatternRow[]>();
  for (const r of rows) byWeekday.set(r.weekday, [...(byWeekday.get(r.weekday) ?? []), r]);
  const slots: Slot[] = [];
  for (let i = 0; i < days; i++) {
    const { date, weekday } = chinaDate(now, i);
    if (onlyDate && date !== onlyDate) continue;
    for (const r of byWeekday.get(weekday) ?? []) {
      // Nearer days are busier: a stable share is taken before the site's own bookings count.
      const booked = slotHash(r.doctor_id, date, r.shift_id) % Math.max(1, r.total - Math.min(i, 6));
      const periodStart = periodStartOf(date, r.start_time);
      slots.push({
        ScheduleID: `${r.doctor_id}-${date}-${r.shift_id}-${r.org_code}`,
        Date: date,
        Week: WEEKDAY_NAMES[weekday]!,
        ShiftID: r.shift_id,
        ShiftName: r.shift_name,
        StartTime: r.start_time,
        EndTime: r.end_time,
        DoctorID: r.doctor_id,
        AppointmentCode: r.appointment_code,
        DoctorName: r.doctor_name,
        DoctorTitle: r.title,
        HospitalCode: r.org_code,
        HospitalName: r.org_name,
        Total: r.total,
        Remaining: Math.max(1, r.total - booked),
        RegisterFee: r.register_fee,
        PeriodStart: periodStart.toISOString(),
        BookState: periodStart.getTime() <= now.getTime() ? 'closed' : 'open',
      });
    }
  }
  const taken = takenBySlot(db, slots.map((s) => s.ScheduleID), now);
  for (const s of slots) {
    s.Remaining = Math.max(0, s.Remaining - (taken.get(s.ScheduleID) ?? 0));
    if (s.BookState === 'open' && s.Remaining === 0) s.BookState = 'full';
  }
  return slots;
}

/** One slot by its ScheduleID, or null when no schedule has it in the next SCHEDULE_DAYS days. */
export function slotById(db: Database, scheduleId: string, now: Date): Slot | null {
  const m = SCHEDULE_ID.exec(scheduleId);
  if (!m) return null;
  const slots = slotsFor(db, { doctorId: Number(m[1]) }, now, { onlyDate: m[2] });
  return slots.find((s) => s.ScheduleID === scheduleId) ?? null;
}

/** GetDoctorScheduleNew's shape: days, each with its shifts. */
export function groupByDate(slots: Slot[]) {
  const days = new Map<string, { Date: string; Week: string; Shifts: Slot[] }>();
  for (const s of slots) {
    const day = days.get(s.Date) ?? { Date: s.Date, Week: s.Week, Shifts: [] };
    day.Shifts.push(s);
    days.set(s.Date, day);
  }
  return [...days.values()];
}

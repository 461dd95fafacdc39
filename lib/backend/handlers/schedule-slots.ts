/**
 * Schedules roll forward from "now": the weekly pattern of schedule_patterns
 * is laid over the next days (issue 4: 14 days, today always has slots).
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
      // Nearer days are busier; at least one number is always left.
      const booked = slotHash(r.doctor_id, date, r.shift_id) % Math.max(1, r.total - Math.min(i, 6));
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
      });
    }
  }
  return slots;
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

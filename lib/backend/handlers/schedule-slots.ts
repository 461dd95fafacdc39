/**
 * Schedule slots (docs/doctor-finder.md "Who is free when"). A doctor's weekly pattern (schedule_patterns)
 * becomes dated slots when a day is released (放号), SCHEDULE_DAYS ahead; a released slot is stored
 * (schedule_slots, migration 100) with its total and what the front desk and phone line had taken by then,
 * so its numbers never move because the China date turned. Remaining = total − front desk − later holds
 * (schedule_holds) − the site's active registrations, counted, never stored, so a lapsed booking returns
 * its number the moment its deadline passes.
 *
 * Release is lazy and idempotent: the first read of a China day releases the days of the window that are
 * not yet released (INSERT OR IGNORE, so several processes may race and each slot keeps its first values).
 */
import type DatabaseConstructor from 'better-sqlite3';
import type { Database } from '../types';
import { chinaDate, slotHash, WEEKDAY_NAMES } from './clinic-rows';
import { formatScheduleId, parseScheduleId, type WireDoctorScheduleDay, type WireSlot, type WireSlotBookState } from '@/lib/contract';

/**
 * Statements prepared once per database: every list answer reads its cards' next open numbers, and preparing
 * the same few statements on every call cost more than running them.
 */
const prepared = new WeakMap<Database, Map<string, DatabaseConstructor.Statement<unknown[]>>>();
function statement(db: Database, sql: string) {
  let byDb = prepared.get(db);
  if (!byDb) prepared.set(db, (byDb = new Map()));
  let stmt = byDb.get(sql);
  if (!stmt) byDb.set(sql, (stmt = db.prepare<unknown[]>(sql)));
  return stmt;
}

/** How far ahead numbers are released: today and the next 13 days. */
export const SCHEDULE_DAYS = 14;

/** A released slot as the wire carries it: lib/contract declares it for both sides. */
export type Slot = WireSlot;
export type SlotBookState = WireSlotBookState;

/** A site registration holds its number while booked (0) or unpaid within its deadline (4). */
export const ACTIVE_REGISTRATION_SQL = `(status = 0 OR (status = 4 AND pay_deadline > ?))`;

/** The instant a period starts: its date and start time in China time (UTC+8). */
export function periodStartOf(date: string, startTime: string): Date {
  return new Date(`${date}T${startTime}:00+08:00`);
}

/** The China dates of the release window from `now`: today first. */
export function scheduleWindow(now: Date, days = SCHEDULE_DAYS): { date: string; weekday: number }[] {
  return Array.from({ length: days }, (_, i) => chinaDate(now, i));
}

/**
 * What the front desk and the phone line had taken of a slot when it was released: a stable draw from the
 * slot's own identity and the doctor's standing, never from today's date. Senior doctors' numbers go
 * fastest; some slots are already full (约满) when the site first sees them.
 */
export function frontDeskTake(scheduleId: string, total: number, title: string): number {
  const h = slotHash('front-desk', scheduleId);
  const full = title === '主任医师' ? 0.3 : title === '副主任医师' ? 0.15 : 0.06;
  if ((h % 10_007) / 10_007 < full) return total;
  const share = 0.1 + 0.7 * (((h >>> 12) % 1000) / 1000);
  return Math.min(total - 1, Math.floor(total * share));
}

interface PatternForRelease {
  doctor_id: number;
  org_code: string;
  shift_id: number;
  total: number;
  start_time: string;
  title: string;
}

/**
 * Releases the days of the window that are not released yet: one slot per pattern of the day's weekday,
 * with its front-desk share. Cheap when there is nothing to do (one indexed read); writes once a day.
 */
export function releaseSlots(db: Database, now: Date, days = SCHEDULE_DAYS): void {
  const window = scheduleWindow(now, days);
  const released = new Set(
    (
      statement(db, 'SELECT date FROM schedule_release_days WHERE date BETWEEN ? AND ?')
        .all(window[0]!.date, window[window.length - 1]!.date) as { date: string }[]
    ).map((r) => r.date),
  );
  const missing = window.filter((d) => !released.has(d.date));
  if (missing.length === 0) return;
  const patterns = db.prepare(
    `SELECT sp.doctor_id, sp.org_code, sp.shift_id, sp.total, s.start_time, d.title
     FROM schedule_patterns sp JOIN shifts s ON s.shift_id = sp.shift_id JOIN doctors d ON d.doctor_id = sp.doctor_id
     WHERE sp.weekday = ?`,
  );
  const insert = db.prepare(
    `INSERT OR IGNORE INTO schedule_slots (schedule_id, doctor_id, org_code, date, shift_id, period_start, total, front_desk, released_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const markReleased = db.prepare('INSERT OR IGNORE INTO schedule_release_days (date) VALUES (?)');
  const at = now.toISOString();
  db.transaction(() => {
    for (const { date, weekday } of missing) {
      for (const p of patterns.all(weekday) as PatternForRelease[]) {
        const id = formatScheduleId({ doctorId: p.doctor_id, date, shiftId: p.shift_id, orgCode: p.org_code });
        insert.run(id, p.doctor_id, p.org_code, date, p.shift_id, periodStartOf(date, p.start_time).toISOString(), p.total,
          frontDeskTake(id, p.total, p.title), at);
      }
      markReleased.run(date);
    }
  }).immediate();
}

/**
 * The open numbers of released slots as SQL (alias `open_slots`: schedule_id, doctor_id, org_code, date,
 * period_start, remaining), for the finder's date filter and counts; its arguments are openSlotsArgs(): now
 * (unpaid bookings within their deadline hold their number), the first and last date, and now again (the
 * period has not started).
 */
export const OPEN_SLOTS_SQL = `SELECT ss.schedule_id, ss.doctor_id, ss.org_code, ss.date, ss.period_start,
    ss.total - ss.front_desk - COALESCE(h.taken, 0) - COALESCE(r.n, 0) AS remaining
  FROM schedule_slots ss
  LEFT JOIN schedule_holds h ON h.schedule_id = ss.schedule_id
  LEFT JOIN (SELECT schedule_id, COUNT(*) AS n FROM registrations WHERE schedule_id IS NOT NULL AND ${ACTIVE_REGISTRATION_SQL}
             GROUP BY schedule_id) r ON r.schedule_id = ss.schedule_id
  WHERE ss.date BETWEEN ? AND ? AND ss.period_start > ?`;

/** OPEN_SLOTS_SQL's arguments for the dates `from`..`to` at `now`. */
export function openSlotsArgs(from: string, to: string, now: Date): string[] {
  const iso = now.toISOString();
  return [iso, from, to, iso];
}

/** Numbers taken per slot: later holds plus the site's active registrations, for the given ids. */
function takenBySlot(db: Database, ids: string[], now: Date): Map<string, number> {
  const taken = new Map<string, number>();
  if (ids.length === 0) return taken;
  const json = JSON.stringify(ids);
  const holds = statement(db, `SELECT schedule_id AS id, taken AS n FROM schedule_holds WHERE schedule_id IN (SELECT value FROM json_each(?))`)
    .all(json) as { id: string; n: number }[];
  const booked = statement(
    db,
    `SELECT schedule_id AS id, COUNT(*) AS n FROM registrations
       WHERE schedule_id IN (SELECT value FROM json_each(?)) AND ${ACTIVE_REGISTRATION_SQL} GROUP BY schedule_id`,
  )
    .all(json, now.toISOString()) as { id: string; n: number }[];
  for (const r of [...holds, ...booked]) taken.set(r.id, (taken.get(r.id) ?? 0) + r.n);
  return taken;
}

interface SlotRow {
  schedule_id: string;
  doctor_id: number;
  appointment_code: string;
  doctor_name: string;
  title: string;
  org_code: string;
  org_name: string;
  date: string;
  shift_id: number;
  shift_name: string;
  start_time: string;
  end_time: string;
  period_start: string;
  total: number;
  front_desk: number;
  register_fee: number;
}

const SLOT_SQL = `SELECT ss.schedule_id, ss.doctor_id, d.appointment_code, d.name AS doctor_name, d.title, ss.org_code,
  o.name AS org_name, ss.date, ss.shift_id, s.name AS shift_name, s.start_time, s.end_time, ss.period_start, ss.total,
  ss.front_desk, d.register_fee
  FROM schedule_slots ss
  JOIN doctors d ON d.doctor_id = ss.doctor_id
  JOIN orgs o ON o.code = ss.org_code
  JOIN shifts s ON s.shift_id = ss.shift_id`;

/** Stored rows → wire slots with their live numbers and state at `now`. */
function toSlots(db: Database, rows: SlotRow[], now: Date): Slot[] {
  const taken = takenBySlot(db, rows.map((r) => r.schedule_id), now);
  return rows.map((r) => {
    const remaining = Math.max(0, r.total - r.front_desk - (taken.get(r.schedule_id) ?? 0));
    const started = new Date(r.period_start).getTime() <= now.getTime();
    return {
      ScheduleID: r.schedule_id,
      Date: r.date,
      Week: WEEKDAY_NAMES[new Date(`${r.date}T00:00:00Z`).getUTCDay()]!,
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
      Remaining: remaining,
      RegisterFee: r.register_fee,
      PeriodStart: r.period_start,
      BookState: started ? 'closed' : remaining === 0 ? 'full' : 'open',
    };
  });
}

/**
 * The slots of one doctor or one clinic for `days` days from `now` (at most the release window), or of one
 * date of it. Read by index (doctor or clinic, then date).
 */
export function slotsFor(
  db: Database,
  filter: { doctorId: number } | { orgCode: string },
  now: Date,
  { days = SCHEDULE_DAYS, onlyDate }: { days?: number; onlyDate?: string } = {},
): Slot[] {
  releaseSlots(db, now);
  const window = scheduleWindow(now, Math.min(days, SCHEDULE_DAYS));
  const from = onlyDate ?? window[0]!.date;
  const to = onlyDate ?? window[window.length - 1]!.date;
  if (from < window[0]!.date || to > window[window.length - 1]!.date) return [];
  const rows = (
    'doctorId' in filter
      ? statement(db, `${SLOT_SQL} WHERE ss.doctor_id = ? AND ss.date BETWEEN ? AND ? ORDER BY ss.date, ss.shift_id`).all(filter.doctorId, from, to)
      : statement(db, `${SLOT_SQL} WHERE ss.org_code = ? AND ss.date BETWEEN ? AND ? ORDER BY ss.date, ss.shift_id, d.sort, d.doctor_id`).all(
          filter.orgCode,
          from,
          to,
        )
  ) as SlotRow[];
  return toSlots(db, rows, now);
}

/** One slot by its ScheduleID, or null when it is not a released slot of the window. */
export function slotById(db: Database, scheduleId: string, now: Date): Slot | null {
  const id = parseScheduleId(scheduleId);
  if (!id) return null;
  releaseSlots(db, now);
  const window = scheduleWindow(now);
  if (id.date < window[0]!.date || id.date > window[window.length - 1]!.date) return null;
  const row = statement(db, `${SLOT_SQL} WHERE ss.schedule_id = ?`).get(scheduleId) as SlotRow | undefined;
  return row ? toSlots(db, [row], now)[0]! : null;
}

/**
 * Each doctor's next slot with a number left (open), within the window or on one date of it: what a list
 * card shows. One query over the doctors' slots (a page holds at most 100 doctors, about a dozen slots each).
 */
export function nextOpenSlots(db: Database, doctorIds: number[], now: Date, { date }: { date?: string } = {}): Map<number, Slot> {
  const next = new Map<number, Slot>();
  if (doctorIds.length === 0) return next;
  releaseSlots(db, now);
  const window = scheduleWindow(now);
  const from = date ?? window[0]!.date;
  const to = date ?? window[window.length - 1]!.date;
  const rows = statement(
    db,
    `${SLOT_SQL} WHERE ss.doctor_id IN (SELECT value FROM json_each(?)) AND ss.date BETWEEN ? AND ? AND ss.period_start > ?
       ORDER BY ss.doctor_id, ss.period_start`,
  )
    .all(JSON.stringify(doctorIds), from < window[0]!.date ? window[0]!.date : from, to > window[window.length - 1]!.date ? window[window.length - 1]!.date : to, now.toISOString()) as SlotRow[];
  for (const slot of toSlots(db, rows, now)) {
    if (slot.BookState === 'open' && !next.has(slot.DoctorID)) next.set(slot.DoctorID, slot);
  }
  return next;
}

/** GetDoctorScheduleNew's shape: every day of the window, each with its shifts (none on a day off). */
export function groupByDate(slots: Slot[], now: Date, days = SCHEDULE_DAYS): WireDoctorScheduleDay[] {
  const byDate = new Map(scheduleWindow(now, days).map(({ date, weekday }): [string, WireDoctorScheduleDay] => [date, { Date: date, Week: WEEKDAY_NAMES[weekday]!, Shifts: [] }]));
  for (const s of slots) byDate.get(s.Date)?.Shifts.push(s);
  return [...byDate.values()];
}

import type { Migration } from '../types';

/**
 * Released schedule slots (docs/doctor-finder.md "Who is free when"). A doctor's weekly pattern
 * (schedule_patterns, migration 010) becomes dated slots when the day is released (放号), 14 days ahead, as
 * a hospital's HIS does; from then on the slot is stored: its total and the numbers the front desk and the
 * phone line had already taken (front_desk) never change because the China date turned, and a change of
 * the weekly pattern applies to days not yet released. Numbers taken later through other channels stay in
 * schedule_holds (migration 050), the site's own in registrations.
 *
 * - `schedule_release_days`: the dates whose slots are released. A change to schedule_patterns clears it, so
 *   the next read releases what the change added (INSERT OR IGNORE keeps every released slot as it was).
 * - Indexes: a doctor's or a clinic's days (doctor page, clinic roster, a list card's next open time) and one
 *   date's doctors (the finder's date filter).
 */
export const scheduleSlotsMigration: Migration = {
  id: '100-schedule-slots',
  sql: `
CREATE TABLE schedule_slots (
  schedule_id TEXT PRIMARY KEY,
  doctor_id INTEGER NOT NULL,
  org_code TEXT NOT NULL,
  date TEXT NOT NULL,
  shift_id INTEGER NOT NULL,
  period_start TEXT NOT NULL,
  total INTEGER NOT NULL CHECK (total >= 0),
  front_desk INTEGER NOT NULL CHECK (front_desk >= 0),
  released_at TEXT NOT NULL
);
CREATE INDEX schedule_slots_doctor ON schedule_slots (doctor_id, date, shift_id);
CREATE INDEX schedule_slots_org ON schedule_slots (org_code, date, shift_id);
CREATE INDEX schedule_slots_date ON schedule_slots (date, doctor_id);

CREATE TABLE schedule_release_days (date TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TRIGGER schedule_patterns_insert_release AFTER INSERT ON schedule_patterns BEGIN
  DELETE FROM schedule_release_days;
END;
CREATE TRIGGER schedule_patterns_update_release AFTER UPDATE ON schedule_patterns BEGIN
  DELETE FROM schedule_release_days;
END;
`,
};

/**
 * After the booking (docs/api.md "HIS_Register booking"): the reminder SMS the day before, rescheduling,
 * and the visit itself.
 *
 * - registrations.reminder_sent_at: set in the same transaction that writes the reminder to the outbox,
 *   by an UPDATE that only a row without it passes, so two server processes sharing the database send one
 *   reminder between them (reminders.ts). A reschedule clears it: the new time gets its own reminder.
 * - registrations.rescheduled_from: the period the booking held before its last reschedule, as the
 *   patient read it ("2026-11-25 上午 08:30-12:00"), shown on the appointment page.
 * - registrations.visited_at: when the clinic marked the visit 已就诊 (1).
 * - sms_notices: the SMS outbox of notices (reminders). Verification codes stay in sms_outbox, whose rows
 *   are secrets with quotas and tries (sms.ts); a notice is text for the patient and counts against none
 *   of those. Without a gateway both are the outbox that development and the tests read.
 */
import type { Migration } from '../types';

export const appointmentsMigration: Migration = {
  id: '091-appointments',
  sql: `
ALTER TABLE registrations ADD COLUMN reminder_sent_at TEXT;
ALTER TABLE registrations ADD COLUMN rescheduled_from TEXT;
ALTER TABLE registrations ADD COLUMN visited_at TEXT;
CREATE INDEX registrations_reminder_due ON registrations (visit_date) WHERE status = 0 AND reminder_sent_at IS NULL;

CREATE TABLE sms_notices (
  id INTEGER PRIMARY KEY,
  phone TEXT NOT NULL,
  kind TEXT NOT NULL,
  register_no TEXT NOT NULL,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX sms_notices_phone ON sms_notices (phone, created_at);
CREATE INDEX sms_notices_register ON sms_notices (register_no, kind);
`,
};

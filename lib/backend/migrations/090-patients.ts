/**
 * 就诊人 (docs/api.md "HIS_Register patients"): the people an account books for. Registration in China is
 * real-name, and most bookings are made by one family member for another, so a booking names its 就诊人 and
 * keeps a copy of who that was (name, relation, ID card, phone) as the record of the visit: editing or
 * removing a 就诊人 later never rewrites a past record.
 *
 * - patients: at most 5 per account, the account holder counting as one once their ID card is on file
 *   (the holder is not stored here: their own record is members.id_card, edited on /modifyInfor);
 *   one row per ID card and account.
 * - registrations.patient_*: whom each record is for. patient_id is NULL for the account holder and for
 *   records made before 就诊人 existed (their patient_name is the holder's).
 * - registrations_doctor_day: "one booking per 就诊人, doctor and period" reads every record of a doctor
 *   and day, front-desk ones too (they have no doctor_id or shift_id, only doctor_code and time_slot).
 */
import type { Migration } from '../types';

export const patientsMigration: Migration = {
  id: '090-patients',
  sql: `
CREATE TABLE patients (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  relation TEXT NOT NULL,
  id_card TEXT NOT NULL,
  phone TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX patients_member_card ON patients (member_id, id_card);
CREATE INDEX patients_member ON patients (member_id, id);

ALTER TABLE registrations ADD COLUMN patient_id INTEGER;
ALTER TABLE registrations ADD COLUMN patient_relation TEXT;
ALTER TABLE registrations ADD COLUMN patient_id_card TEXT;
ALTER TABLE registrations ADD COLUMN patient_phone TEXT;
CREATE INDEX registrations_doctor_day ON registrations (doctor_code, visit_date);
CREATE INDEX registrations_patient ON registrations (patient_id) WHERE patient_id IS NOT NULL;
`,
};

/**
 * 就诊人 ids and ID cards (docs/api.md "HIS_Register patients", docs/security.md "就诊人"):
 *
 * - patients.id is AUTOINCREMENT: an id is never given again after a delete, so a PatientID held by a page,
 *   a form or a record never comes to name someone else. SQLite cannot add AUTOINCREMENT to a table, so the
 *   table is copied into a new one with every row and id kept (sqlite_sequence starts after the largest).
 * - ID cards are stored in their 18-digit form (lib/validation idCard18): a 15-digit number already stored
 *   (members, patients, registrations) is rewritten to it here, so the two forms of one number are one
 *   person for every comparison. Should one account hold the same person under both forms, the first row is
 *   kept (the other's bookings keep their own copy of who the patient was, migration 090).
 * - patients_card and members_id_card: the embedded backend's patient index, read by the rule "one ID card
 *   is one person" across accounts.
 */
import type { Migration } from '../types';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** SQL of the 18-digit form of a 15-digit `column` (the year gains 19; the GB 11643 check character added). */
function to18(column: string): string {
  const first17 = `(substr(${column}, 1, 6) || '19' || substr(${column}, 7, 9))`;
  const sum = WEIGHTS.map((w, i) => `${w} * CAST(substr(${first17}, ${i + 1}, 1) AS INTEGER)`).join(' + ');
  return `(${first17} || substr('10X98765432', ((${sum}) % 11) + 1, 1))`;
}

const norm = (column: string) => `CASE WHEN length(${column}) = 15 THEN ${to18(column)} ELSE ${column} END`;

export const patientIdsMigration: Migration = {
  id: '140-patient-ids',
  sql: `
CREATE TABLE patients_autoincrement (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  relation TEXT NOT NULL,
  id_card TEXT NOT NULL,
  phone TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT OR IGNORE INTO patients_autoincrement (id, member_id, name, relation, id_card, phone, created_at, updated_at)
  SELECT id, member_id, name, relation, ${norm('id_card')}, phone, created_at, updated_at FROM patients ORDER BY id;
DROP TABLE patients;
ALTER TABLE patients_autoincrement RENAME TO patients;
CREATE UNIQUE INDEX patients_member_card ON patients (member_id, id_card);
CREATE INDEX patients_member ON patients (member_id, id);
CREATE INDEX patients_card ON patients (id_card);

UPDATE members SET id_card = ${norm('id_card')} WHERE length(id_card) = 15;
CREATE INDEX members_id_card ON members (id_card) WHERE id_card IS NOT NULL;
UPDATE registrations SET patient_id_card = ${norm('patient_id_card')} WHERE length(patient_id_card) = 15;
`,
};

import type { Migration } from '../types';

/**
 * A version of the doctors table, bumped by every insert, update and delete (docs/doctor-finder.md):
 * the doctor finder keeps the totals it counts over candidates (doctor-search.ts: keywords longer than
 * the index's terms, or with the clinic, online or row filters) per version, so a repeated query answers
 * as fast at 100k doctors as at 1k; any write to a doctor row makes those totals count again. (Since
 * migration 062, keywords of up to four characters, 中医内科, are terms and need none of this.)
 * One row, read by primary key; the triggers cost one row update per doctor write.
 */
export const doctorVersionMigration: Migration = {
  id: '061-doctor-version',
  sql: `
CREATE TABLE doctor_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO doctor_version (id, version) VALUES (1, 0);
CREATE TRIGGER doctor_version_insert AFTER INSERT ON doctors BEGIN
  UPDATE doctor_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER doctor_version_update AFTER UPDATE ON doctors BEGIN
  UPDATE doctor_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER doctor_version_delete AFTER DELETE ON doctors BEGIN
  UPDATE doctor_version SET version = version + 1 WHERE id = 1;
END;
`,
};

import type { Migration } from '../types';

/**
 * Doctor totals per province, kept by triggers, so the doctor finder's TotalCount
 * does not walk an index of the whole province (docs/api.md: a list's cost grows with
 * the page size, not the table size; bench/doctor-list-scale.ts). Row 0 is the
 * total of every province. Lists with a keyword, clinic or online filter still count.
 */
export const doctorCountsMigration: Migration = {
  id: '011-doctor-counts',
  sql: `
CREATE TABLE doctor_counts (
  province_id INTEGER PRIMARY KEY,
  n INTEGER NOT NULL
);
INSERT INTO doctor_counts (province_id, n) SELECT 0, COUNT(*) FROM doctors;
INSERT INTO doctor_counts (province_id, n) SELECT province_id, COUNT(*) FROM doctors GROUP BY province_id;

CREATE TRIGGER doctor_counts_insert AFTER INSERT ON doctors BEGIN
  INSERT INTO doctor_counts (province_id, n) VALUES (0, 1) ON CONFLICT (province_id) DO UPDATE SET n = n + 1;
  INSERT INTO doctor_counts (province_id, n) VALUES (NEW.province_id, 1) ON CONFLICT (province_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER doctor_counts_delete AFTER DELETE ON doctors BEGIN
  UPDATE doctor_counts SET n = n - 1 WHERE province_id IN (0, OLD.province_id);
END;
CREATE TRIGGER doctor_counts_move AFTER UPDATE OF province_id ON doctors WHEN NEW.province_id <> OLD.province_id BEGIN
  UPDATE doctor_counts SET n = n - 1 WHERE province_id = OLD.province_id;
  INSERT INTO doctor_counts (province_id, n) VALUES (NEW.province_id, 1) ON CONFLICT (province_id) DO UPDATE SET n = n + 1;
END;
`,
};

/**
 * 体质档案 (docs/api.md "TW_Constitution", docs/constitution.md): each 中医体质辨识 result a member keeps, with
 * the instant, the sex asked, the answers as sent (one digit per question, in the form's order) and the scores
 * the backend computed from them, so a later change of wording never changes a kept result.
 */
import type { Migration } from '../types';

export const constitutionMigration: Migration = {
  id: '180-constitution',
  sql: `
CREATE TABLE constitution_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  member_id INTEGER NOT NULL,
  sex INTEGER NOT NULL CHECK (sex IN (0, 1)),
  answers TEXT NOT NULL CHECK (length(answers) = 60),
  scores TEXT NOT NULL,
  main_type TEXT NOT NULL,
  summary TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX constitution_records_member ON constitution_records (member_id, created_at);
`,
};

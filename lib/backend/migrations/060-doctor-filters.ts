import type { Migration } from '../types';

/**
 * The doctor finder's filters beyond the keyword (科室, 职称, clinic, online now) and the doctors of an
 * illness (docs/doctor-finder.md):
 *
 * - `doctors_filters`: (province_id, department, title, org_code, consult_online), so the per-option counts
 *   of the filter panel read one index range of the province instead of the doctor rows.
 * - `disease_departments`: which departments (科室) treat the illnesses of a disease type, by the type's
 *   name, so an illness page lists the doctors of its field (with the doctors whose 擅长 names the illness).
 *   Editors can change it with SQL; the rows below are the group's eight disease types.
 */
const DISEASE_DEPARTMENTS: [diseaseType: string, department: string][] = [
  ['脾胃消化', '中医内科'],
  ['睡眠情志', '中医内科'],
  ['妇科疾病', '中医妇科'],
  ['儿科疾病', '中医儿科'],
  ['骨关节疼痛', '针灸推拿科'],
  ['骨关节疼痛', '中医骨伤科'],
  ['皮肤疾病', '中医皮肤科'],
  ['呼吸系统', '中医肺病科'],
  ['慢病调理', '中医内科'],
];

export const doctorFiltersMigration: Migration = {
  id: '060-doctor-filters',
  sql: `
CREATE INDEX doctors_filters ON doctors (province_id, department, title, org_code, consult_online);

CREATE TABLE disease_departments (
  disease_type_name TEXT NOT NULL,
  department TEXT NOT NULL,
  PRIMARY KEY (disease_type_name, department)
) WITHOUT ROWID;
INSERT INTO disease_departments (disease_type_name, department) VALUES
  ${DISEASE_DEPARTMENTS.map(([t, d]) => `('${t}', '${d}')`).join(',\n  ')};
`,
};

import type { Migration } from '../types';

/**
 * Tables of the online services and key specialties (SPEC §2): provinces, clinics
 * (TW_Org), doctors (TW_User), weekly schedule patterns, evaluations, online
 * questions, specialties, studios, illnesses and collections.
 *
 * - Every list sort of SPEC §9 has an index, so GetDoctorPageList pages in SQL and
 *   its cost grows with the page size, not with the table size (docs/api.md).
 * - Schedules are stored as a weekday pattern: the endpoints roll it forward from
 *   "now", so today always has slots however old the database is.
 * - Collections keep member_id/vip_code without a foreign key: the members table is
 *   the core area's (001-core) and this area must run on its own.
 */
export const clinicsDoctorsMigration: Migration = {
  id: '010-clinics-doctors',
  sql: `
CREATE TABLE provinces (
  province_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE sale_types (
  sale_type_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE orgs (
  org_id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  province_id INTEGER NOT NULL REFERENCES provinces(province_id),
  city TEXT NOT NULL,
  address TEXT NOT NULL,
  phone TEXT NOT NULL,
  hours TEXT NOT NULL,
  lat REAL NOT NULL,
  lng REAL NOT NULL,
  image TEXT NOT NULL,
  intro TEXT NOT NULL,
  traffic TEXT NOT NULL DEFAULT '',
  sale_type_id INTEGER NOT NULL DEFAULT 1,
  collect_count INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX orgs_province_sort ON orgs (province_id, sort, org_id);

CREATE TABLE org_images (
  image_id INTEGER PRIMARY KEY,
  org_code TEXT NOT NULL REFERENCES orgs(code),
  url TEXT NOT NULL,
  title TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX org_images_org ON org_images (org_code, sort);

CREATE TABLE medical_insurance (
  insurance_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  remark TEXT NOT NULL
);

CREATE TABLE org_insurance (
  org_code TEXT NOT NULL REFERENCES orgs(code),
  insurance_id INTEGER NOT NULL REFERENCES medical_insurance(insurance_id),
  PRIMARY KEY (org_code, insurance_id)
);

CREATE TABLE shifts (
  shift_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL
);

CREATE TABLE doctors (
  doctor_id INTEGER PRIMARY KEY,
  appointment_code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  title TEXT NOT NULL,
  org_code TEXT NOT NULL,
  province_id INTEGER NOT NULL,
  department TEXT NOT NULL,
  specialties TEXT NOT NULL,
  intro TEXT NOT NULL,
  avatar TEXT NOT NULL,
  praise_rate REAL NOT NULL DEFAULT 0,
  service_count INTEGER NOT NULL DEFAULT 0,
  fans INTEGER NOT NULL DEFAULT 0,
  consult_online INTEGER NOT NULL DEFAULT 0,
  consult_fee INTEGER NOT NULL DEFAULT 0,
  register_fee INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX doctors_default ON doctors (province_id, sort, doctor_id);
CREATE INDEX doctors_praise ON doctors (province_id, praise_rate DESC, doctor_id);
CREATE INDEX doctors_services ON doctors (province_id, service_count DESC, doctor_id);
CREATE INDEX doctors_fans ON doctors (province_id, fans DESC, doctor_id);
CREATE INDEX doctors_all_default ON doctors (sort, doctor_id);
CREATE INDEX doctors_all_praise ON doctors (praise_rate DESC, doctor_id);
CREATE INDEX doctors_all_services ON doctors (service_count DESC, doctor_id);
CREATE INDEX doctors_all_fans ON doctors (fans DESC, doctor_id);
CREATE INDEX doctors_org ON doctors (org_code, sort, doctor_id);
CREATE INDEX doctors_online ON doctors (consult_online, sort, doctor_id);

-- A doctor's weekly pattern: weekday 0 (Sunday) .. 6, one row per shift and clinic.
CREATE TABLE schedule_patterns (
  doctor_id INTEGER NOT NULL REFERENCES doctors(doctor_id),
  org_code TEXT NOT NULL,
  weekday INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  shift_id INTEGER NOT NULL REFERENCES shifts(shift_id),
  total INTEGER NOT NULL,
  PRIMARY KEY (doctor_id, weekday, shift_id, org_code)
);
CREATE INDEX schedule_patterns_org ON schedule_patterns (org_code, weekday, shift_id);

-- source: 0 = clinic visit, 1 = online consultation (OnlineQuestjudgeList).
CREATE TABLE evaluations (
  evaluation_id INTEGER PRIMARY KEY,
  doctor_id INTEGER,
  org_code TEXT NOT NULL,
  member_name TEXT NOT NULL,
  satisfaction INTEGER NOT NULL CHECK (satisfaction BETWEEN 1 AND 3),
  eval_type INTEGER NOT NULL CHECK (eval_type IN (0, 1)),
  has_content INTEGER NOT NULL CHECK (has_content IN (0, 1)),
  content TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '',
  source INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX evaluations_doctor ON evaluations (doctor_id, source, created_at DESC);
CREATE INDEX evaluations_org ON evaluations (org_code, created_at DESC);
CREATE INDEX evaluations_all ON evaluations (created_at DESC);

CREATE TABLE questions (
  question_id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  doctor_id INTEGER NOT NULL REFERENCES doctors(doctor_id),
  asker TEXT NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  is_private INTEGER NOT NULL CHECK (is_private IN (0, 1)),
  is_replied INTEGER NOT NULL CHECK (is_replied IN (0, 1)),
  reply TEXT NOT NULL DEFAULT '',
  views INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  replied_at TEXT
);
CREATE INDEX questions_all ON questions (created_at DESC);
CREATE INDEX questions_filters ON questions (is_private, is_replied, created_at DESC);
CREATE INDEX questions_doctor ON questions (doctor_id, created_at DESC);

CREATE TABLE special_classes (
  class_code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE studios (
  studio_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  class_code TEXT NOT NULL REFERENCES special_classes(class_code),
  doctor_id INTEGER NOT NULL REFERENCES doctors(doctor_id),
  intro TEXT NOT NULL,
  image TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX studios_class ON studios (class_code, sort, studio_id);

-- special_type: 1 = work result (工作成果), 2 = work dynamic (工作动态), 3 = special page (专题).
CREATE TABLE specials (
  special_id INTEGER PRIMARY KEY,
  studio_id INTEGER REFERENCES studios(studio_id),
  doctor_id INTEGER,
  special_type INTEGER NOT NULL CHECK (special_type IN (1, 2, 3)),
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body TEXT NOT NULL,
  image TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX specials_type ON specials (special_type, created_at DESC);
CREATE INDEX specials_studio ON specials (studio_id, special_type, created_at DESC);
CREATE INDEX specials_doctor ON specials (doctor_id, created_at DESC);

CREATE TABLE disease_types (
  type_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE specialty_types (
  type_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0
);

-- HIS_Specialty configurations: one illness/specialty offered by a clinic.
CREATE TABLE illnesses (
  illness_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  specialty_type_id INTEGER NOT NULL REFERENCES specialty_types(type_id),
  disease_type_id INTEGER NOT NULL REFERENCES disease_types(type_id),
  org_code TEXT NOT NULL,
  summary TEXT NOT NULL,
  symptoms TEXT NOT NULL,
  treatment TEXT NOT NULL,
  praise_rate REAL NOT NULL DEFAULT 0,
  service_count INTEGER NOT NULL DEFAULT 0,
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX illnesses_specialty ON illnesses (specialty_type_id, sort, illness_id);
CREATE INDEX illnesses_praise ON illnesses (praise_rate DESC, illness_id);
CREATE INDEX illnesses_services ON illnesses (service_count DESC, illness_id);
CREATE INDEX illnesses_org ON illnesses (org_code, specialty_type_id, sort);
CREATE INDEX illnesses_disease ON illnesses (disease_type_id, sort);

-- kind: 1 = clinic (HospitalCode), 2 = doctor (AppointmentCode).
CREATE TABLE collections (
  member_id INTEGER NOT NULL,
  vip_code TEXT NOT NULL,
  kind INTEGER NOT NULL CHECK (kind IN (1, 2)),
  code TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (member_id, kind, code)
);
CREATE INDEX collections_member ON collections (member_id, kind, created_at DESC);
`,
};

/**
 * The keyword index (migrations 012 and 062, doctor-search.ts; docs/doctor-finder.md "Scale") against the plain
 * LIKE query of SPEC §7 on the demo seed plus generated doctors: the same rows, order and total for keywords of
 * one to five characters (three and four are terms since migration 062), LIKE's % and _ taken literally, in
 * every sort, in a province and everywhere, on several pages; and again after an insert, an update and a
 * delete of a doctor row, so that no total counted or remembered before a write survives it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { DEMO_DOCTOR_COUNT, insertDoctors, seededRandom } from '../seed/clinics-doctors';
import { DOCTOR_COLUMNS, likePattern, type DoctorRow } from './clinic-rows';
import { DOCTOR_SORT_KEYS, keywordDoctorPage, type DoctorSort } from './doctor-search';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-search-seeded-'));
let backend: Backend;

beforeAll(() => {
  backend = createBackend({ dbPath: path.join(dir, 'test.db'), log: () => {} });
  // Enough doctors that a department's keyword matches hundreds of them, over several pages.
  backend.db.transaction(() => insertDoctors(backend.db, seededRandom(7), 1200, { withAvatars: false, startAt: DEMO_DOCTOR_COUNT + 1 }))();
});
afterAll(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The plain query: a LIKE over the three fields, in the sort's order, then doctor_id. */
function plainLike(keyword: string, sort: DoctorSort, provinceId: number, limit: number, offset: number) {
  const p = likePattern(keyword);
  const where = `${provinceId ? 'd.province_id = ? AND ' : ''}(d.name LIKE ? ESCAPE '\\' OR d.specialties LIKE ? ESCAPE '\\' OR d.department LIKE ? ESCAPE '\\')`;
  const args = provinceId ? [provinceId, p, p, p] : [p, p, p];
  const { column, dir: order } = DOCTOR_SORT_KEYS[sort];
  const total = (backend.db.prepare(`SELECT COUNT(*) AS n FROM doctors d WHERE ${where}`).get(...args) as { n: number }).n;
  const rows = backend.db
    .prepare(`SELECT ${DOCTOR_COLUMNS} FROM doctors d JOIN orgs o ON o.code = d.org_code WHERE ${where}
      ORDER BY d.${column} ${order}, d.doctor_id ASC LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as DoctorRow[];
  return { rows, total };
}

// One to five characters: a department, specialties, their pieces, a piece across a comma, a name's surname,
// nothing at all, and LIKE's wildcards (literal: no field holds them).
const KEYWORDS = ['中医内科', '针灸推拿', '颈椎病', '失眠', '内科', '科', '医内科', '针灸推拿科', '病,', '李', '中医外科', '%', '中_', '慢性%'];
const SORTS: DoctorSort[] = ['default', 'praise', 'services', 'fans'];

/** Every keyword in every sort, everywhere and in Yunnan (215), pages 1 and 3 of 12: index and LIKE agree. */
function expectSameAsLike() {
  let matched = 0;
  for (const keyword of KEYWORDS) {
    for (const sort of SORTS) {
      for (const provinceId of [0, 215]) {
        for (const offset of [0, 24]) {
          const page = keywordDoctorPage(backend.db, { keyword, sort, provinceId, limit: 12, offset });
          expect(page, `${keyword} ${sort} ${provinceId} ${offset}`).toEqual(plainLike(keyword, sort, provinceId, 12, offset));
          matched += page.rows.length;
        }
      }
    }
  }
  // The comparison is not between empty pages.
  expect(matched).toBeGreaterThan(1000);
}

const total = (keyword: string) => keywordDoctorPage(backend.db, { keyword, sort: 'default', limit: 1, offset: 0 }).total;

describe('doctor keyword index on a seeded database', () => {
  it('answers what the plain LIKE query answers, for keywords of one to five characters', () => {
    expect(total('中医内科')).toBeGreaterThan(100);
    expect(total('%')).toBe(0);
    expectSameAsLike();
  });

  it('answers the same after an insert, an update and a delete of a doctor', () => {
    const before = { neike: total('中医内科'), zhenjiu: total('针灸推拿科'), jingzhui: total('颈椎病') };

    backend.db
      .prepare(`INSERT INTO doctors (doctor_id, appointment_code, name, title, org_code, province_id, department, specialties,
        intro, avatar, praise_rate, service_count, fans, consult_online, sort)
        SELECT 990001, 'D990001', '新医生', '主治医师', code, province_id, '中医内科', '颈椎病,失眠', '', '', 100, 99999, 99999, 1, -1
        FROM orgs ORDER BY org_id LIMIT 1`)
      .run();
    expect(total('中医内科')).toBe(before.neike + 1);
    expect(total('颈椎病')).toBe(before.jingzhui + 1);
    expectSameAsLike();

    // A doctor moves from 中医内科 to 针灸推拿科, and another's fans counter moves (a sort key only).
    const moved = (backend.db.prepare("SELECT doctor_id FROM doctors WHERE department = '中医内科' AND specialties NOT LIKE '%颈椎病%' ORDER BY doctor_id LIMIT 1").get() as { doctor_id: number }).doctor_id;
    backend.db.prepare("UPDATE doctors SET department = '针灸推拿科', specialties = '颈椎病' WHERE doctor_id = ?").run(moved);
    backend.db.prepare('UPDATE doctors SET fans = fans + 100000 WHERE doctor_id = (SELECT MAX(doctor_id) FROM doctors WHERE doctor_id < 990001)').run();
    expect(total('中医内科')).toBe(before.neike);
    expect(total('针灸推拿科')).toBe(before.zhenjiu + 1);
    expect(total('颈椎病')).toBe(before.jingzhui + 2);
    expectSameAsLike();

    backend.db.prepare('DELETE FROM doctors WHERE doctor_id = 990001').run();
    expect(total('中医内科')).toBe(before.neike - 1);
    expect(total('颈椎病')).toBe(before.jingzhui + 1);
    expectSameAsLike();
  });
});

/**
 * The doctor finder's keyword index (migrations 012 and 062, doctor-search.ts; docs/bench.md) answers exactly what the
 * former LIKE scan answered: same rows, same order, same total (SPEC §7 Keyword, SPEC §9 sorts). The scan
 * is kept here as the reference. Also: the postings follow every write, and the migration fills them
 * for a database that already has doctors.
 */
import Database from '../sqlite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../migrations';
import type { Database as Db } from '../types';
import { DOCTOR_COLUMNS, likePattern, type DoctorRow } from './clinic-rows';
import { keywordDoctorPage, keywordTerms, type DoctorSort, type KeywordQuery } from './doctor-search';

/** The former users.ts doctorPage with a Keyword: a LIKE scan of the doctors table. */
const REFERENCE_ORDER: Record<DoctorSort, string> = {
  default: 'd.sort ASC, d.doctor_id ASC',
  praise: 'd.praise_rate DESC, d.doctor_id ASC',
  services: 'd.service_count DESC, d.doctor_id ASC',
  fans: 'd.fans DESC, d.doctor_id ASC',
};
function referenceScan(db: Db, q: KeywordQuery): { rows: DoctorRow[]; total: number } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (q.provinceId) {
    where.push('d.province_id = ?');
    args.push(q.provinceId);
  }
  if (q.orgCode) {
    where.push('d.org_code = ?');
    args.push(q.orgCode);
  }
  if (q.onlineOnly) where.push('d.consult_online = 1');
  where.push(`(d.name LIKE ? ESCAPE '\\' OR d.specialties LIKE ? ESCAPE '\\' OR d.department LIKE ? ESCAPE '\\')`);
  const p = likePattern(q.keyword);
  args.push(p, p, p);
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM doctors d ${whereSql}`).get(...args) as { n: number }).n;
  const rows = db
    .prepare(
      `SELECT ${DOCTOR_COLUMNS} FROM doctors d JOIN orgs o ON o.code = d.org_code ${whereSql}
       ORDER BY ${REFERENCE_ORDER[q.sort]} LIMIT ? OFFSET ?`,
    )
    .all(...args, q.limit, q.offset) as DoctorRow[];
  return { rows, total };
}

function openDb(upTo?: string): Db {
  const db = new Database(':memory:');
  db.pragma('recursive_triggers = ON'); // as db.ts opens the site's database
  for (const m of migrations) {
    db.exec(m.sql);
    if (m.id === upTo) break;
  }
  db.exec(`INSERT INTO provinces (province_id, name) VALUES (1, 'P1'), (2, 'P2'), (3, 'P3');
    INSERT INTO orgs (code, name, province_id, city, address, phone, hours, lat, lng, image, intro)
    VALUES ('O1', '一门诊', 1, 'C', 'A', 'T', 'H', 0, 0, '', ''), ('O2', '二门诊', 2, 'C', 'A', 'T', 'H', 0, 0, '', '')`);
  return db;
}

interface GenDoctor {
  name: string;
  specialties: string;
  department: string;
  provinceId: number;
  orgCode: string;
  sort: number;
  praise: number;
  services: number;
  fans: number;
  online: number;
}

const INSERT = `INSERT INTO doctors (doctor_id, appointment_code, name, title, org_code, province_id, department, specialties,
  intro, avatar, praise_rate, service_count, fans, consult_online, sort) VALUES (?,?,?,'T',?,?,?,?,'','',?,?,?,?,?)`;
function insertAll(db: Db, doctors: GenDoctor[]) {
  const insert = db.prepare(INSERT);
  doctors.forEach((d, i) =>
    insert.run(i + 1, `D${i + 1}`, d.name, d.orgCode, d.provinceId, d.department, d.specialties, d.praise, d.services, d.fans, d.online, d.sort),
  );
}

// Characters that matter: ASCII letters in both cases (LIKE folds them), LIKE's own %, _ and \ (literal
// here), the specialties' comma, spaces, CJK, a non-ASCII letter in both cases (LIKE does not fold it) and
// a character outside the BMP (one character for SQLite, two UTF-16 units for JS).
const COMMON = ['a', 'A', '失', '眠', '中', ','];
const RARE = ['b', 'B', '1', '%', '_', '\\', ' ', '医', '科', '李', 'é', 'É', '𠀀'];
// Mostly common characters, so that keywords match often and pages have several rows to order.
const charArb = fc.oneof({ arbitrary: fc.constantFrom(...COMMON), weight: 3 }, { arbitrary: fc.constantFrom(...RARE), weight: 1 });
const text = (maxLength: number) => fc.array(charArb, { maxLength }).map((cs) => cs.join(''));
const doctorArb: fc.Arbitrary<GenDoctor> = fc.record({
  name: text(4),
  specialties: text(8),
  department: text(5),
  provinceId: fc.constantFrom(1, 2, 3),
  // OX has no clinic row: such a doctor is counted but not listed, as by the former scan.
  orgCode: fc.constantFrom('O1', 'O2', 'OX'),
  // Few distinct keys, so ties fall back on doctor_id.
  sort: fc.integer({ min: 0, max: 3 }),
  praise: fc.constantFrom(85, 90.5, 99.9, 100),
  services: fc.integer({ min: 0, max: 3 }),
  fans: fc.integer({ min: 0, max: 3 }),
  online: fc.constantFrom(0, 1),
});

/**
 * A keyword: a piece of a generated field (so it matches; upper-cased at times, é → É included), any short
 * text, LIKE's wildcards, or a text longer than every field.
 */
const keywordArb = (doctors: GenDoctor[]) =>
  fc
    .oneof(
      {
        weight: 3,
        arbitrary: doctors.length
          ? fc
              .tuple(fc.constantFrom(...doctors), fc.constantFrom('name', 'specialties', 'department'), fc.nat(), fc.integer({ min: 1, max: 6 }), fc.boolean())
              .map(([d, f, start, len, upper]) => {
                const cs = Array.from(d[f as 'name' | 'specialties' | 'department']);
                const s = cs.length ? start % cs.length : 0;
                const piece = cs.slice(s, s + len).join('');
                return upper ? piece.toUpperCase() : piece;
              })
          : fc.constant('失眠'),
      },
      { weight: 2, arbitrary: text(3) },
      { weight: 1, arbitrary: fc.constantFrom('%', '_', '\\', 'A', 'é', 'É', '𠀀', '%_', 'a%', '\\_') },
      { weight: 1, arbitrary: text(14).filter((s) => Array.from(s).length > 9) },
    )
    .filter((k) => k.length > 0);

const queryArb = (doctors: GenDoctor[]): fc.Arbitrary<KeywordQuery> =>
  fc.record({
    keyword: keywordArb(doctors),
    provinceId: fc.constantFrom(undefined, undefined, 0, 1, 2, 3, 9),
    orgCode: fc.constantFrom(undefined, undefined, 'O1', 'OX'),
    onlineOnly: fc.boolean(),
    sort: fc.constantFrom<DoctorSort>('default', 'praise', 'services', 'fans'),
    limit: fc.integer({ min: 1, max: 6 }),
    offset: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 8 })),
  });

/** The postings as they should be: every piece of 1 to 4 characters of each field, ASCII lowered. */
function expectedPostings(db: Db): string[] {
  const doctors = db
    .prepare(`SELECT doctor_id, name, specialties, department, province_id, sort, praise_rate, service_count, fans, org_code, consult_online
       FROM doctors`)
    .all() as (Record<'name' | 'specialties' | 'department' | 'org_code', string> & Record<string, number>)[];
  const out = new Set<string>();
  for (const d of doctors) {
    for (const field of [d.name, d.specialties, d.department]) {
      const cs = Array.from(field.replace(/[A-Z]/g, (c) => c.toLowerCase()));
      cs.forEach((_, i) => {
        for (const term of [1, 2, 3, 4].filter((n) => i + n <= cs.length).map((n) => cs.slice(i, i + n).join(''))) {
          out.add(JSON.stringify([term, d.province_id, d.doctor_id, d.sort, d.praise_rate, d.service_count, d.fans, d.org_code, d.consult_online]));
        }
      });
    }
  }
  return [...out].sort();
}
const actualPostings = (db: Db) =>
  (
    db
      .prepare('SELECT term, province_id, doctor_id, sort, praise_rate, service_count, fans, org_code, consult_online FROM doctor_terms')
      .raw()
      .all() as unknown[][]
  )
    .map((r) => JSON.stringify(r))
    .sort();
/** doctor_term_counts against a count of the postings (rows at 0 are left behind by deletes). */
const countsMatch = (db: Db) =>
  (
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM (
           SELECT term, province_id, n FROM doctor_term_counts WHERE n <> 0
           EXCEPT SELECT term, province_id, COUNT(*) FROM doctor_terms GROUP BY term, province_id)`,
      )
      .get() as { n: number }
  ).n === 0 &&
  (db.prepare('SELECT COUNT(*) AS n FROM doctor_terms').get() as { n: number }).n ===
    (db.prepare('SELECT COALESCE(SUM(n), 0) AS n FROM doctor_term_counts').get() as { n: number }).n;

describe('doctor keyword index (docs/bench.md)', () => {
  let db: Db;
  beforeAll(() => {
    db = openDb();
  });
  afterAll(() => db.close());

  it('splits keywords into terms by code point, ASCII letters lowered', () => {
    expect(keywordTerms('失')).toEqual({ terms: ['失'], exact: true });
    expect(keywordTerms('失眠')).toEqual({ terms: ['失眠'], exact: true });
    expect(keywordTerms('𠀀A')).toEqual({ terms: ['𠀀a'], exact: true });
    expect(keywordTerms('颈椎病')).toEqual({ terms: ['颈椎病'], exact: true });
    expect(keywordTerms('中医内科')).toEqual({ terms: ['中医内科'], exact: true });
    expect(keywordTerms('𠀀A_%')).toEqual({ terms: ['𠀀a_%'], exact: true });
    expect(keywordTerms('失眠失眠失眠')).toEqual({ terms: ['失眠失眠', '眠失眠失'], exact: false });
  });

  it('answers exactly what the LIKE scan answers: rows, order and total', () => {
    fc.assert(
      fc.property(
        fc.array(doctorArb, { maxLength: 40, size: 'medium' }).chain((doctors) => fc.tuple(fc.constant(doctors), fc.array(queryArb(doctors), { minLength: 1, maxLength: 12 }))),
        ([doctors, queries]) => {
          db.exec('DELETE FROM doctors');
          insertAll(db, doctors);
          for (const q of queries) expect(keywordDoctorPage(db, q)).toEqual(referenceScan(db, q));
        },
      ),
      { numRuns: 500 },
    );
    // The deletes of each run emptied the postings, as the inserts filled them.
    db.exec('DELETE FROM doctors');
    expect(db.prepare('SELECT COUNT(*) AS n FROM doctor_terms').get()).toEqual({ n: 0 });
  });

  it('keeps the postings and counts current on insert, update and delete', () => {
    db.exec('DELETE FROM doctors');
    const q = (keyword: string, sort: DoctorSort = 'default', provinceId?: number) => ({ keyword, sort, provinceId, limit: 10, offset: 0 });
    const ids = (keyword: string, sort: DoctorSort = 'default', provinceId?: number) => {
      const page = keywordDoctorPage(db, q(keyword, sort, provinceId));
      expect(page).toEqual(referenceScan(db, q(keyword, sort, provinceId)));
      return { ids: page.rows.map((r) => r.doctor_id), total: page.total };
    };
    const check = () => {
      expect(actualPostings(db)).toEqual(expectedPostings(db));
      expect(countsMatch(db)).toBe(true);
      expect(db.prepare('SELECT n FROM doctor_counts WHERE province_id = 0').get()).toEqual(db.prepare('SELECT COUNT(*) AS n FROM doctors').get());
    };
    const base = { provinceId: 1, orgCode: 'O1', sort: 0, praise: 90, services: 1, fans: 1, online: 1 };
    insertAll(db, [
      { ...base, name: '李明', specialties: '失眠,头痛', department: '中医内科' },
      { ...base, name: '王芳', specialties: '月经不调', department: '中医妇科', fans: 5 },
    ]);
    check();
    expect(ids('失眠')).toEqual({ ids: [1], total: 1 });
    expect(ids('中医', 'fans')).toEqual({ ids: [2, 1], total: 2 });

    db.prepare("UPDATE doctors SET specialties = '失眠,多梦' WHERE doctor_id = 2").run();
    check();
    expect(ids('失眠')).toEqual({ ids: [1, 2], total: 2 });
    expect(ids('月经')).toEqual({ ids: [], total: 0 });
    expect(ids('多梦')).toEqual({ ids: [2], total: 1 });

    db.prepare("UPDATE doctors SET name = 'Zhang 三', province_id = 2 WHERE doctor_id = 1").run();
    check();
    expect(ids('z')).toEqual({ ids: [1], total: 1 });
    expect(ids('李')).toEqual({ ids: [], total: 0 });
    expect(ids('失眠', 'default', 2)).toEqual({ ids: [1], total: 1 });

    // A sort key alone (collections move `fans`): the postings take the new key, the order follows.
    db.prepare('UPDATE doctors SET fans = 9 WHERE doctor_id = 1').run();
    check();
    expect(ids('中医', 'fans')).toEqual({ ids: [1, 2], total: 2 });
    db.prepare('UPDATE doctors SET sort = 7, praise_rate = 99.5, service_count = service_count, fans = fans WHERE doctor_id = 1').run();
    check();
    expect(ids('中医', 'default')).toEqual({ ids: [2, 1], total: 2 });
    expect(ids('中医', 'praise')).toEqual({ ids: [1, 2], total: 2 });
    // The clinic and online flag the postings carry for the filtered totals.
    db.prepare("UPDATE doctors SET org_code = 'O2', consult_online = 0 WHERE doctor_id = 1").run();
    check();
    const filtered = (orgCode?: string, onlineOnly?: boolean) => {
      const query = { keyword: '中医', sort: 'default' as const, orgCode, onlineOnly, limit: 10, offset: 0 };
      expect(keywordDoctorPage(db, query)).toEqual(referenceScan(db, query));
      return keywordDoctorPage(db, query).rows.map((r) => r.doctor_id);
    };
    expect(filtered('O2')).toEqual([1]);
    expect(filtered(undefined, true)).toEqual([2]);

    db.prepare('INSERT OR REPLACE INTO doctors (doctor_id, appointment_code, name, title, org_code, province_id, department, specialties, intro, avatar) ' +
      "VALUES (2, 'D2', '赵一', 'T', 'O1', 1, '针灸科', '面瘫', '', '')").run();
    check();
    expect(ids('失眠')).toEqual({ ids: [1], total: 1 });
    expect(ids('面瘫')).toEqual({ ids: [2], total: 1 });

    db.prepare('DELETE FROM doctors WHERE doctor_id = 1').run();
    check();
    expect(ids('失眠')).toEqual({ ids: [], total: 0 });
    expect(actualPostings(db).some((p) => JSON.parse(p)[2] === 1)).toBe(false);
  });

  it('fills the postings of existing doctors when the migration runs', () => {
    const old = openDb('011-doctor-counts');
    const sample = fc.sample(doctorArb, { numRuns: 40, seed: 8 });
    insertAll(old, sample);
    for (const m of migrations.slice(migrations.findIndex((x) => x.id === '011-doctor-counts') + 1)) old.exec(m.sql);
    expect(actualPostings(old)).toEqual(expectedPostings(old));
    expect(countsMatch(old)).toBe(true);
    // …and the triggers make the same postings from the same rows.
    const fresh = openDb();
    insertAll(fresh, sample);
    expect(actualPostings(fresh)).toEqual(actualPostings(old));
    old.close();
    fresh.close();
  });
});

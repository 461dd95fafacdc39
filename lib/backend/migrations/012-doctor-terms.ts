import type { Migration } from '../types';

/**
 * An inverted index of the doctor finder's Keyword fields (docs/bench.md: the list endpoint stays flat from 1k to
 * 100k doctors; bench/doctor-list-scale.ts). GetDoctorPageList's Keyword is a substring match over name,
 * specialties and department (`LIKE '%…%'`, SPEC §7); a LIKE with a leading wildcard reads the whole table.
 * Chinese keywords are often one or two characters, below FTS5 trigram's three, so the index is our own:
 *
 * - `doctor_terms`: one posting per (term, doctor), where the terms are every character (unigram) and every
 *   pair of adjacent characters (bigram) of each of the three fields, ASCII letters lowered as LIKE folds them.
 *   Bigrams never span two fields. A posting carries the doctor's province and the four SPEC §9 sort keys,
 *   with one index per sort, so a keyword page reads its postings in order with LIMIT, and the clinic and
 *   online-consultation flag, so the totals of those lists count postings without reading doctor rows.
 * - `doctor_term_counts`: postings per (term, province), so the total of a one- or two-character keyword
 *   (the keyword is then a term) is a lookup, not a count of every match.
 *
 * Triggers on `doctors` keep both current on insert, delete and update (including the `fans` counter
 * that collections move), so every write path is covered; this migration fills them for existing rows.
 * The terms of a field come from json_each over a JSON array of length(field) zeros: SQLite allows no
 * WITH clause inside a trigger, and substr/length count characters exactly as LIKE does.
 */

const FIELDS = ['name', 'specialties', 'department'] as const;
/** The SPEC §9 sort keys a posting carries (doctor-search.ts DOCTOR_SORT_KEYS). */
const KEYS = ['sort', 'praise_rate', 'service_count', 'fans'] as const;
/** Row filters of the doctor lists a posting also carries, so their totals count postings alone. */
const FILTERS = ['org_code', 'consult_online'] as const;
const CARRIED = [...KEYS, ...FILTERS];
/** Text only: LIKE never matches a BLOB (SQLITE_LIKE_DOESNT_MATCH_BLOBS), so a BLOB value has no terms. */
const chars = (value: string) => `CASE WHEN typeof(${value}) = 'text' THEN length(${value}) ELSE 0 END`;
/** A JSON array of n zeros ('[0,0,0]', '[]' when n ≤ 0): json_each over it yields key = 0 … n-1. */
const positions = (n: string) => `json_each('[' || rtrim(replace(hex(zeroblob(${n})), '00', '0,'), ',') || ']')`;

/**
 * The n-gram lengths that are terms here: 1 and 2. Migration 062 adds 3 and 4 (its triggers replace these),
 * so that a keyword of up to four characters is itself a term.
 */
const LENGTHS = [1, 2];

/** SELECTs of the terms of each field of row `r` after `columns`, one per field and n-gram length, for a UNION. */
const termSelects = (r: string, columns: string, from: string, lengths: number[]) =>
  FIELDS.flatMap((f) =>
    lengths.map(
      (n) =>
        `SELECT ${columns}substr(lower(${r}.${f}), key + 1, ${n}) AS term FROM ${from}${positions(n === 1 ? chars(`${r}.${f}`) : `${chars(`${r}.${f}`)} - ${n - 1}`)}`,
    ),
  ).join('\n    UNION ');

/** The distinct terms of NEW or OLD, as a subquery with one column, `term`. */
const termsOf = (r: 'NEW' | 'OLD', lengths: number[]) => termSelects(r, '', '', lengths);

const insertPostings = (r: 'NEW' | 'OLD', lengths: number[]) => `INSERT INTO doctor_terms (term, province_id, doctor_id, ${CARRIED.join(', ')})
    SELECT term, ${r}.province_id, ${r}.doctor_id, ${CARRIED.map((c) => `${r}.${c}`).join(', ')}
    FROM (${termsOf(r, lengths)})`;
const deletePostings = (r: 'NEW' | 'OLD', lengths: number[]) => `DELETE FROM doctor_terms
    WHERE term IN (${termsOf(r, lengths)}) AND province_id = ${r}.province_id AND doctor_id = ${r}.doctor_id`;

/** Fills the postings of the doctors already in the table, for the n-grams of these lengths. */
export const fillPostings = (lengths: number[]) => `INSERT INTO doctor_terms (province_id, doctor_id, ${CARRIED.join(', ')}, term)
    ${termSelects('d', `d.province_id, d.doctor_id, ${CARRIED.map((c) => `d.${c}`).join(', ')}, `, 'doctors d, ', lengths)};`;

/** The four triggers on `doctors` that keep the postings of the n-grams of these lengths current. */
export const postingTriggers = (lengths: number[]) => `CREATE TRIGGER doctor_terms_insert AFTER INSERT ON doctors BEGIN
  ${insertPostings('NEW', lengths)};
END;
CREATE TRIGGER doctor_terms_delete AFTER DELETE ON doctors BEGIN
  ${deletePostings('OLD', lengths)};
END;
-- A change of a searched field or of the province: the doctor's postings are rebuilt.
CREATE TRIGGER doctor_terms_rebuild AFTER UPDATE OF doctor_id, name, specialties, department, province_id ON doctors BEGIN
  ${deletePostings('OLD', lengths)};
  ${insertPostings('NEW', lengths)};
END;
-- A change of sort keys or list filters only (the fans counter, ratings, clinic, online consultation): the
-- postings keep their terms and take the new values, one column at a time so that only a changed key's
-- index is rewritten.
CREATE TRIGGER doctor_terms_keys AFTER UPDATE OF ${CARRIED.join(', ')} ON doctors
WHEN NEW.doctor_id IS OLD.doctor_id AND NEW.name IS OLD.name AND NEW.specialties IS OLD.specialties
  AND NEW.department IS OLD.department AND NEW.province_id IS OLD.province_id BEGIN
${CARRIED.map(
  (k) => `  UPDATE doctor_terms SET ${k} = NEW.${k}
    WHERE NEW.${k} IS NOT OLD.${k} AND term IN (${termsOf('NEW', lengths)}) AND province_id = NEW.province_id AND doctor_id = NEW.doctor_id;`,
).join('\n')}
END;`;

export const doctorTermsMigration: Migration = {
  id: '012-doctor-terms',
  sql: `
CREATE TABLE doctor_terms (
  term TEXT NOT NULL,
  province_id INTEGER NOT NULL,
  doctor_id INTEGER NOT NULL,
  sort INTEGER NOT NULL,
  praise_rate REAL NOT NULL,
  service_count INTEGER NOT NULL,
  fans INTEGER NOT NULL,
  org_code TEXT NOT NULL,
  consult_online INTEGER NOT NULL,
  PRIMARY KEY (term, province_id, doctor_id)
) WITHOUT ROWID;
-- The SPEC §9 sorts of users.ts's DOCTOR_ORDER; the primary key (term, province_id) serves small provinces.
CREATE INDEX doctor_terms_default ON doctor_terms (term, sort, doctor_id);
CREATE INDEX doctor_terms_praise ON doctor_terms (term, praise_rate DESC, doctor_id);
CREATE INDEX doctor_terms_services ON doctor_terms (term, service_count DESC, doctor_id);
CREATE INDEX doctor_terms_fans ON doctor_terms (term, fans DESC, doctor_id);

CREATE TABLE doctor_term_counts (
  term TEXT NOT NULL,
  province_id INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (term, province_id)
) WITHOUT ROWID;

${fillPostings(LENGTHS)}
INSERT INTO doctor_term_counts (term, province_id, n)
  SELECT term, province_id, COUNT(*) FROM doctor_terms GROUP BY term, province_id;

CREATE TRIGGER doctor_term_counts_insert AFTER INSERT ON doctor_terms BEGIN
  INSERT INTO doctor_term_counts (term, province_id, n) VALUES (NEW.term, NEW.province_id, 1)
    ON CONFLICT (term, province_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER doctor_term_counts_delete AFTER DELETE ON doctor_terms BEGIN
  UPDATE doctor_term_counts SET n = n - 1 WHERE term = OLD.term AND province_id = OLD.province_id;
END;

${postingTriggers(LENGTHS)}
`,
};

/**
 * The doctor finder's Keyword filter over the inverted index of migrations 012 and 062 (docs/bench.md: the list
 * endpoint is flat from 1k to 100k doctors; docs/doctor-finder.md "Scale"). Same answer as the former scan,
 * SPEC §7's substring match
 *   (d.name LIKE '%kw%' OR d.specialties LIKE '%kw%' OR d.department LIKE '%kw%'), % _ \ literal,
 * with the same rows, order and total, but it reads postings instead of the doctors table:
 *
 * - A keyword of one to four characters is itself a term: its postings are exactly the matching doctors,
 *   its total is a lookup in doctor_term_counts, and a page reads the postings in the sort's order.
 * - A longer keyword takes its rarest four-character piece: every match holds each of its pieces in one
 *   field, so that term's postings are candidates, walked in order and checked with the former LIKE. Its
 *   total counts the candidates that pass (as many as that piece has postings, not the whole table).
 * - Postings carry the clinic and online flag too: those filters' totals count postings, not doctor rows.
 */
import type { Database } from '../types';
import { DOCTOR_COLUMNS, likePattern, type DoctorRow } from './clinic-rows';

/** SPEC §9 doctor sorts: the key of each (then doctor_id ascending) and its index on doctor_terms. */
export const DOCTOR_SORT_KEYS = {
  default: { column: 'sort', dir: 'ASC', index: 'doctor_terms_default' },
  praise: { column: 'praise_rate', dir: 'DESC', index: 'doctor_terms_praise' },
  services: { column: 'service_count', dir: 'DESC', index: 'doctor_terms_services' },
  fans: { column: 'fans', dir: 'DESC', index: 'doctor_terms_fans' },
} as const;
export type DoctorSort = keyof typeof DOCTOR_SORT_KEYS;

/** The primary key (term, province_id, doctor_id) of the WITHOUT ROWID table doctor_terms. */
const PROVINCE_INDEX = 'sqlite_autoindex_doctor_terms_1';

export interface KeywordQuery {
  keyword: string;
  /** 0 or absent: every province. */
  provinceId?: number;
  orgCode?: string;
  onlineOnly?: boolean;
  /** Filters on the doctor row (科室, 职称, an illness's field): SQL over alias d, joined per posting. */
  doctorWhere?: { sql: string[]; args: (string | number)[] };
  /** The row filters depend on more than doctor rows (open numbers on a date): count every time, remember nothing. */
  volatile?: boolean;
  sort: DoctorSort;
  limit: number;
  offset: number;
}

/** LIKE folds ASCII letters only (SQLite without ICU), as the index's lower() does. */
const foldAscii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The longest n-grams that are terms (migration 062: every piece of 1 to 4 characters of each field). */
export const MAX_TERM_LENGTH = 4;

/**
 * The terms whose postings hold every match: the keyword itself when it has at most MAX_TERM_LENGTH
 * characters (exact: its postings are the matches), else its distinct pieces of that length (candidates,
 * to check with LIKE). Characters are code points, as SQLite's substr and length count them.
 */
export function keywordTerms(keyword: string): { terms: string[]; exact: boolean } {
  const chars = Array.from(foldAscii(keyword));
  if (chars.length <= MAX_TERM_LENGTH) return { terms: [chars.join('')], exact: true };
  const pieces = new Set<string>();
  for (let i = 0; i + MAX_TERM_LENGTH <= chars.length; i++) pieces.add(chars.slice(i, i + MAX_TERM_LENGTH).join(''));
  return { terms: [...pieces], exact: false };
}

function postingCount(db: Database, term: string, provinceId: number | undefined): number {
  const row = provinceId
    ? db.prepare('SELECT n FROM doctor_term_counts WHERE term = ? AND province_id = ?').get(term, provinceId)
    : db.prepare('SELECT SUM(n) AS n FROM doctor_term_counts WHERE term = ?').get(term);
  return (row as { n: number | null } | undefined)?.n ?? 0;
}

/** Remembered totals per database: the doctors' version (migration 061) they were counted at. */
const totals = new WeakMap<Database, { version: number; byQuery: Map<string, number> }>();
/** Bounds the memory: the most recent queries are kept (a Map iterates in insertion order). */
const MAX_REMEMBERED = 2000;

/**
 * A total counted over candidates (a keyword longer than four characters, the clinic and online filters,
 * or filters on the doctor row) is O(matches). It is remembered until the next write to a doctor row, so a
 * repeated query costs a version lookup; the first one after a write counts again. Exact either way.
 * A keyword alone of up to four characters (中医内科) never comes here: its total is a lookup.
 */
function rememberedTotal(db: Database, key: string, count: () => number): number {
  const version = (db.prepare('SELECT version FROM doctor_version WHERE id = 1').get() as { version: number } | undefined)?.version;
  if (version === undefined) return count();
  let memo = totals.get(db);
  if (!memo || memo.version !== version) {
    memo = { version, byQuery: new Map() };
    totals.set(db, memo);
  }
  const known = memo.byQuery.get(key);
  if (known !== undefined) return known;
  const n = count();
  if (memo.byQuery.size >= MAX_REMEMBERED) memo.byQuery.delete(memo.byQuery.keys().next().value!);
  memo.byQuery.set(key, n);
  return n;
}

/** One page of the doctors matching a keyword (and the other filters), and their total. */
export function keywordDoctorPage(db: Database, q: KeywordQuery): { rows: DoctorRow[]; total: number } {
  const { terms, exact } = keywordTerms(q.keyword);
  let term = terms[0]!;
  let candidates = Infinity;
  for (const t of terms) {
    const n = postingCount(db, t, q.provinceId);
    if (n < candidates) [term, candidates] = [t, n];
    if (n === 0) return { rows: [], total: 0 };
  }

  // Filters on the posting (it carries the province, clinic and online flag), then, for a longer keyword,
  // the former LIKE on the doctor row it points to.
  const where = ['t.term = ?'];
  const args: (string | number)[] = [term];
  if (q.provinceId) {
    where.push('t.province_id = ?');
    args.push(q.provinceId);
  }
  if (q.orgCode) {
    where.push('t.org_code = ?');
    args.push(q.orgCode);
  }
  if (q.onlineOnly) where.push('t.consult_online = 1');
  const rowFilters = q.doctorWhere?.sql.length ? q.doctorWhere : undefined;
  if (rowFilters) {
    where.push(...rowFilters.sql);
    args.push(...rowFilters.args);
  }
  const joinsDoctor = !exact || Boolean(rowFilters);
  if (!exact) {
    where.push(`(d.name LIKE ? ESCAPE '\\' OR d.specialties LIKE ? ESCAPE '\\' OR d.department LIKE ? ESCAPE '\\')`);
    const p = likePattern(q.keyword);
    args.push(p, p, p);
  }
  const whereSql = where.join(' AND ');

  // The total: the term's count when its postings are the matches; else a count over the primary key's
  // (term, province) range, from the postings alone for the clinic and online filters, with one doctor
  // row per candidate for a longer keyword's LIKE.
  const countMatches = () =>
    (
      db
        .prepare(
          `SELECT COUNT(*) AS n FROM doctor_terms t INDEXED BY ${PROVINCE_INDEX}
           ${joinsDoctor ? 'CROSS JOIN doctors d ON d.doctor_id = t.doctor_id' : ''} WHERE ${whereSql}`,
        )
        .get(...args) as { n: number }
    ).n;
  const total =
    exact && !joinsDoctor && where.length === (q.provinceId ? 2 : 1)
      ? candidates
      : q.volatile
        ? countMatches()
        : rememberedTotal(db, JSON.stringify([whereSql, args]), countMatches);
  if (total === 0 || q.offset >= total) return { rows: [], total };

  // The page: walk the sort's index of the term (every province) until LIMIT, which reads about
  // (offset + limit) × postings / matches entries; or, in a province where the matches are few among
  // the term's postings, read the (term, province) range and sort it.
  const key = DOCTOR_SORT_KEYS[q.sort];
  const everywhere = q.provinceId ? postingCount(db, term, undefined) : candidates;
  const walk = Math.min(everywhere, ((q.offset + q.limit) * everywhere) / total);
  const index = q.provinceId && walk > 2 * candidates ? PROVINCE_INDEX : key.index;
  const rows = db
    .prepare(
      `SELECT ${DOCTOR_COLUMNS} FROM doctor_terms t INDEXED BY ${index}
       CROSS JOIN doctors d ON d.doctor_id = t.doctor_id JOIN orgs o ON o.code = d.org_code
       WHERE ${whereSql} ORDER BY t.${key.column} ${key.dir}, t.doctor_id ASC LIMIT ? OFFSET ?`,
    )
    .all(...args, q.limit, q.offset) as DoctorRow[];
  return { rows, total };
}

/**
 * The doctors matching a keyword as an SQL condition on alias d (for the filter counts): the postings of
 * its rarest term in the province, with the LIKE of SPEC §7 for a longer keyword. Null: nothing matches.
 */
export function keywordCondition(db: Database, keyword: string, provinceId?: number): { sql: string; args: (string | number)[] } | null {
  const { terms, exact } = keywordTerms(keyword);
  let term = terms[0]!;
  let candidates = Infinity;
  for (const t of terms) {
    const n = postingCount(db, t, provinceId);
    if (n === 0) return null;
    if (n < candidates) [term, candidates] = [t, n];
  }
  const p = likePattern(keyword);
  const postings = `d.doctor_id IN (SELECT doctor_id FROM doctor_terms WHERE term = ?${provinceId ? ' AND province_id = ?' : ''})`;
  const postingArgs = provinceId ? [term, provinceId] : [term];
  return exact
    ? { sql: postings, args: postingArgs }
    : {
        sql: `${postings} AND (d.name LIKE ? ESCAPE '\\' OR d.specialties LIKE ? ESCAPE '\\' OR d.department LIKE ? ESCAPE '\\')`,
        args: [...postingArgs, p, p, p],
      };
}

/**
 * The doctors matching any of several keywords (a lay term and what it means, lib/lay-terms): the OR of each
 * one's condition. Null: none of them matches anything.
 */
export function anyKeywordCondition(db: Database, keywords: string[], provinceId?: number): { sql: string; args: (string | number)[] } | null {
  const parts = keywords.map((k) => keywordCondition(db, k, provinceId)).filter((c): c is { sql: string; args: (string | number)[] } => c !== null);
  if (parts.length === 0) return null;
  return { sql: `(${parts.map((p) => `(${p.sql})`).join(' OR ')})`, args: parts.flatMap((p) => p.args) };
}

/**
 * Does a keyword as typed find a doctor (name, 擅长 or 科室)? A search reads a keyword as pinyin or a typo only
 * when it does not (lib/lay-terms/understand.ts): 王敏 is a doctor, not a misspelt word.
 */
export function keywordFindsDoctor(db: Database, keyword: string): boolean {
  return keywordCondition(db, keyword) !== null;
}

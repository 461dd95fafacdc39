import type { Migration } from '../types';
import { fillPostings, postingTriggers } from './012-doctor-terms';

/**
 * Keywords of three and four characters become terms of the doctor finder's inverted index (migration 012;
 * docs/doctor-finder.md "Scale"), as one and two characters are: 中医内科, 针灸推拿, 颈椎病 then answer from
 * their own postings, with the total a lookup in doctor_term_counts, and no count over candidates that a
 * write to any doctor row would make stale (migration 061). The same substring match as SPEC §7's LIKE:
 * every 3- and 4-character piece of each field, ASCII letters lowered, never spanning two fields.
 *
 * The postings triggers of 012 are replaced by the same triggers over n-grams of 1 to 4 characters, and the
 * doctors already in the table get their 3- and 4-gram postings (doctor_term_counts follows by its own
 * triggers). For the demo's short fields that is 1.8 times the postings of 012: ~67 per doctor instead of ~38.
 */
export const doctorTermsLongMigration: Migration = {
  id: '062-doctor-terms-long',
  sql: `
DROP TRIGGER doctor_terms_insert;
DROP TRIGGER doctor_terms_delete;
DROP TRIGGER doctor_terms_rebuild;
DROP TRIGGER doctor_terms_keys;

${fillPostings([3, 4])}

${postingTriggers([1, 2, 3, 4])}
`,
};

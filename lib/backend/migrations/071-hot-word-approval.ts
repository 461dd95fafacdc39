import type { Migration } from '../types';
import { HOT_WORDS } from '../seed/content-data';

const quoted = (word: string) => `'${word.replace(/'/g, "''")}'`;

/**
 * Hot words are listed only once approved (docs/site-search.md, handlers/hot-words.ts): visitors' searches
 * only feed the queue of candidates, and an editor approves a word with `npm run hot-words -- approve <word>`.
 * The seeded words are approved; a database seeded before this migration has its seeded words approved here.
 */
export const hotWordApprovalMigration: Migration = {
  id: '071-hot-word-approval',
  sql: `
ALTER TABLE hot_words ADD COLUMN Approved INTEGER NOT NULL DEFAULT 0;
UPDATE hot_words SET Approved = 1 WHERE Word IN (${HOT_WORDS.map(quoted).join(', ')});
CREATE INDEX hot_words_queue ON hot_words (Approved, Hits DESC, LastTime DESC);
`,
};

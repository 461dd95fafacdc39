import type { Migration } from '../types';

/** Tables: members, cards, tokens, SMS outbox, WeChat codes, login attempts (auth). */
export const coreMigration: Migration = {
  id: '001-core',
  sql: ``,
};

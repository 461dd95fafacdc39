import type { Migration } from '../types';

/** Tables: news of every type, carousels, banners, matrix, notices, system pages, hot words, jobs. */
export const contentMigration: Migration = {
  id: '020-content',
  sql: ``,
};

import type { Migration } from '../types';

/** Tables: member rights, agreements, points goods, orders, messages, registrations. */
export const memberServicesMigration: Migration = {
  id: '030-member-services',
  sql: ``,
};

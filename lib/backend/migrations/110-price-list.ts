import type { Migration } from '../types';

/**
 * 价格公示 (docs/api.md "DD_DataBaseClient/GetPriceList"): the common treatment prices the clinics publish, so the
 * site shows them as a page of its own beside the official link. Registration fees are not stored here: they are
 * the doctors' own (doctors.register_fee), grouped by title when asked, so the two never disagree.
 */
export const priceListMigration: Migration = {
  id: '110-price-list',
  sql: `
CREATE TABLE price_items (
  item_id INTEGER PRIMARY KEY,
  category TEXT NOT NULL,
  name TEXT NOT NULL,
  unit TEXT NOT NULL,
  price_fen INTEGER NOT NULL CHECK (price_fen >= 0),
  note TEXT NOT NULL DEFAULT '',
  sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX price_items_sort ON price_items (sort);
`,
};

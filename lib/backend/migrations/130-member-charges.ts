import type { Migration } from '../types';

/**
 * What a booking costs the member and what paying it earns (lib/fees.ts; docs/api.md "HIS_Register booking"):
 * - registrations.pay_fen: the amount to pay in fen, fixed when the booking is made (the list fee at the
 *   account holder's card level, rounded to the fen); NULL for records not booked on the site (their `fee`);
 *   discount_level: the card level that priced it; points_earned: what its payment credited (0 until paid,
 *   and after a refund took them back);
 * - registrations.cancel_claimed_at: a cancel claims the row before it asks the provider for the refund, so
 *   two cancels (or a cancel and a pay) never both act on it;
 * - points_ledger: the member's 积分明细, one row per credit or debit, signed. (register_no, kind) is unique, so
 *   a payment earns once and a refund takes back once, however often either is retried or raced.
 */
export const memberChargesMigration: Migration = {
  id: '130-member-charges',
  sql: `
ALTER TABLE registrations ADD COLUMN pay_fen INTEGER CHECK (pay_fen IS NULL OR pay_fen >= 0);
ALTER TABLE registrations ADD COLUMN discount_level INTEGER;
ALTER TABLE registrations ADD COLUMN points_earned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE registrations ADD COLUMN cancel_claimed_at TEXT;

CREATE TABLE points_ledger (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id),
  kind TEXT NOT NULL CHECK (kind IN ('registration', 'refund', 'exchange')),
  points INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  register_no TEXT,
  note TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX points_ledger_once ON points_ledger (register_no, kind) WHERE register_no IS NOT NULL;
CREATE INDEX points_ledger_member ON points_ledger (member_id, id);
`,
};

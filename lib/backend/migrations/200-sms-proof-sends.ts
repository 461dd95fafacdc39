/**
 * Sends past strangers' share of a phone's day (docs/security.md "A member is never locked out by strangers"):
 * each was made after a proof of work, one per block of addresses a day (lib/limits.ts smsPhoneDayProof). The
 * block is kept on the send, so the next request from that block, and the phone's count of such sends, read it.
 */
import type { Migration } from '../types';

export const smsProofSendsMigration: Migration = {
  id: '200-sms-proof-sends',
  sql: `
ALTER TABLE sms_outbox ADD COLUMN proof_block TEXT;
CREATE INDEX sms_outbox_proof_block ON sms_outbox (phone, proof_block, created_at) WHERE proof_block IS NOT NULL;
`,
};

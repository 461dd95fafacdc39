import type { Migration } from '../types';

/**
 * Limits that hold against an attacker (docs/security.md "Attacks on the member system: backend"):
 * - sms_code_failures: wrong tries of one SMS code counted per client, so a stranger's guesses spend
 *   the stranger's tries and not the member's (sms.ts verifySmsCode);
 * - hot_word_clients: which client searched which word when, so a word's Hits count distinct
 *   clients a day and one attacker cannot lift a word onto the home page (handlers/hot-words.ts);
 * - indexes for the password lock per (phone, client) and for the scheduled clean-up of rows written
 *   for anonymous callers (cleanup.ts).
 */
export const attackLimitsMigration: Migration = {
  id: '040-attack-limits',
  sql: `
CREATE TABLE sms_code_failures (
  outbox_id INTEGER NOT NULL,
  ip TEXT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (outbox_id, ip)
);
CREATE TABLE hot_word_clients (
  Word TEXT NOT NULL,
  Ip TEXT NOT NULL,
  At INTEGER NOT NULL,
  PRIMARY KEY (Word, Ip)
);
CREATE INDEX hot_word_clients_at ON hot_word_clients(At);
CREATE INDEX login_attempts_phone_ip ON login_attempts(phone, ip, at);
CREATE INDEX login_attempts_at ON login_attempts(at);
CREATE INDEX sms_outbox_created ON sms_outbox(created_at);
CREATE INDEX refresh_tokens_expires ON refresh_tokens(expires_at);
CREATE INDEX wechat_codes_expires ON wechat_codes(expires_at);
CREATE INDEX image_codes_expires ON image_codes(expires_at);
`,
};

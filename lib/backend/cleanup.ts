/**
 * Clean-up of the rows the backend writes for anonymous callers (docs/security.md "Attacks on the
 * member system: backend"): anyone can make it write a login attempt, an SMS send, a visitor's
 * refresh token, a WeChat code or an image code, so without a schedule the database grows at an
 * attacker's pace. Each row is kept as long as some rule still reads it, then deleted:
 * - login_attempts: 24 hours (the password lock looks back at most 24 hours, auth-support.ts);
 * - sms_outbox and its per-client failures: 2 days (the daily quota counts one China day);
 * - refresh_tokens: one day after expiry (an expired token is refused either way);
 * - wechat_codes and image_codes: one day after expiry;
 * - hot_word_clients: one day (a client's search of a word counts once a day);
 * - phone_clients: after KNOWN_FOR_DAYS (a client is known for a phone that long, known-clients.ts).
 * The sweep runs lazily, at most every SWEEP_INTERVAL_SECONDS, from the router.
 */
import { KNOWN_FOR_DAYS } from './known-clients';
import type { BackendSettings, Database } from './types';

export const SWEEP_INTERVAL_SECONDS = 10 * 60;
const DAY = 24 * 60 * 60;

export interface SweepResult {
  loginAttempts: number;
  smsOutbox: number;
  smsCodeFailures: number;
  refreshTokens: number;
  wechatCodes: number;
  imageCodes: number;
  hotWordClients: number;
  phoneClients: number;
}

/** Deletes what no rule reads any more; `now` in epoch seconds. */
export function sweepAnonymousRows(db: Database, now: number): SweepResult {
  return db.transaction(() => ({
    loginAttempts: db.prepare('DELETE FROM login_attempts WHERE at < ?').run(now - DAY).changes,
    smsOutbox: db.prepare('DELETE FROM sms_outbox WHERE created_at < ?').run(now - 2 * DAY).changes,
    smsCodeFailures: db.prepare('DELETE FROM sms_code_failures WHERE outbox_id NOT IN (SELECT id FROM sms_outbox)').run().changes,
    refreshTokens: db.prepare('DELETE FROM refresh_tokens WHERE expires_at < ?').run(now - DAY).changes,
    wechatCodes: db.prepare('DELETE FROM wechat_codes WHERE expires_at < ?').run(now - DAY).changes,
    imageCodes: db.prepare('DELETE FROM image_codes WHERE expires_at < ?').run(now - DAY).changes,
    hotWordClients: db.prepare('DELETE FROM hot_word_clients WHERE At < ?').run((now - DAY) * 1000).changes,
    phoneClients: db.prepare('DELETE FROM phone_clients WHERE proven_at < ?').run(now - KNOWN_FOR_DAYS * DAY).changes,
  }))();
}

/** Runs the sweep when a request comes and the last one is older than the interval. */
export function createSweeper(db: Database, settings: Pick<BackendSettings, 'log'>) {
  let last = 0;
  return {
    maybeSweep(now: Date): SweepResult | null {
      const seconds = Math.floor(now.getTime() / 1000);
      if (seconds - last < SWEEP_INTERVAL_SECONDS) return null;
      last = seconds;
      try {
        return sweepAnonymousRows(db, seconds);
      } catch (err) {
        // A busy database must not fail the request that happened to trigger the sweep.
        settings.log(`clean-up skipped: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
    },
  };
}

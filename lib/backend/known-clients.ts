/**
 * Who has proven a phone before (docs/security.md "A member is never locked out by strangers"). A client
 * proves a phone by logging in as its member (a right password, an SMS code, WeChat) or by answering an SMS
 * code sent to it (find password, the phone check). It is known by its address (the limit key: an IPv6
 * address by its /64) and by its device (the signed cookie of device-tokens.ts), for KNOWN_FOR_DAYS.
 *
 * What a known client keeps, whatever strangers do to the phone:
 * - its own allowance for passwords: the per-phone ceiling of wrong passwords counts strangers only, and a
 *   known device counts its tries under its own key, not its address;
 * - a share of the phone's daily SMS codes that strangers cannot spend (sms.ts);
 * - its codes: strangers' wrong guesses close a code to strangers only (sms.ts);
 * - the site: no site-wide ceiling refuses it (throttles.ts `charge`).
 */
import { UNKNOWN_ADDRESS } from '@/lib/security/client-address';
import type { Database } from './types';

export const KNOWN_FOR_DAYS = 90;
/** The latest addresses and devices kept per phone (older ones are forgotten). */
export const KNOWN_PER_PHONE = 20;

/** A request's client: its limit key and, when it sent a valid one, its device. */
export interface Client {
  ip: string;
  device: string | null;
}

/** The client as the rules of one phone see it. */
export interface ClientOfPhone {
  /** The key of its per-client counts for this phone: its device when that device is known, else its address. */
  key: string;
  /** It has proven the phone within KNOWN_FOR_DAYS. */
  known: boolean;
}

export const deviceKey = (device: string) => `device:${device}`;

export function clientOfPhone(db: Database, phone: string, client: Client, now: number): ClientOfPhone {
  const rows = db
    .prepare(
      `SELECT kind FROM phone_clients WHERE phone = ? AND proven_at > ?
       AND ((kind = 'device' AND client = ?) OR (kind = 'address' AND client = ?))`,
    )
    .all(phone, now - KNOWN_FOR_DAYS * 86_400, client.device ?? '', client.ip === UNKNOWN_ADDRESS ? '' : client.ip) as { kind: string }[];
  const byDevice = client.device !== null && rows.some((r) => r.kind === 'device');
  return { key: byDevice ? deviceKey(client.device!) : client.ip, known: rows.length > 0 };
}

/** Records that `client` has just proven `phone`. */
export function rememberClient(db: Database, phone: string, client: Client, now: number): void {
  const upsert = db.prepare(
    `INSERT INTO phone_clients (phone, kind, client, proven_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (phone, kind, client) DO UPDATE SET proven_at = excluded.proven_at`,
  );
  const trim = db.prepare(
    `DELETE FROM phone_clients WHERE phone = ? AND kind = ? AND client NOT IN
       (SELECT client FROM phone_clients WHERE phone = ? AND kind = ? ORDER BY proven_at DESC, rowid DESC LIMIT ?)`,
  );
  // Within one second the row written last is the latest (rowid): a device just proven is never the one forgotten.
  db.transaction(() => {
    // Every request whose address is not known shares one name: it never becomes anyone's known client.
    if (client.ip !== UNKNOWN_ADDRESS) upsert.run(phone, 'address', client.ip, now);
    if (client.device) upsert.run(phone, 'device', client.device, now);
    for (const kind of ['address', 'device']) trim.run(phone, kind, phone, kind, KNOWN_PER_PHONE);
  })();
}

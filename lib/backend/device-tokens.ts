/**
 * Device tokens (docs/security.md "A member is never locked out by strangers"): every login answers a
 * `device_token`, which the site keeps in an httpOnly cookie for a year (lib/session/device.ts) and sends
 * back under DEVICE_HEADER on its calls. The token names a random device id and carries an HMAC of it under
 * the backend's secret, so nobody can make up a device another browser holds. A device counts for a phone
 * only once it has proven that phone (known-clients.ts); a token alone grants nothing.
 */
import crypto from 'node:crypto';
import type { BackendSettings } from './types';

const ID_BYTES = 16;
const TOKEN_RE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function mac(settings: Pick<BackendSettings, 'jwtSecret'>, id: string): string {
  // A label of its own: an HMAC made for a device can never pass for any other signature of the secret.
  return crypto.createHmac('sha256', settings.jwtSecret).update(`shengai-device:${id}`).digest('base64url');
}

/** The device id a token names, or null when it is absent, malformed or not signed by this backend. */
export function deviceOf(settings: Pick<BackendSettings, 'jwtSecret'>, token: string | null | undefined): string | null {
  const m = TOKEN_RE.exec(token?.trim() ?? '');
  if (!m) return null;
  const expected = Buffer.from(mac(settings, m[1]!));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? m[1]! : null;
}

/** A new device's id. */
export function newDevice(): string {
  return crypto.randomBytes(ID_BYTES).toString('base64url');
}

/** The token the site keeps for `device`. */
export function deviceToken(settings: Pick<BackendSettings, 'jwtSecret'>, device: string): string {
  return `${device}.${mac(settings, device)}`;
}

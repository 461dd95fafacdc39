import 'server-only';
/**
 * The device cookie (docs/security.md "A member is never locked out by strangers"): the API host answers
 * every login with a `device_token` it signed; the site keeps it in the httpOnly cookie `deviceToken` for a
 * year and sends it back under X-Device-Token on every write it makes for this browser (lib/api/client.ts).
 * A browser that has logged in as a member before keeps its own allowance for that member's password and SMS
 * codes, whatever strangers do. The token is opaque here: only the API host can read or make one.
 */
import { cookies } from 'next/headers';
import { cookieOptions, type CookieWriter } from './cookies';

export const DEVICE_COOKIE = 'deviceToken';
const DEVICE_SECONDS = 365 * 24 * 60 * 60;
/** What the API host issues: an id and its HMAC, base64url (lib/backend/device-tokens.ts). Anything else is not sent on. */
const DEVICE_TOKEN_RE = /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,128}$/;

export function isDeviceToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && DEVICE_TOKEN_RE.test(value);
}

export function writeDeviceCookie(jar: CookieWriter, token: string | undefined): void {
  if (isDeviceToken(token)) jar.set(DEVICE_COOKIE, token, cookieOptions(DEVICE_SECONDS));
}

/** The current request's device token, when it carries a well-formed one (undefined outside a request). */
export async function requestDeviceToken(): Promise<string | undefined> {
  try {
    const value = (await cookies()).get(DEVICE_COOKIE)?.value;
    return isDeviceToken(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

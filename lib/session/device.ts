import 'server-only';
/**
 * The device cookie (docs/security.md "A member is never locked out by strangers"): the API host answers
 * every login with a `device_token` it signed; the site keeps it in the httpOnly cookie `deviceToken` for a
 * year and sends it back under X-Device-Token on every write it makes for this browser (lib/api/client.ts,
 * which reads it with lib/security/request-device.ts). A browser that has logged in as a member before keeps
 * its own allowance for that member's password and SMS codes, whatever strangers do.
 */
import { DEVICE_COOKIE, isDeviceToken } from '@/lib/security/request-device';
import { cookieOptions, type CookieWriter } from './cookies';

export { DEVICE_COOKIE, isDeviceToken };

const DEVICE_SECONDS = 365 * 24 * 60 * 60;

export function writeDeviceCookie(jar: CookieWriter, token: string | undefined): void {
  if (isDeviceToken(token)) jar.set(DEVICE_COOKIE, token, cookieOptions(DEVICE_SECONDS));
}

import 'server-only';
/**
 * The current request's device token (docs/security.md "A member is never locked out by strangers"), read from
 * the httpOnly cookie lib/session/device.ts writes at login. Here, beside request-address.ts, so that the
 * contract client (lib/api/client.ts) can send it on every write without importing lib/session, which sits
 * above lib/api (docs/architecture.md "Layers"). The token is opaque here: only the API host can read or make one.
 */
import { cookies } from 'next/headers';

export const DEVICE_COOKIE = 'deviceToken';
/** What the API host issues: an id and its HMAC, base64url (lib/backend/device-tokens.ts). Anything else is not sent on. */
const DEVICE_TOKEN_RE = /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,128}$/;

export function isDeviceToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && DEVICE_TOKEN_RE.test(value);
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

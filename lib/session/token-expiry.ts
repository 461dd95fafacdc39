/**
 * Whether an access token has expired, read from its own `exp` (jose decodes it; nothing is verified here, the
 * API host verifies every call). proxy.ts treats an expired access cookie as absent, so the one refresh of a
 * page load happens where cookies can be set (docs/security.md "Abuse from many clients"). A token that ends
 * within EXPIRY_MARGIN_SECONDS counts as expired: it would lapse while the page renders, and the page cannot
 * set the cookies of a refresh. A token that cannot be decoded is left to the API host.
 */
import { decodeJwt } from 'jose';

export const EXPIRY_MARGIN_SECONDS = 10;

export function accessTokenExpired(token: string, nowMs = Date.now()): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp * 1000 <= nowMs + EXPIRY_MARGIN_SECONDS * 1000;
  } catch {
    return false;
  }
}

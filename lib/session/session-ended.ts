import 'server-only';
/**
 * A member page whose session the API host refused while it rendered (a
 * tampered or re-keyed access cookie, a disabled member, a revoked session):
 * a server component cannot clear cookies, so the page redirects to
 * GET /session/end, which clears them and takes the member to the 请先登录
 * flow (SPEC §4) instead of a 500 (docs/security.md "Attacks on the member
 * system"). The link carries a digest of the refused access cookie: the
 * route clears only that cookie, so a link made by someone else logs nobody out.
 */
import crypto from 'node:crypto';
import { safeInternalPath, withQuery } from '@/lib/routes';

export const SESSION_END_PATH = '/session/end';

export function accessDigest(accessToken: string): string {
  return crypto.createHash('sha256').update(accessToken).digest('base64url').slice(0, 22);
}

export function sessionEndPath(refusedAccessToken: string | null, nextPath: string | null): string {
  return withQuery(SESSION_END_PATH, {
    t: refusedAccessToken ? accessDigest(refusedAccessToken) : undefined,
    next: (nextPath && safeInternalPath(nextPath)) || undefined,
  });
}

/** Whether the digest names this access cookie (constant time). */
export function digestMatches(accessToken: string | null | undefined, digest: string | null): boolean {
  if (!accessToken || !digest) return false;
  const a = Buffer.from(accessDigest(accessToken));
  const b = Buffer.from(digest);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Access tokens: JWTs signed with jose (HS256), claims `sub` and `VIP` (a JSON
 * string, SPEC §3), and `typ` (visitor or member). Refresh tokens live in
 * auth handlers (stored hashed, rotated).
 */
import { SignJWT, jwtVerify, errors } from 'jose';
import type { BackendSettings } from './types';

export type TokenKind = 'visitor' | 'member';

export interface AccessClaims {
  sub: string;
  /** JSON string of the VIP info ('' for a visitor), SPEC §3. */
  VIP: string;
  typ: TokenKind;
  /**
   * The session (refresh-token family) a member token belongs to: the router
   * refuses it once that session is revoked (logout, ResetPwd, theft) or past
   * its absolute lifetime (docs/security.md "Attacks on the member system"). Required of a member token:
   * verifyAccessToken refuses one without it.
   */
  sid?: string;
}

export async function signAccessToken(settings: BackendSettings, claims: AccessClaims): Promise<string> {
  const now = Math.floor(settings.now().getTime() / 1000);
  return new SignJWT({ VIP: claims.VIP, typ: claims.typ, ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + settings.accessTokenTtlSeconds)
    .setJti(crypto.randomUUID())
    .sign(settings.jwtSecret);
}

export type VerifyResult =
  | { status: 'valid'; claims: AccessClaims; expiresAt: number }
  | { status: 'expired' }
  | { status: 'invalid' };

/** Verified tokens a secret keeps, the most recently used ones (a token is sent on every API call of its holder). */
export const KEPT_VERIFICATIONS = 1000;

interface Verified {
  claims: AccessClaims;
  expiresAt: number;
}
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, Verified>>();

/**
 * A token verified before with the same secret, by its whole text (its signature included): what jose's
 * verification said then, its expiry judged again against the clock now, as jose judges it (expired when
 * exp ≤ now, in whole seconds). The signature check costs a WebCrypto key import and HMAC per API call
 * (2 % of a member page load's CPU in `npm run bench:render`'s profile, docs/bench.md "Render cost"); a
 * revoked session is still refused on every call, by the router's session check, not here.
 */
function keptVerification(settings: BackendSettings, token: string): VerifyResult | null {
  const kept = verifiedBySecret.get(settings.jwtSecret);
  const found = kept?.get(token);
  if (!kept || !found) return null;
  kept.delete(token);
  kept.set(token, found);
  const now = Math.floor(settings.now().getTime() / 1000);
  if (found.expiresAt <= now) return { status: 'expired' };
  return { status: 'valid', claims: { ...found.claims }, expiresAt: found.expiresAt };
}

function keepVerification(settings: BackendSettings, token: string, verified: Verified) {
  let kept = verifiedBySecret.get(settings.jwtSecret);
  if (!kept) verifiedBySecret.set(settings.jwtSecret, (kept = new Map()));
  kept.set(token, { claims: { ...verified.claims }, expiresAt: verified.expiresAt });
  if (kept.size > KEPT_VERIFICATIONS) kept.delete(kept.keys().next().value!);
}

export async function verifyAccessToken(settings: BackendSettings, token: string): Promise<VerifyResult> {
  const kept = keptVerification(settings, token);
  if (kept) return kept;
  try {
    const { payload } = await jwtVerify(token, settings.jwtSecret, {
      algorithms: ['HS256'],
      currentDate: settings.now(),
    });
    if (typeof payload.sub !== 'string' || (payload.typ !== 'visitor' && payload.typ !== 'member')) {
      return { status: 'invalid' };
    }
    // Every member token names its session (signAccessToken is only called with one for a member): one without
    // could not be ended by logout or ResetPwd, so it opens nothing (docs/security.md "Attacks on the member system").
    if (payload.typ === 'member' && (typeof payload.sid !== 'string' || payload.sid === '')) return { status: 'invalid' };
    const verified: Verified = {
      claims: {
        sub: payload.sub,
        VIP: typeof payload.VIP === 'string' ? payload.VIP : '',
        typ: payload.typ,
        ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
      },
      expiresAt: payload.exp ?? 0,
    };
    // Kept only when the expiry is all that can change its verdict: an exp and no nbf (ours never set one).
    if (typeof payload.exp === 'number' && payload.nbf === undefined) keepVerification(settings, token, verified);
    return { status: 'valid', claims: verified.claims, expiresAt: verified.expiresAt };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { status: 'expired' };
    return { status: 'invalid' };
  }
}

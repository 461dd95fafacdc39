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

export async function verifyAccessToken(settings: BackendSettings, token: string): Promise<VerifyResult> {
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
    return {
      status: 'valid',
      claims: {
        sub: payload.sub,
        VIP: typeof payload.VIP === 'string' ? payload.VIP : '',
        typ: payload.typ,
        ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
      },
      expiresAt: payload.exp ?? 0,
    };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { status: 'expired' };
    return { status: 'invalid' };
  }
}

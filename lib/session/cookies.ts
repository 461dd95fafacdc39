import 'server-only';
/**
 * The session cookies (SPEC §3 storage keys, ARCHITECTURE "Sessions"): `Token`
 * (access token) and `refreshToken`, httpOnly, SameSite=Lax, Secure outside
 * local development, expiring when the API says the token does.
 */
import { cookies } from 'next/headers';
import type { IssuedTokens } from '@/lib/api/auth';
import type { TokenPair, TokenStore } from '@/lib/api/types';
import { siteUrl } from '@/lib/site-config';

export const ACCESS_COOKIE = 'Token';
export const REFRESH_COOKIE = 'refreshToken';

/** Fallback lifetimes when the API gives none. */
const DEFAULT_ACCESS_SECONDS = 2 * 60 * 60;
const DEFAULT_REFRESH_SECONDS = 30 * 24 * 60 * 60;

/** Plain http on a loopback host is local development (and the e2e server). */
function isLocalHttp(origin: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i.test(origin);
}

export function cookieSecure(): boolean {
  if (process.env.COOKIE_SECURE === '1') return true;
  if (process.env.COOKIE_SECURE === '0') return false;
  return process.env.NODE_ENV !== 'development' && !isLocalHttp(siteUrl());
}

export function cookieOptions(maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: cookieSecure(),
    path: '/',
    maxAge: Math.max(1, Math.floor(maxAgeSeconds)),
  };
}

/** Something with a cookie jar we can write: next/headers cookies() or a NextResponse's cookies. */
export interface CookieWriter {
  set(name: string, value: string, options: ReturnType<typeof cookieOptions>): unknown;
  delete(name: string): unknown;
}

/** Writes a pair; a visitor pair (no refresh token) removes the refresh cookie. */
export function writeTokenCookies(jar: CookieWriter, tokens: TokenPair & Partial<IssuedTokens>) {
  jar.set(ACCESS_COOKIE, tokens.accessToken, cookieOptions(tokens.expiresIn ?? DEFAULT_ACCESS_SECONDS));
  if (tokens.refreshToken) {
    jar.set(REFRESH_COOKIE, tokens.refreshToken, cookieOptions(tokens.refreshExpiresIn ?? DEFAULT_REFRESH_SECONDS));
  } else {
    jar.delete(REFRESH_COOKIE);
  }
}

export function clearTokenCookies(jar: CookieWriter) {
  jar.delete(ACCESS_COOKIE);
  jar.delete(REFRESH_COOKIE);
}

/**
 * A TokenStore over the request's cookies. Writing cookies is only allowed in
 * server actions and route handlers; during a server-component render the new
 * tokens are kept for the rest of the request (and the token client's shared
 * refresh map hands the same pair to the next request with the old cookie).
 */
export interface CookieTokenStore extends TokenStore {
  /** The access cookie the request came with (before any refresh or reset). */
  readonly requestAccessToken: string | null;
  /** Whether a write to the cookies was refused: this is a server-component render. */
  cookiesReadOnly(): boolean;
}

export async function cookieTokenStore(): Promise<CookieTokenStore> {
  const jar = await cookies();
  const requestAccessToken = jar.get(ACCESS_COOKIE)?.value || null;
  let access: string | null = requestAccessToken;
  let refresh: string | null = jar.get(REFRESH_COOKIE)?.value || null;
  let readOnly = false;
  const tryWrite = (write: () => void) => {
    try {
      write();
    } catch {
      /* read-only during render: memory only for this request */
      readOnly = true;
    }
  };
  return {
    requestAccessToken,
    cookiesReadOnly: () => readOnly,
    getAccessToken: () => access,
    getRefreshToken: () => refresh,
    save: (tokens) => {
      access = tokens.accessToken;
      refresh = tokens.refreshToken || null;
      tryWrite(() => writeTokenCookies(jar, tokens));
    },
    clear: () => {
      access = null;
      refresh = null;
      tryWrite(() => clearTokenCookies(jar));
    },
  };
}

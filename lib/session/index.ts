import 'server-only';
/**
 * The member's session on the server (ARCHITECTURE "Sessions"): tokens live in
 * httpOnly cookies, never in page scripts. `loginInfo` is decoded from the
 * access token with jose (sub and the VIP JSON string, SPEC §3) and VIPInfo is
 * derived from it. Decoding is for display and routing only: every member call
 * is authorised by the API itself with the token.
 */
import { decodeJwt } from 'jose';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { createTokenClient, forgetRefresh, isSessionResetError, type TokenClient } from '@/lib/api/token-client';
import type { AuthedClient } from '@/lib/api/types';
import type { CallArgs, EndpointPath } from '@/lib/contract';
import { routes, safeInternalPath } from '@/lib/routes';
import { cookieTokenStore } from './cookies';
import { writeDeviceCookie } from './device';
import { sessionEndPath } from './session-ended';

export { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies';

/** SPEC §3 loginInfo: the access token's claims. */
export interface LoginInfo {
  sub: string;
  /** The VIP JSON string as sent by the API. */
  VIP: string;
  /** Expiry, epoch seconds. */
  exp: number | null;
}

/** SPEC §3 VIPInfo, from the token's VIP JSON. */
export interface VIPInfo {
  vipCode: string;
  name: string;
  level: number;
  levelName: string;
  cardNo: string;
}

export interface Session {
  loginInfo: LoginInfo;
  vipInfo: VIPInfo;
}

/** loginInfo of an access token, or null when it is not a member token with a bound VIP. */
export function decodeLoginInfo(token: string | null | undefined): Session | null {
  if (!token) return null;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    claims = decodeJwt(token);
  } catch {
    return null;
  }
  if (typeof claims.sub !== 'string' || typeof claims.VIP !== 'string' || !claims.VIP) return null;
  let vip: Record<string, unknown>;
  try {
    vip = JSON.parse(claims.VIP) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!vip || typeof vip.VipCode !== 'string' || !vip.VipCode) return null;
  return {
    loginInfo: { sub: claims.sub, VIP: claims.VIP, exp: typeof claims.exp === 'number' ? claims.exp : null },
    vipInfo: {
      vipCode: vip.VipCode,
      name: typeof vip.VipName === 'string' ? vip.VipName : '',
      level: typeof vip.LevelID === 'number' ? vip.LevelID : 0,
      levelName: typeof vip.LevelName === 'string' ? vip.LevelName : '',
      cardNo: typeof vip.CardNo === 'string' ? vip.CardNo : '',
    },
  };
}

const isExpired = (session: Session) =>
  session.loginInfo.exp !== null && session.loginInfo.exp * 1000 <= Date.now();

/** One cookie store and one token client per request, bound to the member's cookies. */
const requestStore = cache(() => cookieTokenStore());
/** The member page being rendered (requireMember names it), to continue to after the 请先登录 flow. */
const memberPage = cache((): { path: string | null } => ({ path: null }));

const requestClient = cache(async (): Promise<TokenClient> => {
  const store = await requestStore();
  const client = createTokenClient(store);
  return {
    ...client,
    post: async <P extends EndpointPath>(path: P, ...args: CallArgs<P, { write?: boolean }>) => {
      try {
        return await client.post(path, ...args);
      } catch (err) {
        // The host refused the session while a page rendered (tampered or re-keyed
        // cookie, disabled member, revoked session): the render cannot clear the
        // cookies, so /session/end does, then the 请先登录 flow (never a 500).
        // Actions and route handlers cleared them already and keep their own answer.
        if (isSessionResetError(err) && store.cookiesReadOnly()) {
          redirect(sessionEndPath(store.requestAccessToken, memberPage().path));
        }
        throw err;
      }
    },
  };
});

/**
 * An AuthedClient bound to the member's cookies, with the SPEC §8 lifecycle
 * (4002 → one refresh, replay; 4003/4001/4004 → SessionResetError).
 * Pass it to lib/api member functions: getMemberProfile(await memberClient()).
 */
export async function memberClient(): Promise<AuthedClient> {
  return requestClient();
}

/**
 * The current member, or null. SPEC §6: a member session needs a stored
 * refresh token; when the access cookie has expired, it is refreshed first.
 */
export const getSession = cache(async (): Promise<Session | null> => {
  const store = await requestStore();
  if (!(await store.getRefreshToken())) return null;
  const current = decodeLoginInfo(await store.getAccessToken());
  if (current && !isExpired(current)) return current;
  const client = await requestClient();
  try {
    await client.renew();
  } catch (err) {
    // A reset (4003...) ends the session; a network fault shows the page as a visitor
    // for this request without touching the cookies, so the next request can try again.
    if (!isSessionResetError(err)) console.warn('[session] refresh failed:', err instanceof Error ? err.message : err);
    return null;
  }
  return decodeLoginInfo(await client.currentAccessToken());
});

/**
 * Whether the request carries a refresh token, the mark of a member session (SPEC §6), without refreshing or
 * calling anything: for a read that lets its own calls renew or end the session (app/session/member-home).
 */
export async function hasSessionCookie(): Promise<boolean> {
  return Boolean(await (await requestStore()).getRefreshToken());
}

/**
 * For member pages and actions (SPEC §4 guard: proxy.ts is never the
 * only guard): the session, or a redirect to / with the 请先登录 marker and
 * the page to continue to after login.
 */
export async function requireMember(nextPath: string): Promise<Session> {
  memberPage().path = safeInternalPath(nextPath);
  const session = await getSession();
  if (!session) redirect(routes.loginRequired(safeInternalPath(nextPath) ?? undefined));
  return session;
}

/**
 * After a login (server actions and route handlers only: they may set cookies):
 * stores the pair in the httpOnly cookies and returns the member's session.
 */
export async function startSession(tokens: import('@/lib/api/auth').IssuedTokens): Promise<Session | null> {
  const store = await requestStore();
  await store.save(tokens);
  // The login's device token: this browser keeps its own allowance for the member (lib/session/device.ts).
  if (tokens.deviceToken) writeDeviceCookie(await cookies(), tokens.deviceToken);
  return decodeLoginInfo(tokens.accessToken);
}

/**
 * Forgets the member's tokens (logout, SPEC §4), in the cookies and in the
 * process's shared refresh cache, so a replayed copy of the logged-out
 * refresh token gets no pair from it (docs/security.md).
 */
export async function endSession(): Promise<void> {
  const store = await requestStore();
  forgetRefresh(await store.getRefreshToken());
  forgetRefresh(await store.getAccessToken());
  await store.clear();
}

/** The refresh token of the current request, for logout (OutLogin sends it, SPEC §4). */
export async function currentRefreshToken(): Promise<string | null> {
  return (await (await requestStore()).getRefreshToken()) ?? null;
}

/**
 * GET /session/end?t=…&next=…: where a member page goes when the API host
 * refused its session while it rendered (lib/session/session-ended.ts). Clears
 * the session cookies when `t` names the current access cookie, then takes
 * the member to the 请先登录 flow (SPEC §4) with the page to continue to.
 * Redirects are built from SITE_URL.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { forgetRefresh } from '@/lib/api/token-client';
import { routes, safeInternalPath } from '@/lib/routes';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearTokenCookies } from '@/lib/session/cookies';
import { digestMatches } from '@/lib/session/session-ended';
import { siteUrl } from '@/lib/site-config';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  const next = safeInternalPath(request.nextUrl.searchParams.get('next')) ?? undefined;
  const response = NextResponse.redirect(`${siteUrl()}${routes.loginRequired(next)}`, 303);
  response.headers.set('cache-control', 'private, no-store');
  const access = request.cookies.get(ACCESS_COOKIE)?.value;
  if (digestMatches(access, request.nextUrl.searchParams.get('t'))) {
    forgetRefresh(request.cookies.get(REFRESH_COOKIE)?.value);
    forgetRefresh(access);
    clearTokenCookies(response.cookies);
  }
  return response;
}

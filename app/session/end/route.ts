/**
 * GET /session/end?t=…&next=…: where a member page goes when the API host
 * refused its session while it rendered (lib/session/session-ended.ts). Clears
 * the session cookies when `t` names the current access cookie, then takes
 * the member to the 请先登录 flow (SPEC §4) with the page to continue to.
 * Redirects are built from SITE_URL.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { forgetRefresh } from '@/lib/api/token-client';
import { routes, safeInternalPath } from '@/lib/routes';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearTokenCookies } from '@/lib/session/cookies';
import { digestMatches } from '@/lib/session/session-ended';
import { siteUrl } from '@/lib/site-config';
import { queryOf } from '@/lib/validation/parse-input';

export const dynamic = 'force-dynamic';

/**
 * Never refused: a `next` that is not one of this site's paths is dropped (no open redirect), and a `t`
 * that is missing or repeated clears nothing.
 */
const endQuery = z.object({
  next: z.string().optional().catch(undefined).transform((next) => safeInternalPath(next ?? null) ?? undefined),
  t: z.string().max(128).optional().catch(undefined),
});

export function GET(request: NextRequest) {
  const { next, t } = endQuery.parse(queryOf(request.nextUrl.searchParams));
  const response = NextResponse.redirect(`${siteUrl()}${routes.loginRequired(next)}`, 303);
  response.headers.set('cache-control', 'private, no-store');
  const access = request.cookies.get(ACCESS_COOKIE)?.value;
  if (digestMatches(access, t ?? null)) {
    forgetRefresh(request.cookies.get(REFRESH_COOKIE)?.value);
    forgetRefresh(access);
    clearTokenCookies(response.cookies);
  }
  return response;
}

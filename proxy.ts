/**
 * proxy.ts (SPEC §4), a convenience, never the only guard (member pages and
 * actions check the session again on the server):
 * 1. phones, tablets and in-app browsers (WeChat, QQ, Alipay…) go to the
 *    mobile client address from WechatClient/PcWebUrl, carrying the page
 *    (SPEC §1). The address is cached; if the call fails the desktop site is
 *    served. Search-engine crawlers are never redirected;
 * 2. login-required pages (SPEC §2) without the refreshToken cookie go to /
 *    with the 请先登录 marker and the page to continue to (SPEC §4);
 * 3. a page request whose access cookie is missing or holds an expired token
 *    while the refresh cookie lives is refreshed here, once, so the page renders
 *    with fresh cookies (server components cannot set cookies).
 * Hardening (lib/security, docs/security.md): every answer carries the page CSP with a
 * per-request nonce (Next 16 CSP guide), and a path with a broken
 * percent-escape gets the 404 page instead of Next's 500.
 * Speed (lib/page-cache, docs/decisions.md): full loads of public pages are answered from
 * whole pages rendered once and compressed once, their inline scripts allowed
 * by hash (docs/decisions.md "Cached pages: script hashes instead of a nonce").
 */
import { NextResponse, type NextRequest } from 'next/server';
import { getMobileUrl } from '@/lib/api/auth';
import { isApiError } from '@/lib/api/errors';
import { RESET_ERROR_NOS, sharedRefresh } from '@/lib/api/token-client';
import { ErrorNo } from '@/lib/contract';
import { PAGE_PATH_HEADER } from '@/lib/mobile-alternate';
import { isLoginRequiredPath, isMemberShellPath, routes } from '@/lib/routes';
import { UNAVAILABLE_RENDER_PATH } from '@/lib/page-cache/fallback';
import { answerVisitorPlace, VISITOR_PLACE_PATH } from '@/lib/page-cache/proxy-place';
import { answerFromPageCache, isPageCacheRender, placeholderNonce, refuseUncachedRender, RENDER_HEADER } from '@/lib/page-cache/serve';
import { isRouteHandlerPath } from '@/lib/page-cache/policy';
import { actionRequestKind, refuseMalformedAction } from '@/lib/security/action-request';
import { rememberedLookup } from '@/lib/remembered-lookup';
import { cspProxy, type CspForRequest } from '@/lib/security/csp-proxy';
import { hasMalformedEscape } from '@/lib/security/malformed-url';
import { ACCESS_COOKIE, REFRESH_COOKIE, clearTokenCookies, writeTokenCookies } from '@/lib/session/cookies';
import { accessTokenExpired } from '@/lib/session/token-expiry';
import { trustedProxyHops } from '@/lib/security/trusted-proxy';
import { mobilePlatform } from '@/lib/session/user-agent';

/** Mobile addresses by platform and page; failures are remembered briefly so a down API is not hammered. */
const mobileUrls = rememberedLookup<string>({ ttlMs: 10 * 60_000, failureTtlMs: 30_000, maxEntries: 1000 });

function mobileUrlFor(platform: string, path: string, query: string): Promise<string | null> {
  return mobileUrls(`${platform}|${path}|${query}`, async () => {
    const raw = await getMobileUrl({ platform, path, query });
    return /^https?:\/\//i.test(raw) ? raw : null;
  });
}

function isPageNavigation(request: NextRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const h = request.headers;
  return !h.has('rsc') && !h.has('next-router-prefetch') && !request.nextUrl.searchParams.has('_rsc');
}

export async function proxy(request: NextRequest) {
  // docs/security.md: a server-action request that Next would answer with a 500 gets 400/403/413 instead.
  // Only a request Next treats as an action is read: a page load goes on without waiting for anything.
  if (actionRequestKind(request.method, request.headers)) {
    const refusedAction = await refuseMalformedAction(request);
    if (refusedAction) return refusedAction;
  }
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith('/api/')) {
    // The API answers for itself; only a broken percent-escape is caught here,
    // because Next's route matcher would answer it with a 500 before the route runs.
    return hasMalformedEscape(pathname)
      ? NextResponse.json({ ErrorNo: ErrorNo.BAD_INPUT, ErrorInfo: '请求路径无效', Result: null }, { status: 400 })
      : NextResponse.next();
  }
  // The visitor's place for nginx's micro-cache (lib/page-cache/proxy-place.ts): a header and no page.
  if (pathname === VISITOR_PLACE_PATH) {
    const place = await answerVisitorPlace(request);
    if (place) return place;
  }
  // docs/security.md: the nonce goes to the renderer (request headers) and to the browser (response).
  // The page cache's own render gets the placeholder that each cached answer replaces. Made only for an
  // answer that needs it: an answer from the page cache carries its page's hash CSP and no nonce.
  const cacheRender = isPageCacheRender(request.headers);
  let cspOfRequest: CspForRequest | undefined;
  const csp = () => (cspOfRequest ??= cspProxy(request, cacheRender ? placeholderNonce() : undefined));
  if (hasMalformedEscape(pathname)) return csp().apply(NextResponse.rewrite(new URL(routes.notFound(), request.url)));
  // The server-rendered error page is the page cache's to send (lib/page-cache/fallback.ts): a visitor's own
  // request for its address is a 404.
  if (pathname === UNAVAILABLE_RENDER_PATH && !cacheRender) return csp().apply(NextResponse.rewrite(new URL(routes.notFound(), request.url)));

  // 1. Mobile and in-app browsers: only real page loads, never crawlers.
  if (isPageNavigation(request)) {
    const platform = mobilePlatform(request.headers.get('user-agent') ?? '');
    if (platform) {
      const target = await mobileUrlFor(platform, pathname, search.replace(/^\?/, ''));
      if (target) return csp().apply(NextResponse.redirect(target, 302));
    }
  }

  const refreshToken = request.cookies.get(REFRESH_COOKIE)?.value;

  // 2. The guard: SPEC §6 login-required pages need a stored refresh token. The page cache's own render of a
  // member shell has none and needs none: it is the same for every member (lib/routes.ts MEMBER_SHELL_PATHS).
  if (isLoginRequiredPath(pathname) && !refreshToken && !(cacheRender && isMemberShellPath(pathname))) {
    return csp().apply(NextResponse.redirect(new URL(routes.loginRequired(`${pathname}${search}`), request.url), 302));
  }

  // An access cookie whose token has expired counts as absent: the refresh happens here, where the new
  // cookies can be set, not in the page, which cannot set them (a rotated refresh token the browser never
  // got would end the session about a minute later: docs/security.md "Abuse from many clients").
  const access = request.cookies.get(ACCESS_COOKIE)?.value;
  if (access && accessTokenExpired(access)) request.cookies.delete(ACCESS_COOKIE);

  // Public pages from the page cache (never its own render, never a request that refreshes cookies).
  const needsRefresh = Boolean(refreshToken) && !request.cookies.get(ACCESS_COOKIE) && (request.method === 'GET' || request.method === 'HEAD');
  if (!cacheRender && !needsRefresh) {
    const cached = await answerFromPageCache(request);
    if (cached) return cached;
  }
  // Any other page is rendered for this request alone: one of the client's uncached renders (LIMITS.pageRender;
  // a miss of the page cache was charged there). The page cache's own renders were charged as their visitor's request.
  if (!cacheRender && (request.method === 'GET' || request.method === 'HEAD') && !isRouteHandlerPath(pathname)) {
    const refused = await refuseUncachedRender(request);
    if (refused) return refused;
  }

  // The forged-subrequest header never reaches the app (CVE-2025-29927 style bypass),
  // nor does the page cache's secret.
  const headers = csp().requestHeaders;
  headers.delete('x-middleware-subrequest');
  headers.delete(RENDER_HEADER);
  // A client-sent X-Forwarded-Host counts for nothing without a trusted proxy
  // (TRUSTED_PROXY_HOPS): Next's own server-action origin check sees the Host.
  if (trustedProxyHops() === 0) {
    const host = request.headers.get('host');
    if (host) headers.set('x-forwarded-host', host);
    else headers.delete('x-forwarded-host');
  }
  // The page's address for its mobile-alternate link (lib/mobile-alternate.ts), never the client's own value.
  // The error pages have none: they render without asking the API host anything, so they still render
  // while it hangs (lib/page-cache/fallback.ts).
  if (pathname === routes.notFound() || pathname.startsWith(`${routes.notFound()}/`)) headers.delete(PAGE_PATH_HEADER);
  else headers.set(PAGE_PATH_HEADER, `${pathname}${search}`);

  // 3. Refresh an expired access cookie once, for the page and the browser alike.
  if (refreshToken && needsRefresh) {
    try {
      const tokens = await sharedRefresh(refreshToken);
      request.cookies.set(ACCESS_COOKIE, tokens.accessToken);
      if (tokens.refreshToken) request.cookies.set(REFRESH_COOKIE, tokens.refreshToken);
      headers.set('cookie', request.cookies.toString());
      const response = NextResponse.next({ request: { headers } });
      writeTokenCookies(response.cookies, tokens);
      return csp().apply(response);
    } catch (err) {
      if (isApiError(err) && RESET_ERROR_NOS.has(err.errorNo)) {
        // SPEC §8: the session is over; the visitor continues without it.
        request.cookies.delete(REFRESH_COOKIE);
        headers.set('cookie', request.cookies.toString());
        if (isLoginRequiredPath(pathname)) {
          const redirect = NextResponse.redirect(new URL(routes.loginRequired(`${pathname}${search}`), request.url), 302);
          clearTokenCookies(redirect.cookies);
          return csp().apply(redirect);
        }
        const response = NextResponse.next({ request: { headers } });
        clearTokenCookies(response.cookies);
        return csp().apply(response);
      }
      // A network fault: carry on; the page asks again.
    }
  }

  // A document load the page cache does not answer renders here, once; an empty error shell Next answers it with
  // is made whole on Node's response (lib/page-cache/error-mend.ts).
  return csp().apply(NextResponse.next({ request: { headers } }));
}

export const config = {
  matcher: [
    // Pages, and the API for its broken-escape check: not the session's route handlers, Next's assets or public files.
    '/((?!session/|auth/|_next/static|_next/image|favicon.ico|robots.txt|sitemap.xml|.*\\.(?:svg|png|jpg|jpeg|gif|webp|ico|css|js|txt|xml|woff2?)$).*)',
    // Server actions run on any path that renders a page, the 404 page included (docs/security.md).
    { source: '/:path*', has: [{ type: 'header', key: 'next-action' }] },
    { source: '/:path*', has: [{ type: 'header', key: 'content-type', value: 'multipart/form-data.*' }] },
  ],
};

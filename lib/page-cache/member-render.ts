/**
 * A member's full page load, rendered on loopback so that its error answers hold the site too
 * (docs/decisions.md "Errors render on the server", lib/page-cache/fallback.ts). The same for the other
 * document loads the page cache does not answer: the search and the redirect helper (`rendersAlone`), and
 * a client that asks with `Accept: *\/*` or none (`isPlainDocumentRequest`: curl, link previewers).
 *
 * The whole-page cache swaps Next's empty error shell for a whole page, but it answers visitors
 * only: a member's pages are rendered for them alone. So proxy.ts hands a member's document load
 * to this module, which asks the same server for the page on loopback, with the member's own
 * request headers and a secret header (the inner request then renders as usual):
 * - a 2xx or 3xx answer is streamed back as it comes, with its own headers (its CSP and nonce,
 *   its cookies): nothing is buffered, so the page streams as it did;
 * - a 404 or 5xx answer is read whole; Next's empty shell becomes the whole not-found page (404)
 *   or the whole error page (503 with Retry-After), both the anonymous copies the cache keeps.
 *   The header's member menu is a client island and fills in once JavaScript runs.
 * A render that cannot be reached is left to Next (null): the page renders as it always did.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isDocumentRequest, isPlainDocumentRequest, siteVaryOfHeaders } from './policy';
import { fallbackFor } from './fallback';
import { RENDER_TIMEOUT_MS, answer, fallbackPage, pageCacheEnabled, renderOrigin, sameSecret, warmFallbacks } from './serve';
import { pageCacheState } from './store';
import { clientAddress, siteForwardHeaders } from '@/lib/security/client-address';
import { PAGE_PATH_HEADER } from '@/lib/mobile-alternate';

/** The secret header of a member's loopback render (never sent on by proxy.ts). */
export const MEMBER_RENDER_HEADER = 'x-member-render';

/**
 * Request headers the loopback render must not copy: hop-by-hop, or its own to set. The page's address
 * (PAGE_PATH_HEADER) too: the render's own proxy.ts sets it from the same URL, and a long URL sent twice
 * would pass Node's 16 KB header limit (431).
 */
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'upgrade',
  PAGE_PATH_HEADER,
]);
/** A longer address is rendered as usual: with the request's own headers it might not fit the loopback request's limit. */
const MAX_RENDERED_URL = 12 * 1024;
/** Response headers of the render that belong to its own hop. */
const NOT_RETURNED = new Set(['connection', 'keep-alive', 'content-length', 'content-encoding', 'transfer-encoding', 'date', 'set-cookie']);

/** The request is a member's loopback render: proxy.ts lets it render as usual. */
export function isMemberRender(headers: Pick<Headers, 'get'>): boolean {
  const value = headers.get(MEMBER_RENDER_HEADER);
  return value !== null && pageCacheEnabled() && sameSecret(value, pageCacheState().renderSecret);
}

/** A member's document load that this module answers: GET only (a HEAD has no body to mend). */
export function rendersForMember(request: Pick<NextRequest, 'method' | 'headers'>): boolean {
  return pageCacheEnabled() && request.method === 'GET' && (isDocumentRequest(request.headers) || isPlainDocumentRequest(request.headers));
}

/**
 * The member's page, rendered on loopback with `forward` (the request headers proxy.ts would pass
 * to the page: refreshed cookies, the CSP nonce), its error shells made whole. Null when the
 * loopback render cannot be reached.
 */
export async function answerMemberPage(request: NextRequest, forward: Headers): Promise<NextResponse | null> {
  const origin = renderOrigin();
  const state = pageCacheState();
  if (!origin || Date.now() < state.unreachableUntil) return null;
  if (request.nextUrl.pathname.length + request.nextUrl.search.length > MAX_RENDERED_URL) return null;
  warmFallbacks();
  const headers: Record<string, string> = {};
  forward.forEach((value, name) => {
    if (!NOT_FORWARDED.has(name) && !name.startsWith('x-middleware-')) headers[name] = value;
  });
  Object.assign(headers, siteForwardHeaders(clientAddress(request.headers)), {
    [MEMBER_RENDER_HEADER]: state.renderSecret,
    'accept-encoding': 'identity',
  });

  // The time limit is for the answer's head only: once the page streams, it streams to its end.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException('render timed out', 'TimeoutError')), RENDER_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, origin), {
      headers,
      redirect: 'manual',
      cache: 'no-store',
      signal: abort.signal,
    });
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      // The page did not answer within the time a page has (SPEC §9): the error page, 503.
      const page = await fallbackPage('unavailable', siteVaryOfHeaders(request.headers));
      return page ? answer(page, request, 'FALLBACK', 503) : null;
    }
    state.unreachableUntil = Date.now() + 60_000;
    return null;
  } finally {
    clearTimeout(timer);
  }

  const returned = new Headers();
  res.headers.forEach((value, name) => {
    if (!NOT_RETURNED.has(name)) returned.set(name, value);
  });
  for (const cookie of res.headers.getSetCookie()) returned.append('set-cookie', cookie);
  // Next reads a proxy answer's Location as an absolute URL; the page's own redirect() sends a path.
  const location = res.headers.get('location');
  if (location !== null) returned.set('location', new URL(location, request.url).toString());

  if (res.status === 404 || res.status >= 500) {
    const html = await res.text();
    const kind = fallbackFor(res.status, html);
    const page = kind ? await fallbackPage(kind, siteVaryOfHeaders(request.headers)) : null;
    if (page) {
      const whole = answer(page, request, 'FALLBACK', kind === 'unavailable' ? 503 : 404);
      for (const cookie of res.headers.getSetCookie()) whole.headers.append('set-cookie', cookie);
      return whole;
    }
    return new NextResponse(html, { status: res.status, headers: returned });
  }
  return new NextResponse(res.body, { status: res.status, headers: returned });
}

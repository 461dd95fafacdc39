/**
 * Whole pages cached, a nonce per answer (issue 8; docs/decisions.md,
 * docs/security.md). Every page must carry a fresh CSP nonce, so Next renders
 * every page per request. Rendering is the cost: ~10 ms of CPU per page on
 * this machine, so 50 concurrent visitors wait ~600 ms. proxy.ts therefore
 * answers public pages from memory:
 *
 * 1. a miss asks the same server, on loopback, for the page with a secret
 *    header; proxy.ts gives that render a placeholder nonce in place of a random one;
 * 2. the HTML is kept with its body split at the placeholder;
 * 3. every answer joins the parts with a fresh random nonce, and sends the same
 *    nonce in its Content-Security-Policy header. Each response still has its own
 *    unguessable nonce, and the placeholder never leaves the server.
 *
 * Pages stay fresh for PAGE_FRESH_MS; after that a hit is answered from the old
 * copy while one render refreshes it (stale-while-revalidate). A refresh that
 * fails (the API host down and the data cache cold) keeps the last good copy,
 * so cached pages keep answering 200 with their last content. Only a 200 HTML
 * answer with no Set-Cookie is kept; anything else is passed on once, uncached.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { pageCachePlan, type PageCachePlan } from './policy';
import { pageCacheState, type CachedPage, type PageStore } from './store';

/** The secret header of the cache's own render. */
export const RENDER_HEADER = 'x-page-cache-render';
/**
 * Tells tests and the bench how a page was answered: HIT, STALE or MISS. Not
 * sent in production unless asked for with PAGE_CACHE_DEBUG=1 (it tells an
 * outsider what is cached and when: docs/security.md).
 */
export const PAGE_CACHE_HEADER = 'x-page-cache';

export function pageCacheDebug(): boolean {
  return process.env.NODE_ENV !== 'production' || process.env.PAGE_CACHE_DEBUG === '1';
}

/** How long a page is served without a refresh: the shortest revalidation of its data (REVALIDATE.live, 30 s). */
export const PAGE_FRESH_MS = 30_000;
/** A failed refresh is tried again after this. */
const RETRY_AFTER_FAILURE_MS = 5_000;
/** When the loopback render cannot connect, pages render as usual for this long. */
const UNREACHABLE_BACKOFF_MS = 60_000;
/** Within the 9 s an uncached page has to answer (issue 8); lib/api gives up on the API host at 8 s. */
const RENDER_TIMEOUT_MS = 8_900;

/** Headers of the render kept for every answer; the rest (dates, lengths, cookies, the CSP) are per answer. */
const KEPT_HEADERS = ['content-type', 'vary', 'link', 'cache-control', 'x-robots-tag', 'content-language'];

/** On for `next start`; `PAGE_CACHE=0` turns it off, and `next dev` never uses it. */
export function pageCacheEnabled(): boolean {
  return process.env.NODE_ENV === 'production' && process.env.PAGE_CACHE !== '0';
}

/** Where the server answers itself: `PAGE_CACHE_ORIGIN`, else loopback on the port `next start` listens on. */
function renderOrigin(): string | null {
  if (process.env.PAGE_CACHE_ORIGIN) return process.env.PAGE_CACHE_ORIGIN;
  return process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : null;
}

function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The request is the cache's own render (it carries the secret): it gets the placeholder nonce. */
export function isPageCacheRender(headers: Pick<Headers, 'get'>): boolean {
  const value = headers.get(RENDER_HEADER);
  return value !== null && pageCacheEnabled() && sameSecret(value, pageCacheState().renderSecret);
}

/** The nonce the cache's own render is given (replaced in every answer). */
export function placeholderNonce(): string {
  return pageCacheState().placeholderNonce;
}

interface Rendered {
  page: CachedPage;
  cacheable: boolean;
}

async function render(plan: PageCachePlan): Promise<Rendered | null> {
  const state = pageCacheState();
  const origin = renderOrigin();
  if (!origin || Date.now() < state.unreachableUntil) return null;
  try {
    const res = await fetch(new URL(plan.path, origin), {
      headers: { ...plan.forward, [RENDER_HEADER]: state.renderSecret, accept: 'text/html', 'accept-encoding': 'identity' },
      redirect: 'manual',
      cache: 'no-store',
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    const body = await res.text();
    // Kept as bytes: joining and encoding a 100 KB string on every answer was a third of its cost (npm run bench).
    const parts = body.split(state.placeholderNonce).map((part) => Buffer.from(part, 'utf8'));
    const headers: [string, string][] = [];
    for (const name of KEPT_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) headers.push([name, value]);
    }
    // A redirect keeps its target (its body is empty).
    const location = res.headers.get('location');
    if (location !== null) headers.push(['location', location]);
    const now = Date.now();
    return {
      page: {
        status: res.status,
        headers,
        parts,
        bytes: parts.reduce((sum, part) => sum + part.byteLength, 0),
        renderedAt: now,
        refreshAt: now + PAGE_FRESH_MS,
      },
      cacheable: res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/html') && !res.headers.has('set-cookie'),
    };
  } catch (err) {
    // Connection refused (a server bound to another address): stop trying for a while.
    if (!(err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))) {
      state.unreachableUntil = Date.now() + UNREACHABLE_BACKOFF_MS;
    }
    return null;
  }
}

/** One render per key at a time; its result is stored unless a purge happened meanwhile. */
function renderOnce(plan: PageCachePlan, store: PageStore): Promise<Rendered | null> {
  const state = pageCacheState();
  const running = state.inflight.get(plan.key) as Promise<Rendered | null> | undefined;
  if (running) return running;
  const generation = state.generation;
  const promise = render(plan)
    .then((rendered) => {
      if (rendered?.cacheable && state.generation === generation) store.set(plan.key, rendered.page);
      return rendered;
    })
    .finally(() => state.inflight.delete(plan.key));
  state.inflight.set(plan.key, promise);
  return promise;
}

/** The body's parts with the nonce between them, in one new buffer (the parts are shared by every answer). */
function joinWithNonce(parts: readonly Buffer[], nonce: Buffer): Uint8Array<ArrayBuffer> {
  // Buffer.concat allocates a plain ArrayBuffer (never a shared one); its type just says ArrayBufferLike.
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [nonce, part]))) as Uint8Array<ArrayBuffer>;
}

/** The page with this answer's nonce in its body, its Link header and its CSP. */
function answer(page: CachedPage, method: string, csp: { nonce: string; policy: string }, how: 'HIT' | 'STALE' | 'MISS') {
  const placeholder = pageCacheState().placeholderNonce;
  const headers = new Headers();
  for (const [name, value] of page.headers) headers.set(name, value.split(placeholder).join(csp.nonce));
  headers.set('content-security-policy', csp.policy);
  if (pageCacheDebug()) headers.set(PAGE_CACHE_HEADER, how);
  const body = method === 'HEAD' ? null : joinWithNonce(page.parts, Buffer.from(csp.nonce, 'latin1'));
  return new NextResponse(body, { status: page.status, headers });
}

/**
 * proxy.ts: the answer from the page cache for a full page load of a public
 * page, or null when the page should render as usual (not cacheable, the cache
 * off, or the loopback render unreachable).
 */
export async function answerFromPageCache(
  request: NextRequest,
  csp: { nonce: string; policy: string },
): Promise<NextResponse | null> {
  if (!pageCacheEnabled()) return null;
  const plan = pageCachePlan({
    method: request.method,
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    headers: request.headers,
    cookie: (name) => request.cookies.get(name)?.value,
  });
  if (!plan) return null;
  const state = pageCacheState();
  const store = plan.perVisitor ? state.perVisitor : state.shared;

  const kept = store.get(plan.key);
  if (kept) {
    const stale = Date.now() >= kept.refreshAt;
    if (stale && !state.inflight.has(plan.key)) {
      // Whatever the refresh does, the next one waits a while.
      kept.refreshAt = Date.now() + RETRY_AFTER_FAILURE_MS;
      void renderOnce(plan, store);
    }
    return answer(kept, request.method, csp, stale ? 'STALE' : 'HIT');
  }

  const rendered = await renderOnce(plan, store);
  return rendered ? answer(rendered.page, request.method, csp, 'MISS') : null;
}

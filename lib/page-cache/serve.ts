/**
 * Whole pages cached (docs/decisions.md, docs/security.md).
 * Rendering is the cost: ~10 ms of CPU per page on this machine, so 50
 * concurrent visitors wait ~600 ms. proxy.ts therefore answers public pages
 * from memory:
 *
 * 1. a miss asks the same server, on loopback, for the page with a secret
 *    header; proxy.ts gives that render a placeholder nonce;
 * 2. the placeholder is taken out of the HTML, its inline scripts are allowed
 *    by hash, and the body is compressed once, brotli and gzip
 *    (lib/page-cache/precompress.ts, docs/decisions.md "Cached pages: script
 *    hashes instead of a nonce");
 * 3. every answer sends the stored bytes in the encoding the browser accepts,
 *    with the page's hash CSP. No compression and no copy per answer.
 *
 * Pages stay fresh for PAGE_FRESH_MS; after that a hit is answered from the old
 * copy while one render refreshes it (stale-while-revalidate). A refresh that
 * fails (the API host down and the data cache cold) keeps the last good copy,
 * so cached pages keep answering 200 with their last content. Only a 200 HTML
 * answer with no Set-Cookie is kept; anything else is passed on once, uncached.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { pageVary, SITE_VARY_COOKIES } from '@/lib/page-vary';
import { FALLBACK_KEYS, NOT_FOUND_RENDER_PATH, RETRY_AFTER_SECONDS, UNAVAILABLE_RENDER_PATH, fallbackFor } from './fallback';
import { visitorPlace } from './place';
import { keyedByPlace, pageCachePlan, siteVaryOfHeaders, type PageCachePlan } from './policy';
import { PROXY_CACHE_HEADER, proxyKeyedByPlace } from './proxy-place';
import { ENCODING_HEADER, LENGTH_HEADER, passThroughInstalled } from './pass-through';
import { chooseEncoding, freezeBody, headerWithoutNonce, identityBytes } from './precompress';
import { pageCacheState, type CachedPage, type PageStore } from './store';
import { pageCacheOutcomeObserved } from '@/lib/observability/hook-state';
import { LIMITS } from '@/lib/limits';
import { secondsOverLimit } from '@/lib/security/route-limits';
import { withDeadline } from '@/lib/deadline';
import { isCrawler } from '@/lib/session/user-agent';
import { deleteDiskPage, readDiskPage, writeDiskPage } from './disk';

/** The user agent of the cache's own render (a crawler-like name would make the site treat it as one). */
export const RENDER_USER_AGENT = 'shengai-page-cache';
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
/**
 * How long a cached page whose refreshes fail is still answered with 200 (stale-while-revalidate);
 * after that a visitor gets a fresh render or, failing that, the last good copy with 503.
 * PAGE_CACHE_STALE_LIMIT_MS changes it (the browser tests use a short one).
 */
export function staleLimitMs(): number {
  const value = Number(process.env.PAGE_CACHE_STALE_LIMIT_MS);
  return Number.isFinite(value) && value > 0 ? value : 10 * 60_000;
}
/**
 * A search engine's crawler is answered from a kept copy up to a day old, here or on disk (lib/page-cache/disk.ts):
 * it crawls the long tail, which visitors rarely keep warm, and indexes a page for days anyway. A copy older than a
 * visitor may be given is refreshed then, in idle time (`crawlerRefreshes`); a page that is gone is dropped at its
 * refresh (404 or 410), so no crawler is told for long that it lives.
 */
export const CRAWLER_STALE_LIMIT_MS = 24 * 60 * 60_000;
/** A failed refresh is tried again after this. */
const RETRY_AFTER_FAILURE_MS = 5_000;
/**
 * Stale pages refreshed at once by one process, one a core: a crawler that meets 300 stale pages gets 300
 * answers from the old copies and starts 2 renders, not 300 (each on loopback, together holding every page's
 * render in memory and slowing every answer). A stale page met while both are busy refreshes at a later hit.
 */
export const BACKGROUND_REFRESHES = 2;
/** When the loopback render cannot connect, pages render as usual for this long. */
const UNREACHABLE_BACKOFF_MS = 60_000;
/** Within the 9 s an uncached page has to answer (docs/decisions.md); lib/api gives up on the API host at 8 s. */
export const RENDER_TIMEOUT_MS = 8_900;

/** Headers of the render kept for every answer; the rest (dates, lengths, cookies, the CSP) are per answer. */
const KEPT_HEADERS = ['content-type', 'vary', 'link', 'cache-control', 'x-robots-tag', 'content-language'];

/** On for `next start`; `PAGE_CACHE=0` turns it off, and `next dev` never uses it. */
export function pageCacheEnabled(): boolean {
  return process.env.NODE_ENV === 'production' && process.env.PAGE_CACHE !== '0';
}

/** Where the server answers itself: `PAGE_CACHE_ORIGIN`, else loopback on the port `next start` listens on. */
export function renderOrigin(): string | null {
  if (process.env.PAGE_CACHE_ORIGIN) return process.env.PAGE_CACHE_ORIGIN;
  return process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : null;
}

/**
 * The render secret, compared in constant time: both sides are hashed first, so the buffers
 * crypto.timingSafeEqual compares always have the same length and the length of a guess leaks nothing.
 */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(secretDigest(a), secretDigest(b));
}

function secretDigest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
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
  /** An HTML answer without Set-Cookie: one that could be kept. */
  keepable: boolean;
  /** The answer is an error whose first HTML needs a whole page (lib/page-cache/fallback.ts). */
  fallback: 'notFound' | 'unavailable' | null;
}

/** The render did not answer within RENDER_TIMEOUT_MS (the API host hanging): the page is unavailable now. */
const TIMED_OUT = 'timed-out';
type Outcome = Rendered | typeof TIMED_OUT | null;

async function render(plan: Pick<PageCachePlan, 'path' | 'forward'>): Promise<Outcome> {
  const state = pageCacheState();
  const origin = renderOrigin();
  if (!origin || Date.now() < state.unreachableUntil) return null;
  try {
    const { res, html } = await withDeadline(RENDER_TIMEOUT_MS, async (signal) => {
      const res = await fetch(new URL(plan.path, origin), {
        // A user agent of its own: Next serves blocking metadata only to a request that names one (next.config.mjs htmlLimitedBots).
        headers: { ...plan.forward, [RENDER_HEADER]: state.renderSecret, accept: 'text/html', 'accept-encoding': 'identity', 'user-agent': RENDER_USER_AGENT },
        redirect: 'manual',
        cache: 'no-store',
        signal,
      });
      return { res, html: await res.text() };
    });
    const body = await freezeBody(html, state.placeholderNonce);
    const headers: [string, string][] = [];
    for (const name of KEPT_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) headers.push([name, headerWithoutNonce(value, state.placeholderNonce)]);
    }
    // A redirect keeps its target (its body is empty).
    const location = res.headers.get('location');
    if (location !== null) headers.push(['location', location]);
    const now = Date.now();
    const keepable = (res.headers.get('content-type') ?? '').startsWith('text/html') && !res.headers.has('set-cookie');
    return {
      page: {
        status: res.status,
        headers,
        body,
        bytes: body.gzip.byteLength + body.br.byteLength,
        renderedAt: now,
        refreshAt: now + PAGE_FRESH_MS,
      },
      cacheable: res.status === 200 && keepable,
      keepable,
      fallback: fallbackFor(res.status, html),
    };
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return TIMED_OUT;
    // Connection refused (a server bound to another address): stop trying for a while.
    state.unreachableUntil = Date.now() + UNREACHABLE_BACKOFF_MS;
    return null;
  }
}

/** A page of the shared store, or of everyone at one place, is kept on disk too; an address-keyed page never. */
const keptOnDisk = (plan: PageCachePlan, store: PageStore) => store === pageCacheState().shared || plan.placeKeyed === true;

/** A page that is no more: its kept copies go. */
const GONE = new Set([404, 410]);

const rendered = (outcome: Outcome): Rendered | null => (outcome === TIMED_OUT ? null : outcome);

/**
 * One render per key at a time; its result is stored unless a purge happened meanwhile. A page
 * is stored when it answers 200; a fallback page (`fallbackStatus`) when it answers that status.
 */
function renderOnce(plan: PageCachePlan, store: PageStore, fallbackStatus?: number): Promise<Outcome> {
  const state = pageCacheState();
  const running = state.inflight.get(plan.key) as Promise<Outcome> | undefined;
  if (running) return running;
  const generation = state.generation;
  const startedAt = Date.now();
  const promise = render(plan)
    .then((outcome) => {
      const rendered = outcome === TIMED_OUT ? null : outcome;
      if (fallbackStatus !== undefined) {
        const whole = rendered?.keepable && rendered.page.status === fallbackStatus && !rendered.fallback;
        if (whole && state.generation === generation) store.set(plan.key, rendered.page);
      } else if (rendered?.cacheable && state.generation === generation) {
        store.set(plan.key, rendered.page);
        // The copy a visitor gets, with 503, while the page cannot be rendered (kept across purges).
        state.lastGood.set(plan.key, rendered.page);
        if (keptOnDisk(plan, store)) void writeDiskPage(plan.key, rendered.page, startedAt);
      } else if (rendered && GONE.has(rendered.page.status)) {
        store.delete(plan.key);
        state.lastGood.delete(plan.key);
        deleteDiskPage(plan.key);
      }
      return outcome;
    })
    .finally(() => {
      // Only this render's own entry: a purge may have let a newer render of the key begin meanwhile.
      if (state.inflight.get(plan.key) === promise) state.inflight.delete(plan.key);
    });
  state.inflight.set(plan.key, promise);
  return promise;
}

/**
 * Whether a crawler's visit refreshes a stale page: only a copy older than a visitor may be given (a younger one is
 * refreshed by the next visitor's hit, who is answered from it as fast), and only while this process renders
 * nothing else. A crawl of hundreds of stale pages costs one render at a time, in idle time, instead of keeping
 * BACKGROUND_REFRESHES renders going for as long as it crawls: a crawl of a release's pages half a minute old went
 * at 175 pages/s on Node 24 where fresh ones went at 529.
 */
function crawlerRefreshes(kept: CachedPage): boolean {
  const state = pageCacheState();
  return Date.now() - kept.renderedAt > staleLimitMs() && state.refreshing === 0 && state.inflight.size === 0;
}

/** A stale page's refresh, unless one is under way for it or BACKGROUND_REFRESHES are under way already. */
function refreshInBackground(kept: CachedPage, plan: PageCachePlan, store: PageStore, fallbackStatus?: number): void {
  const state = pageCacheState();
  if (state.inflight.has(plan.key) || state.refreshing >= BACKGROUND_REFRESHES) return;
  // Whatever the refresh does, the next one waits a while.
  kept.refreshAt = Date.now() + RETRY_AFTER_FAILURE_MS;
  state.refreshing++;
  const done = () => {
    state.refreshing--;
  };
  renderOnce(plan, store, fallbackStatus).then(done, done);
}

/**
 * Seconds the proxy in front (deploy/: nginx's micro-cache) may keep an answer that is the same for every
 * visitor: `X-Accel-Expires`, which nginx reads before Cache-Control and never passes on. One second bounds how
 * late a purge (an exchange's new stock) reaches a visitor through nginx (docs/deploying.md "Micro-cache").
 */
export const SHARED_ANSWER_SECONDS = 1;

/** The stored bytes in the encoding the request accepts, with the page's own hash CSP. */
export function answer(
  page: CachedPage,
  request: Pick<NextRequest, 'method' | 'headers'>,
  how: 'HIT' | 'STALE' | 'MISS' | 'LAST-GOOD' | 'FALLBACK',
  status: number = page.status,
  shared = false,
) {
  const headers = new Headers(page.headers);
  // Only a 200 page the same for every visitor it may reach (the shared store, or a page keyed by the place the
  // proxy keyed it by): never an address-keyed list, an error, or a member's answer.
  if (shared && status === 200 && how !== 'LAST-GOOD' && how !== 'FALLBACK') headers.set(PROXY_CACHE_HEADER, String(SHARED_ANSWER_SECONDS));
  if (status >= 500) {
    // SPEC §2 / docs/security.md "Faults": the page is unavailable for a while; try again later.
    headers.set('retry-after', String(RETRY_AFTER_SECONDS));
    headers.set('cache-control', 'no-store');
  }
  if (how === 'FALLBACK') {
    headers.set('x-robots-tag', 'noindex');
    headers.set('cache-control', 'no-store');
  }
  // Without the pass-through (lib/page-cache/pass-through.ts) Next would re-encode the bytes: send them raw.
  const stored = storedAnswer(page, passThroughInstalled() ? request.headers.get('accept-encoding') : null);
  for (const [name, value] of stored.headers) {
    // Next drops Content-Encoding/Content-Length from this Response; the pass-through puts them back.
    if (name === 'content-encoding') headers.set(ENCODING_HEADER, value);
    else if (name === 'content-length') {
      if (passThroughInstalled()) headers.set(LENGTH_HEADER, value);
    } else headers.set(name, value);
  }
  const bytes = stored.bytes;
  // The request log and metrics read it too (lib/observability/http-server.ts), and keep it from the visitor.
  if (pageCacheDebug() || pageCacheOutcomeObserved()) headers.set(PAGE_CACHE_HEADER, how);
  return new NextResponse(request.method === 'HEAD' ? null : storedBody(bytes), { status, headers });
}

/**
 * A kept page's bytes in the encoding `acceptEncoding` allows (none when null), with the headers that go with
 * them besides the page's own: Content-Encoding and Content-Length, Vary by Accept-Encoding, and the page's hash
 * CSP. The page cache's answers and the error pages mended on Node's response (lib/page-cache/error-mend.ts).
 */
export function storedAnswer(page: CachedPage, acceptEncoding: string | null): { headers: [string, string][]; bytes: Uint8Array } {
  const encoding = acceptEncoding === null ? 'identity' : chooseEncoding(acceptEncoding);
  const bytes = encoding === 'br' ? page.body.br : encoding === 'gzip' ? page.body.gzip : identityBytes(page.body);
  const headers: [string, string][] = [];
  const vary = page.headers.find(([name]) => name === 'vary')?.[1];
  headers.push(['vary', !vary ? 'Accept-Encoding' : /accept-encoding/i.test(vary) ? vary : `${vary}, Accept-Encoding`]);
  if (encoding !== 'identity') headers.push(['content-encoding', encoding]);
  headers.push(['content-length', String(bytes.byteLength)], ['content-security-policy', page.body.csp]);
  return { headers, bytes };
}

/**
 * The stored bytes as a body, neither copied nor handed over. A Uint8Array given to Response is
 * copied whole on every answer (the fetch spec's "extract a body" copies a BufferSource) and read
 * back through a byte stream; a plain stream holding the one Buffer does neither: 7 % more answers a
 * second for the home page (docs/decisions.md "Cached pages: script hashes instead of a nonce").
 * Never a byte stream (`type: 'bytes'`): its enqueue takes the buffer over, and the next visitor
 * would get no page.
 */
function storedBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * The not-found or error page rendered whole, from the shared store or rendered once now
 * (lib/page-cache/fallback.ts), one copy per mode of the site (`siteVary`: the 长者模式's cookie, from
 * siteVaryOf), so a visitor in the 长者模式 gets it in large type too. Null when it cannot be rendered either.
 */
export async function fallbackPage(kind: 'notFound' | 'unavailable', siteVary: readonly string[] = []): Promise<CachedPage | null> {
  const state = pageCacheState();
  const key = [FALLBACK_KEYS[kind], ...siteVary].join('\n');
  const path = kind === 'notFound' ? NOT_FOUND_RENDER_PATH : UNAVAILABLE_RENDER_PATH;
  const expected = kind === 'notFound' ? 404 : 200;
  const forward: Record<string, string> = siteVary.length > 0 ? { cookie: siteVary.join('; ') } : {};
  const plan = { key, path, forward, perVisitor: false, queryDropped: false };
  const kept = state.shared.get(key);
  if (kept) {
    // Stale-while-revalidate, as for pages: the error page never waits for a render.
    if (Date.now() >= kept.refreshAt) refreshInBackground(kept, plan, state.shared, expected);
    return kept;
  }
  const outcome = rendered(await renderOnce(plan, state.shared, expected));
  if (outcome && outcome.page.status === expected && !outcome.fallback) return outcome.page;
  return null;
}

/**
 * Renders both fallback pages in the background when a page is first rendered (and again after a purge, which
 * empties the store they are kept in), before any page needs one: when the API host hangs, every page that
 * cannot be rendered then answers a kept page at once (docs/security.md "Abuse from many clients").
 */
export function warmFallbacks(): void {
  const state = pageCacheState();
  if (state.fallbacksWarm) return;
  state.fallbacksWarm = true;
  // In every mode of the site: the usual one, and each value of a site-wide cookie (the 长者模式).
  const modes: string[][] = [[], ...SITE_VARY_COOKIES.flatMap(({ name, values }) => values.map((v) => [`${name}=${v}`]))];
  for (const mode of modes) {
    void fallbackPage('notFound', mode).catch(() => undefined);
    void fallbackPage('unavailable', mode).catch(() => undefined);
  }
}

/** A render that failed or needs a whole error page: the answer a visitor gets instead. */
async function answerFailure(
  outcome: Outcome,
  key: string,
  request: Pick<NextRequest, 'method' | 'headers'>,
): Promise<NextResponse | null> {
  const state = pageCacheState();
  const rendered = outcome === TIMED_OUT ? null : outcome;
  const unavailable = rendered === null || rendered.fallback === 'unavailable';
  if (unavailable) {
    // The page cannot be rendered now (the API host down, hanging or failing): its last good copy, with 503.
    const last = state.lastGood.get(key);
    if (last) return answer(last, request, 'LAST-GOOD', 503);
    // A render that timed out gets the error page (below); only an unreachable render is left to Next.
    if (outcome === null) return null;
  }
  const page = await fallbackPage(unavailable ? 'unavailable' : 'notFound', siteVaryOfHeaders(request.headers));
  if (page) return answer(page, request, 'FALLBACK', unavailable ? 503 : 404);
  return rendered ? answer(rendered.page, request, 'MISS', unavailable ? 503 : rendered.page.status) : null;
}

/**
 * proxy.ts: the answer from the page cache for a full page load of a public
 * page, or null when the page should render as usual (not cacheable, the cache
 * off, or the loopback render unreachable).
 */
export async function answerFromPageCache(request: NextRequest): Promise<NextResponse | null> {
  if (!pageCacheEnabled()) return null;
  let plan = pageCachePlan({
    method: request.method,
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    headers: request.headers,
    cookie: (name) => request.cookies.get(name)?.value,
  });
  if (!plan) return null;
  // Whether the proxy in front may keep the answer for other visitors (`answer`'s `shared`).
  let shared = !plan.perVisitor && !plan.memberShell;
  if (plan.located) {
    // A page that reads the IP location is the same for everyone at that place (lib/page-cache/place.ts).
    const place = await visitorPlace(plan.located.address);
    if (place) plan = keyedByPlace(plan, place);
    // The proxy keeps it too when it keyed the request by this same place (lib/page-cache/proxy-place.ts),
    // and never a page made for a cookie the page reads (lib/page-vary.ts: nginx bypasses, never keys by one).
    shared = proxyKeyedByPlace(request.headers, place) && !(pageVary(request.nextUrl.pathname)?.cookies ?? []).some(({ name }) => request.cookies.has(name));
  }
  const state = pageCacheState();
  const store = plan.perVisitor ? state.perVisitor : state.shared;

  // A crawler may be answered from an older copy than a visitor (CRAWLER_STALE_LIMIT_MS).
  const crawler = isCrawler(request.headers.get('user-agent') ?? '');
  const staleLimit = crawler ? Math.max(CRAWLER_STALE_LIMIT_MS, staleLimitMs()) : staleLimitMs();
  let kept = store.get(plan.key);
  if (!kept && keptOnDisk(plan, store)) {
    // Kept on disk by this process before its restart, another process of this build, or the release's prerender.
    kept = (await readDiskPage(plan.key, { freshMs: PAGE_FRESH_MS, maxAgeMs: staleLimit })) ?? undefined;
    if (kept) {
      store.set(plan.key, kept);
      state.lastGood.set(plan.key, kept);
    }
  }
  if (kept && Date.now() - kept.renderedAt > staleLimit) {
    // Its refreshes have failed for too long to pass it off as the page: render, else the last good copy with 503.
    store.delete(plan.key);
    kept = undefined;
  }
  if (kept) {
    const stale = Date.now() >= kept.refreshAt;
    if (stale && (!crawler || crawlerRefreshes(kept))) refreshInBackground(kept, plan, store);
    return answer(kept, request, stale ? 'STALE' : 'HIT', kept.status, shared && !plan.queryDropped);
  }

  // A render of its own (joining one under way costs nothing) is one of the client's uncached renders.
  if (!state.inflight.has(plan.key)) {
    const refused = await refuseUncachedRender(request);
    if (refused) return refused;
  }
  warmFallbacks();
  const outcome = await renderOnce(plan, store);
  const fresh = rendered(outcome);
  // nginx keys by the whole query: an answer to a query that held parameters the page does not read is not its to keep.
  if (fresh && !fresh.fallback) return answer(fresh.page, request, 'MISS', fresh.page.status, shared && fresh.cacheable && !plan.queryDropped);
  return answerFailure(outcome, plan.key, request);
}

/** Requests that have spent their render already (a miss the page cache passed on is not charged twice). */
const renderSpent = new WeakSet<object>();

/**
 * Spends one of the client's page renders that no cache answered (LIMITS.pageRender, per client by the site's one
 * rule, shared through Redis with REDIS_URL), once per request: null when allowed, else 429 with Retry-After and
 * the kept error page (页面暂时无法显示), in the client's mode of the site. A kept page is never refused
 * (docs/security.md "Abuse from many clients": cache busting).
 */
export async function refuseUncachedRender(request: NextRequest): Promise<NextResponse | null> {
  if (renderSpent.has(request)) return null;
  renderSpent.add(request);
  const wait = await secondsOverLimit('pageRender', request.headers);
  if (wait === null) return null;
  const page = await fallbackPage('unavailable', siteVaryOfHeaders(request.headers)).catch(() => null);
  const refusal = page
    ? answer(page, request, 'FALLBACK', 429)
    : new NextResponse(LIMITS.pageRender.message, { status: 429, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  refusal.headers.set('retry-after', String(wait));
  return refusal;
}

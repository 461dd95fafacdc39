import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { scriptHashSource } from '@/lib/security/csp-hashes';
import { ENCODING_HEADER, installPassThrough, LENGTH_HEADER } from './pass-through';
import { NOT_FOUND_RENDER_PATH, RETRY_AFTER_SECONDS, UNAVAILABLE_RENDER_PATH } from './fallback';
import { answerFromPageCache, BACKGROUND_REFRESHES, isPageCacheRender, PAGE_FRESH_MS, RENDER_HEADER, RENDER_USER_AGENT, SHARED_ANSWER_SECONDS, staleLimitMs } from './serve';
import { PROXY_CACHE_HEADER } from './proxy-place';
import { LIMITS } from '@/lib/limits';
import { resetRouteLimits } from '@/lib/security/route-limits';
import { pageCacheState, purgePageCache } from './store';
import { identityBytes } from './precompress';
import { diskWritesSettled, resetDiskTier } from './disk';

/** Where the test's addresses are (lib/page-cache/place.ts asks GetAliyunCity); an address not here cannot be located. */
const { places } = vi.hoisted(() => ({
  places: { '203.0.113.1': '215@25.04,102.71', '203.0.113.2': '215@25.04,102.71', '198.51.100.1': '216@26.57,106.71' } as Record<string, string>,
}));
vi.mock('./place', () => ({ visitorPlace: async (address: string) => places[address] ?? null }));

/**
 * A stand-in for the Next server answering the cache's own render: like
 * proxy.ts, it gives the placeholder nonce only to a request with the secret.
 */
const origin = {
  /** Renders of pages; the error pages' own renders (under /404/) are counted apart. */
  renders: 0,
  fallbackRenders: 0,
  status: 200,
  delayMs: 0,
  version: 'v1',
  lastHeaders: {} as http.IncomingHttpHeaders,
  /** Answers of given paths: their status and whether the body is Next's empty error shell. */
  answers: {} as Record<string, { status: number; shell?: boolean }>,
};
let server: http.Server;

beforeAll(async () => {
  // What instrumentation.ts does in a server process.
  installPassThrough();
  server = http.createServer((req, res) => {
    if ((req.url ?? '').startsWith('/404/')) origin.fallbackRenders++;
    else origin.renders++;
    origin.lastHeaders = req.headers;
    const state = pageCacheState();
    const nonce = req.headers[RENDER_HEADER] === state.renderSecret ? state.placeholderNonce : 'not-the-placeholder';
    const fixed = origin.answers[req.url ?? ''];
    const html = fixed?.shell ? '<html id="__next_error__">' : '<html>';
    const mode = req.headers.cookie ? ` [${req.headers.cookie}]` : '';
    const body = `<!DOCTYPE html>${html}<head><script src="/a.js" nonce="${nonce}"></script></head><body><p>${origin.version} ${req.url}${mode}</p><script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script></body></html>`;
    setTimeout(() => {
      res.writeHead(fixed?.status ?? origin.status, {
        'content-type': 'text/html; charset=utf-8',
        link: `</a.css>; rel=preload; as="style"; nonce="${nonce}"`,
        vary: 'rsc, Accept-Encoding',
        date: 'Mon, 01 Jan 2024 00:00:00 GMT',
      });
      res.end(body);
    }, origin.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('PAGE_CACHE_ORIGIN', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  vi.stubEnv('NODE_ENV', 'production');
  vi.stubEnv('PAGE_CACHE', '');
  vi.stubEnv('PAGE_CACHE_DEBUG', '1');
  vi.useRealTimers();
  Object.assign(origin, { renders: 0, fallbackRenders: 0, status: 200, delayMs: 0, version: 'v1', answers: {} });
  purgePageCache();
  pageCacheState().unreachableUntil = 0;
  // Every test's requests come from one client unless they say otherwise: each starts with its allowance whole.
  resetRouteLimits();
});

function get(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const headers = { accept: 'text/html,*/*;q=0.8', ...init.headers };
  const request = new NextRequest(new URL(path, 'http://site.test'), { method: init.method ?? 'GET', headers });
  return { answer: answerFromPageCache(request) };
}

/** The answer's body decoded by its Content-Encoding, as a browser would. */
async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  // The pass-through turns the cache's own header into Content-Encoding on the Node response.
  const encoding = res.headers.get(ENCODING_HEADER);
  expect(res.headers.get('content-encoding')).toBeNull();
  const length = res.headers.get(LENGTH_HEADER);
  if (length !== null) expect(Number(length)).toBe(bytes.byteLength);
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  expect(encoding).toBeNull();
  return bytes.toString('utf8');
}

async function read(path: string, init?: Parameters<typeof get>[1]) {
  const { answer } = get(path, init);
  const res = await answer;
  if (!res) throw new Error(`no cached answer for ${path}`);
  return { res, body: await decoded(res) };
}

/** No nonce anywhere (nor the placeholder), and the CSP allows exactly the page's inline script by hash. */
function expectHashedPage({ res, body }: Awaited<ReturnType<typeof read>>) {
  const placeholder = pageCacheState().placeholderNonce;
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).not.toContain('nonce-');
  expect(csp).not.toContain("'unsafe-inline' 'sha");
  expect(res.headers.get('link')).not.toContain('nonce');
  expect(res.headers.get('link')).toContain('</a.css>');
  expect(body).not.toContain(placeholder);
  expect(body).not.toMatch(/nonce="/);
  const inline = /<script>([^<]*)<\/script>/.exec(body)?.[1];
  expect(inline).toContain('self.__next_f.push');
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
  expect(scriptSrc).toEqual(["'self'", scriptHashSource(inline!)]);
}

async function settled() {
  for (let i = 0; i < 200 && pageCacheState().inflight.size > 0; i++) await new Promise((r) => setTimeout(r, 5));
}

describe('answerFromPageCache (whole pages cached and precompressed, scripts by hash)', () => {
  it('renders a page once and answers every request with the same bytes under a hash CSP', async () => {
    const first = await read('/newtdetail/2');
    const second = await read('/newtdetail/2');
    expect(first.res.headers.get('x-page-cache')).toBe('MISS');
    expect(second.res.headers.get('x-page-cache')).toBe('HIT');
    expect(origin.renders).toBe(1);
    expectHashedPage(first);
    expectHashedPage(second);
    expect(second.body).toBe(first.body);
    // Per-answer headers are not replayed from the render.
    expect(second.res.headers.get('date')).toBeNull();
    expect(second.res.headers.get('vary')).toBe('rsc, Accept-Encoding');
  });

  it('sends the page compressed once: brotli, gzip or raw by Accept-Encoding, each decoding to the same page', async () => {
    const raw = await read('/trendsInfor');
    expect(raw.res.headers.get(ENCODING_HEADER)).toBeNull();
    const browser = await read('/trendsInfor', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(browser.res.headers.get(ENCODING_HEADER)).toBe('br');
    const gzipOnly = await read('/trendsInfor', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzipOnly.res.headers.get(ENCODING_HEADER)).toBe('gzip');
    const refused = await read('/trendsInfor', { headers: { 'accept-encoding': 'identity, *;q=0' } });
    expect(refused.res.headers.get(ENCODING_HEADER)).toBeNull();
    for (const a of [browser, gzipOnly, refused]) {
      expect(a.body).toBe(raw.body);
      expect(a.res.headers.get('content-security-policy')).toBe(raw.res.headers.get('content-security-policy'));
      expectHashedPage(a);
    }
    expect(Number(browser.res.headers.get(LENGTH_HEADER))).toBeLessThan(Buffer.byteLength(raw.body));
    // Compressed at render time only: every answer shares the stored buffers.
    expect(origin.renders).toBe(1);
  });

  it('hands no answer the stored bytes themselves: answers read in any order each carry the whole page', async () => {
    const browser = { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } };
    const first = await read('/trendsInfor', browser);
    // Three answers made before any is read, then read last-made first: a body that took the stored
    // buffer over (a byte stream's enqueue detaches it) would leave the later reads empty.
    const answers = await Promise.all([get('/trendsInfor', browser).answer, get('/trendsInfor', browser).answer, get('/trendsInfor', browser).answer]);
    for (const res of answers.reverse()) expect(await decoded(res!)).toBe(first.body);
    const stored = pageCacheState().shared.get('/trendsInfor');
    expect(identityBytes(stored!.body).toString('utf8')).toBe(first.body);
    expect(stored?.body.br.byteLength).toBe(Number(first.res.headers.get(LENGTH_HEADER)));
  });

  it('gives the render the secret and only the inputs of its key, nothing else of the visitor’s', async () => {
    await read('/doctorlist', {
      headers: { cookie: '_ga=ga1; address=216; other=x', authorization: 'Bearer x', 'x-shengai-peer': '203.0.113.9', 'x-forwarded-for': '198.51.100.7', 'user-agent': 'UA' },
    });
    expect(origin.lastHeaders[RENDER_HEADER]).toBe(pageCacheState().renderSecret);
    expect(origin.lastHeaders.cookie).toBe('address=216');
    expect(origin.lastHeaders.authorization).toBeUndefined();
    // Its own user agent, not the visitor's: one that Next serves blocking metadata (next.config.mjs htmlLimitedBots).
    expect(origin.lastHeaders['user-agent']).toBe(RENDER_USER_AGENT);
    // The visitor's address by the site's rule (the peer; a client's own X-Forwarded-For is not trusted), with the site's secret.
    expect(origin.lastHeaders['x-shengai-client']).toBe('203.0.113.9');
    expect(origin.lastHeaders['x-forwarded-for']).toBeUndefined();
    await read('/doctordetail/D1', { headers: { cookie: '_ga=ga1; address=216', 'x-shengai-peer': '203.0.113.9' } });
    expect(origin.lastHeaders.cookie).toBeUndefined();
    expect(origin.lastHeaders['x-shengai-client']).toBeUndefined();
  });

  it('keys the lists that read the IP location by the place: visitors of one city share one render', async () => {
    const first = await read('/hospitallist', { headers: { 'x-shengai-peer': '203.0.113.1' } });
    const sameCity = await read('/hospitallist', { headers: { 'x-shengai-peer': '203.0.113.2' } });
    expect(first.res.headers.get('x-page-cache')).toBe('MISS');
    expect(sameCity.res.headers.get('x-page-cache')).toBe('HIT');
    expect(sameCity.body).toBe(first.body);
    expect(origin.renders).toBe(1);
    // The render got the first visitor's address, which it locates to the same place.
    expect(origin.lastHeaders['x-shengai-client']).toBe('203.0.113.1');

    const otherCity = await read('/hospitallist', { headers: { 'x-shengai-peer': '198.51.100.1' } });
    expect(otherCity.res.headers.get('x-page-cache')).toBe('MISS');
    expect(origin.renders).toBe(2);
    // The address cookie stays part of the key.
    await read('/hospitallist', { headers: { 'x-shengai-peer': '203.0.113.2', cookie: 'address=216' } });
    expect(origin.renders).toBe(3);

    // Addresses that cannot be located are keyed by the address, as before: each its own render.
    await read('/hospitallist', { headers: { 'x-shengai-peer': '192.0.2.7' } });
    await read('/hospitallist', { headers: { 'x-shengai-peer': '192.0.2.8' } });
    expect(origin.renders).toBe(5);
    expect(origin.lastHeaders['x-shengai-client']).toBe('192.0.2.8');
    expect((await read('/hospitallist', { headers: { 'x-shengai-peer': '192.0.2.8' } })).res.headers.get('x-page-cache')).toBe('HIT');
  });

  it('makes one render for many concurrent first requests', async () => {
    origin.delayMs = 50;
    const answers = await Promise.all(Array.from({ length: 20 }, () => read('/doctordetail/D100001')));
    expect(origin.renders).toBe(1);
    for (const a of answers) expectHashedPage(a);
  });

  it('passes a non-200 answer on once and does not keep it', async () => {
    origin.status = 404;
    const a = await read('/doctordetail/NOPE');
    const b = await read('/doctordetail/NOPE');
    expect(a.res.status).toBe(404);
    expect(b.res.headers.get('x-page-cache')).toBe('MISS');
    expect(origin.renders).toBe(2);
    expectHashedPage(b);
  });

  it('sends raw bytes while the pass-through is not installed (Next would encode them again)', async () => {
    const flag = Symbol.for('shengai.page-cache.pass-through');
    const g = globalThis as Record<symbol, unknown>;
    g[flag] = false;
    try {
      const a = await read('/charity', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(a.res.headers.get(ENCODING_HEADER)).toBeNull();
      expect(a.res.headers.get(LENGTH_HEADER)).toBeNull();
      expect(a.body).toContain('v1 /charity');
    } finally {
      g[flag] = true;
    }
  });

  it('answers HEAD without a body', async () => {
    const { answer } = get('/trendsInfor', { method: 'HEAD' });
    const res = await answer;
    expect(res?.status).toBe(200);
    expect(await res!.text()).toBe('');
  });

  it('serves a stale page at once and refreshes it in the background', async () => {
    await read('/');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PAGE_FRESH_MS + 1);
    origin.version = 'v2';
    const stale = await read('/');
    expect(stale.res.headers.get('x-page-cache')).toBe('STALE');
    expect(stale.body).toContain('v1 /');
    await settled();
    const fresh = await read('/');
    expect(fresh.res.headers.get('x-page-cache')).toBe('HIT');
    expect(fresh.body).toContain('v2 /');
    expect(origin.renders).toBe(2);
  });

  it('refreshes at most BACKGROUND_REFRESHES stale pages at once: a crawl of stale pages answers them all without a render each', async () => {
    const pages = ['/newtdetail/11', '/newtdetail/12', '/newtdetail/13', '/newtdetail/14', '/newtdetail/15'];
    for (const page of pages) await read(page);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PAGE_FRESH_MS + 1);
    origin.version = 'v2';
    origin.delayMs = 50;
    // All five at once, as a crawler meets them: each answered from its old copy.
    const answers = await Promise.all(pages.map((page) => read(page)));
    expect(answers.map((a) => a.res.headers.get('x-page-cache'))).toEqual(pages.map(() => 'STALE'));
    expect(pageCacheState().inflight.size).toBe(BACKGROUND_REFRESHES);
    await settled();
    expect(origin.renders).toBe(pages.length + BACKGROUND_REFRESHES);
    expect(pageCacheState().refreshing).toBe(0);
    // The pages left stale refresh at their next hits, again no more than BACKGROUND_REFRESHES at once.
    const again = await Promise.all(pages.map((page) => read(page)));
    expect(again.filter((a) => a.res.headers.get('x-page-cache') === 'HIT').length).toBe(BACKGROUND_REFRESHES);
    expect(pageCacheState().inflight.size).toBe(BACKGROUND_REFRESHES);
    await settled();
    expect(origin.renders).toBe(pages.length + 2 * BACKGROUND_REFRESHES);
  });

  it('keeps answering 200 with the last content while refreshes fail', async () => {
    await read('/foundation');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + PAGE_FRESH_MS + 1);
    origin.status = 500;
    origin.version = 'broken';
    for (let i = 0; i < 3; i++) {
      const a = await read('/foundation');
      expect(a.res.status).toBe(200);
      expect(a.body).toContain('v1 /foundation');
      await settled();
      vi.setSystemTime(Date.now() + 6_000);
    }
    expect(origin.renders).toBeGreaterThanOrEqual(3);
  });

  it('does not keep a render that a purge overtook (a write happened meanwhile)', async () => {
    origin.delayMs = 80;
    const pending = get('/onlineMall').answer;
    await new Promise((r) => setTimeout(r, 20));
    purgePageCache();
    expect((await pending)?.status).toBe(200);
    origin.delayMs = 0;
    const again = await read('/onlineMall');
    expect(again.res.headers.get('x-page-cache')).toBe('MISS');
    expect(origin.renders).toBe(2);
  });

  it('does not hand a render a purge overtook to those who ask after the purge: they get a render of their own', async () => {
    origin.delayMs = 300;
    const before = get('/onlineMall').answer;
    await vi.waitFor(() => expect(origin.renders).toBe(1), { timeout: 20_000 });
    // An exchange changed the stock while that render was under way.
    origin.version = 'v2';
    purgePageCache();
    const after = await read('/onlineMall');
    expect(after.body).toContain('v2 /onlineMall');
    expect(origin.renders).toBe(2);
    expect((await before)?.status).toBe(200);
  });

  it('lets the page render as usual when the cache is off, the page is not cacheable or the server is unreachable', async () => {
    expect(await get('/dRecord/constitution').answer).toBeNull();
    expect(await get('/', { headers: { cookie: 'refreshToken=r1' } }).answer).toBeNull();
    vi.stubEnv('PAGE_CACHE', '0');
    expect(await get('/').answer).toBeNull();
    vi.stubEnv('PAGE_CACHE', '');
    vi.stubEnv('NODE_ENV', 'development');
    expect(await get('/').answer).toBeNull();
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PAGE_CACHE_ORIGIN', 'http://127.0.0.1:9');
    expect(await get('/aboutHospital').answer).toBeNull();
    expect(pageCacheState().unreachableUntil).toBeGreaterThan(Date.now());
    vi.stubEnv('PAGE_CACHE_ORIGIN', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expect(await get('/aboutHospital').answer).toBeNull(); // still backing off
    expect(origin.renders).toBe(0);
  });
});

describe('error pages whose first HTML holds the site (lib/page-cache/fallback.ts)', () => {
  it('swaps Next’s empty error shell of a notFound() page for the whole not-found page, with 404 and noindex', async () => {
    origin.answers = {
      '/doctordetail/GONE': { status: 404, shell: true },
      [NOT_FOUND_RENDER_PATH]: { status: 404 },
    };
    const a = await read('/doctordetail/GONE');
    expect(a.res.status).toBe(404);
    expect(a.body).not.toContain('__next_error__');
    expect(a.body).toContain(`v1 ${NOT_FOUND_RENDER_PATH}`);
    expect(a.res.headers.get('x-robots-tag')).toBe('noindex');
    expectHashedPage(a);
    // The whole not-found page is kept: another unknown page renders only itself.
    origin.answers['/newtdetail/999999'] = { status: 404, shell: true };
    const b = await read('/newtdetail/999999');
    expect(b.res.status).toBe(404);
    expect(b.body).toContain(`v1 ${NOT_FOUND_RENDER_PATH}`);
    expect(origin.renders).toBe(2);
    // Each error page was rendered once per mode of the site (usual, 长者模式), ahead of the first page (below), and
    // kept: the renders not needed yet happen in the background.
    await vi.waitFor(() => expect(origin.fallbackRenders).toBe(4), { timeout: 20_000 });
    expect(b.body).not.toContain('elder=1');
    // In the 长者模式 the kept not-found page is the one rendered in the mode.
    const elder = await read('/doctordetail/GONE', { headers: { cookie: 'elder=1' } });
    expect(elder.res.status).toBe(404);
    expect(elder.body).toContain(`v1 ${NOT_FOUND_RENDER_PATH} [elder=1]`);
    expect(origin.fallbackRenders).toBe(4);
  });

  it('renders both error pages ahead, in both modes, at the first page rendered and again after a purge', async () => {
    origin.answers = { [NOT_FOUND_RENDER_PATH]: { status: 404 }, [UNAVAILABLE_RENDER_PATH]: { status: 200 } };
    await read('/aboutHospital');
    // Both pages in both modes of the site (usual, 长者模式), rendered in the background: waited for as long as a
    // busy machine needs (vi.waitFor's default second was not always enough).
    await vi.waitFor(() => expect(origin.fallbackRenders).toBe(4), { timeout: 20_000 });
    await read('/trendsInfor');
    expect(origin.fallbackRenders).toBe(4);
    purgePageCache();
    await read('/aboutHospital');
    await vi.waitFor(() => expect(origin.fallbackRenders).toBe(8), { timeout: 20_000 });
  });

  it('answers a page that stopped rendering with its last good copy, 503 and Retry-After', async () => {
    vi.stubEnv('PAGE_CACHE_STALE_LIMIT_MS', '60000');
    await read('/trendsInfor');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    origin.status = 500;
    origin.version = 'broken';
    const a = await read('/trendsInfor');
    expect(a.res.status).toBe(503);
    expect(a.res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(a.res.headers.get('cache-control')).toBe('no-store');
    expect(a.body).toContain('v1 /trendsInfor');
    expectHashedPage(a);
    // Back to normal once it renders again.
    origin.status = 200;
    origin.version = 'v2';
    const b = await read('/trendsInfor');
    expect(b.res.status).toBe(200);
    expect(b.body).toContain('v2 /trendsInfor');
  });

  it('answers a failing page without a good copy with the whole error page, 503 and Retry-After', async () => {
    origin.answers = { '/foundationlist': { status: 500, shell: true }, [UNAVAILABLE_RENDER_PATH]: { status: 200 } };
    const a = await read('/foundationlist');
    expect(a.res.status).toBe(503);
    expect(a.res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(a.body).not.toContain('__next_error__');
    expect(a.body).toContain(`v1 ${UNAVAILABLE_RENDER_PATH}`);
  });
});

describe('what the proxy in front may keep (X-Accel-Expires, deploy/ nginx micro-cache)', () => {
  it('a page the same for every visitor may be kept one second; a visitor-keyed list (no place from the proxy), an error or a last good copy never', async () => {
    expect((await read('/trendsInfor')).res.headers.get(PROXY_CACHE_HEADER)).toBe(String(SHARED_ANSWER_SECONDS));
    expect((await read('/trendsInfor')).res.headers.get(PROXY_CACHE_HEADER)).toBe(String(SHARED_ANSWER_SECONDS));
    // A member shell (lib/routes.ts MEMBER_SHELL_PATHS) answers members from here, rendered without their session,
    // and is never the proxy's to keep: nginx would skip proxy.ts's guard for the next visitor.
    const member = { headers: { cookie: 'Token=a.b.c; refreshToken=r1' } };
    const shell = await read('/userIndex', member);
    expect(shell.res.status).toBe(200);
    expect(shell.body).toContain('v1 /userIndex');
    expect(origin.lastHeaders.cookie).toBeUndefined();
    expect(shell.res.headers.get(PROXY_CACHE_HEADER)).toBeNull();
    expect((await read('/userIndex', { headers: { cookie: 'refreshToken=r2' } })).res.headers.get(PROXY_CACHE_HEADER)).toBeNull();
    // Keyed by the visitor's address (lib/page-cache/policy.ts): each visitor's own.
    const nearby = await read('/hospitallist');
    expect(nearby.res.status).toBe(200);
    expect(nearby.res.headers.get(PROXY_CACHE_HEADER)).toBeNull();

    origin.answers = { '/doctordetail/GONE': { status: 404, shell: true }, [NOT_FOUND_RENDER_PATH]: { status: 404 } };
    expect((await read('/doctordetail/GONE')).res.headers.get(PROXY_CACHE_HEADER)).toBeNull();

    vi.stubEnv('PAGE_CACHE_STALE_LIMIT_MS', '60000');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    origin.status = 500;
    const last = await read('/trendsInfor');
    expect(last.res.status).toBe(503);
    expect(last.res.headers.get(PROXY_CACHE_HEADER)).toBeNull();
  });

  it('an answer to a query with a parameter the page does not read is the page’s, and the proxy keeps none of it (its key holds the whole query)', async () => {
    const usual = await read('/trendsInfor?page=2');
    expect(usual.res.headers.get(PROXY_CACHE_HEADER)).toBe(String(SHARED_ANSWER_SECONDS));
    for (const query of ['?page=2&utm_source=a', '?x=1&page=2', '?page=2&spm=1.2', '?page=2&%zz']) {
      const busted = await read(`/trendsInfor${query}`);
      expect(busted.res.headers.get('x-page-cache'), query).toBe('HIT');
      expect(busted.body, query).toContain('v1 /trendsInfor?page=2</p>');
      expect(busted.res.headers.get(PROXY_CACHE_HEADER), query).toBeNull();
    }
    // A miss too: rendered once with the parameters it reads, and not the proxy's to keep.
    const miss = await read('/trendsInfor?page=3&y=9');
    expect(miss.res.headers.get('x-page-cache')).toBe('MISS');
    expect(miss.res.headers.get(PROXY_CACHE_HEADER)).toBeNull();
    expect(origin.renders).toBe(2);
  });

  it('a place-keyed list only when the proxy keyed it by the place it was made for (lib/page-cache/proxy-place.ts)', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    const kept = async (headers: Record<string, string>) => (await read('/hospitallist', { headers })).res.headers.get(PROXY_CACHE_HEADER);
    // nginx located 203.0.113.2 in Kunming, keyed the page by it and says so: the page of that place, for all its visitors.
    expect(await kept({ 'x-forwarded-for': '203.0.113.2', 'x-visitor-place': '215@25.04,102.71' })).toBe(String(SHARED_ANSWER_SECONDS));
    expect(await kept({ 'x-forwarded-for': '203.0.113.2', 'x-visitor-place': '215@25.04,102.71' })).toBe(String(SHARED_ANSWER_SECONDS));
    // A place other than the page's (a forged header, or a place that changed between nginx's two requests): never kept.
    expect(await kept({ 'x-forwarded-for': '203.0.113.2', 'x-visitor-place': '216@26.57,106.71' })).toBeNull();
    expect(await kept({ 'x-forwarded-for': '198.51.100.1', 'x-visitor-place': '215@25.04,102.71' })).toBeNull();
    // No place said, an address that cannot be located, or a chosen province (the address cookie, not in nginx's key).
    expect(await kept({ 'x-forwarded-for': '203.0.113.2' })).toBeNull();
    expect(await kept({ 'x-forwarded-for': '192.0.2.50', 'x-visitor-place': '' })).toBeNull();
    expect(await kept({ 'x-forwarded-for': '203.0.113.2', 'x-visitor-place': '215@25.04,102.71', cookie: 'address=216' })).toBeNull();
    // Without a trusted proxy the header is anybody's: never believed.
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    expect(await kept({ 'x-shengai-peer': '203.0.113.2', 'x-visitor-place': '215@25.04,102.71' })).toBeNull();
  });
});

describe('a client’s page renders that no cache answered (LIMITS.pageRender, docs/security.md cache busting)', () => {
  beforeEach(() => {
    vi.stubEnv('RATE_LIMIT_SCALE', '1');
    resetRouteLimits();
  });

  it('one client is refused its new renders past its allowance (429, Retry-After, the whole error page); another client, and its kept pages, are not', async () => {
    const attacker = { 'x-shengai-peer': '192.0.2.7' };
    const allowance = LIMITS.pageRender.allowance;
    for (let page = 1; page <= allowance; page++) {
      expect((await read(`/trendsInfor?page=${page}`, { headers: attacker })).res.status).toBe(200);
    }
    expect(origin.renders).toBe(allowance);
    const refused = await read('/trendsInfor?page=9999', { headers: attacker });
    expect(refused.res.status).toBe(429);
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.res.headers.get('cache-control')).toBe('no-store');
    expect(refused.body).toContain(UNAVAILABLE_RENDER_PATH);
    expect(origin.renders).toBe(allowance);
    // A kept page is never refused, to the attacker either.
    expect((await read('/trendsInfor?page=1', { headers: attacker })).res.headers.get('x-page-cache')).toBe('HIT');
    // Another client renders: the allowance is per client (an IPv6 address by its /64, lib/security/client-address.ts).
    const visitor = await read('/trendsInfor?page=9999', { headers: { 'x-shengai-peer': '192.0.2.8' } });
    expect(visitor.res.status).toBe(200);
    expect(visitor.body).toContain('v1 /trendsInfor?page=9999</p>');
  });

  it('parameters a page does not read cost no render: 500 random ones from one client, one render', async () => {
    const attacker = { 'x-shengai-peer': '192.0.2.9' };
    for (let i = 0; i < 500; i++) {
      const { res } = await read(`/doctordetail/D100001?x${i}=${i}&utm_source=${i}`, { headers: attacker });
      expect(res.status).toBe(200);
    }
    expect(origin.renders).toBe(1);
  });
});

describe('isPageCacheRender', () => {
  it('recognises only the exact secret, and only while the cache is on', () => {
    const secret = pageCacheState().renderSecret;
    expect(isPageCacheRender(new Headers({ [RENDER_HEADER]: secret }))).toBe(true);
    // One character other than the secret's last (a random token ends in 'x' one time in 64).
    const near = `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`;
    expect(isPageCacheRender(new Headers({ [RENDER_HEADER]: near }))).toBe(false);
    expect(isPageCacheRender(new Headers({ [RENDER_HEADER]: '' }))).toBe(false);
    expect(isPageCacheRender(new Headers())).toBe(false);
    vi.stubEnv('PAGE_CACHE', '0');
    expect(isPageCacheRender(new Headers({ [RENDER_HEADER]: secret }))).toBe(false);
  });
});

describe('the x-page-cache header', () => {
  it('is not sent in production unless PAGE_CACHE_DEBUG=1 asks for it', async () => {
    vi.stubEnv('PAGE_CACHE_DEBUG', '');
    const first = await read('/newtdetail/3');
    const again = await read('/newtdetail/3');
    expect(again.res.status).toBe(200);
    expect(first.res.headers.has('x-page-cache')).toBe(false);
    expect(again.res.headers.has('x-page-cache')).toBe(false);
    vi.stubEnv('PAGE_CACHE_DEBUG', '1');
    expect((await read('/newtdetail/3')).res.headers.get('x-page-cache')).toBe('HIT');
  });
});

describe('pages kept on disk (lib/page-cache/disk.ts, PAGE_CACHE_DIR)', () => {
  let dir: string;
  const CRAWLER = { 'user-agent': 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)' };
  const pagesOnDisk = () => fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.page')).length;
  /** What a process that starts meets: nothing in memory. */
  const restart = () => {
    const state = pageCacheState();
    state.shared.clear();
    state.perVisitor.clear();
    state.lastGood.clear();
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-disk-'));
    vi.stubEnv('PAGE_CACHE_DIR', dir);
    resetDiskTier('test-build');
  });
  afterEach(async () => {
    // A render or a refresh a test left running writes its page after the test: the folder goes once it has.
    await settled();
    await diskWritesSettled();
    resetDiskTier();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a process that starts answers a page rendered before its start from disk, without a render', async () => {
    expect((await read('/newtdetail/21')).res.headers.get('x-page-cache')).toBe('MISS');
    await vi.waitFor(() => expect(pagesOnDisk()).toBe(1));
    restart();
    const again = await read('/newtdetail/21');
    expect(again.res.headers.get('x-page-cache')).toBe('HIT');
    expect(again.body).toContain('v1 /newtdetail/21');
    expectHashedPage(again);
    expect(origin.renders).toBe(1);
  });

  it('a visitor gets no copy older than the stale limit; a crawler gets one up to a day old while one render refreshes it', async () => {
    await read('/newtdetail/22');
    await read('/newtdetail/23');
    await vi.waitFor(() => expect(pagesOnDisk()).toBe(2));
    restart();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    origin.version = 'v2';
    const visitor = await read('/newtdetail/22');
    expect(visitor.res.headers.get('x-page-cache')).toBe('MISS');
    expect(visitor.body).toContain('v2 /newtdetail/22');
    const crawler = await read('/newtdetail/23', { headers: CRAWLER });
    expect(crawler.res.headers.get('x-page-cache')).toBe('STALE');
    expect(crawler.body).toContain('v1 /newtdetail/23');
    await settled();
    expect(origin.renders).toBe(4);
    expect((await read('/newtdetail/23')).body).toContain('v2 /newtdetail/23');
    restart();
    vi.setSystemTime(Date.now() + 25 * 60 * 60_000);
    expect((await read('/newtdetail/23', { headers: CRAWLER })).res.headers.get('x-page-cache')).toBe('MISS');
  });

  it('a crawler refreshes only a copy older than a visitor may be given, and only while nothing else renders', async () => {
    await read('/newtdetail/26');
    await read('/newtdetail/27');
    expect(origin.renders).toBe(2);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Stale, but younger than the visitor's limit: the crawler is answered from it, and nothing renders for it.
    vi.setSystemTime(Date.now() + PAGE_FRESH_MS + 1);
    expect((await read('/newtdetail/26', { headers: CRAWLER })).res.headers.get('x-page-cache')).toBe('STALE');
    await settled();
    expect(origin.renders).toBe(2);
    // A visitor's hit refreshes it as ever.
    expect((await read('/newtdetail/26')).res.headers.get('x-page-cache')).toBe('STALE');
    await settled();
    expect(origin.renders).toBe(3);
    // Older than that: refreshed for the crawler, but not while another render runs.
    vi.setSystemTime(Date.now() + staleLimitMs() + 1);
    origin.delayMs = 200;
    const rendering = read('/newtdetail/28');
    await vi.waitFor(() => expect(pageCacheState().inflight.size).toBe(1));
    expect((await read('/newtdetail/27', { headers: CRAWLER })).res.headers.get('x-page-cache')).toBe('STALE');
    await rendering;
    origin.delayMs = 0;
    await settled();
    expect(origin.renders).toBe(4);
    expect((await read('/newtdetail/27', { headers: CRAWLER })).res.headers.get('x-page-cache')).toBe('STALE');
    await settled();
    expect(origin.renders).toBe(5);
  });

  it('a purge reaches the disk: no process answers a page rendered before it', async () => {
    await read('/onlineMall');
    await vi.waitFor(() => expect(pagesOnDisk()).toBe(1));
    origin.version = 'after the exchange';
    purgePageCache();
    restart();
    const again = await read('/onlineMall');
    expect(again.res.headers.get('x-page-cache')).toBe('MISS');
    expect(again.body).toContain('after the exchange');
  });

  it('a page that is gone at its refresh leaves memory and disk: no crawler is told it lives', async () => {
    await read('/newtdetail/24');
    await vi.waitFor(() => expect(pagesOnDisk()).toBe(1));
    vi.useFakeTimers({ toFake: ['Date'] });
    // Older than a visitor may be given: a crawler's visit refreshes it.
    vi.setSystemTime(Date.now() + staleLimitMs() + 1);
    origin.answers['/newtdetail/24'] = { status: 404 };
    expect((await read('/newtdetail/24', { headers: CRAWLER })).res.headers.get('x-page-cache')).toBe('STALE');
    await settled();
    await vi.waitFor(() => expect(pagesOnDisk()).toBe(0));
    restart();
    const gone = await get('/newtdetail/24', { headers: CRAWLER }).answer;
    expect(gone?.status).toBe(404);
  });

  it('a page of everyone at one place is kept on disk; a page keyed by one visitor’s address never', async () => {
    // 203.0.113.1 is in Kunming: the page of that place, written, and answered from disk after a restart to a
    // visitor of the same place.
    await read('/hospitallist', { headers: { 'x-shengai-peer': '203.0.113.1' } });
    // 192.0.2.50 cannot be located: its page is keyed by the address, that visitor's own.
    await read('/hospitallist', { headers: { 'x-shengai-peer': '192.0.2.50' } });
    await read('/newtdetail/25');
    await vi.waitFor(() => expect(pagesOnDisk()).toBe(2));
    restart();
    const neighbour = await read('/hospitallist', { headers: { 'x-shengai-peer': '203.0.113.2' } });
    expect(neighbour.res.headers.get('x-page-cache')).toBe('HIT');
    expectHashedPage(neighbour);
    expect((await read('/hospitallist', { headers: { 'x-shengai-peer': '192.0.2.50' } })).res.headers.get('x-page-cache')).toBe('MISS');
    expect(origin.renders).toBe(4);
  });
});

/**
 * The whole-page cache (lib/page-cache, docs/decisions.md): public
 * pages are rendered once and compressed once, their inline scripts allowed by
 * hash (no nonce, so every answer is the same bytes); member
 * data never enters it; a write that changes a public page is seen at once.
 */
import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { DEMO as PEOPLE } from './auth-helpers';
import { DEMO, loginAs, queryDb } from './support/members-session';

const CACHE_HEADER = 'x-page-cache';
/** What a browser sends for a document; the cache answers document loads only (lib/page-cache/policy.ts). */
const DOCUMENT = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/**
 * A copy of `path` from the cache. Tests run in two workers, and an exchange in the other one purges every
 * cached page (lib/page-cache/store.ts), so the copy a first request made may be gone by the next request:
 * ask until an answer comes from the cache (it always does once nothing purges in between).
 */
async function cachedCopy(request: APIRequestContext, path: string): Promise<APIResponse> {
  let copy: APIResponse | undefined;
  await expect(async () => {
    copy = await request.get(path, { headers: DOCUMENT });
    expect(copy.headers()[CACHE_HEADER]).toBe('HIT');
  }).toPass();
  return copy!;
}

/** The page's inline scripts, each of which the answer's CSP must list by hash. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc=|type="application\/(ld\+)?json"/.test(m[1] ?? '') && (m[2] ?? '') !== '')
    .map((m) => m[2] ?? '');
}

/** The answer carries no nonce, and its CSP allows exactly its inline scripts by hash. */
async function hashedPage(res: APIResponse): Promise<{ csp: string; body: string }> {
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).not.toContain('nonce-');
  const body = await res.text();
  expect(body).not.toMatch(/\bnonce="/);
  const scripts = inlineScripts(body);
  expect(scripts.length, 'the page has inline scripts').toBeGreaterThan(0);
  const listed = (/script-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ').filter((s) => s.startsWith("'sha256-"));
  const hashes = [...new Set(scripts.map((t) => `'sha256-${createHash('sha256').update(t, 'utf8').digest('base64')}'`))];
  expect(listed.sort()).toEqual(hashes.sort());
  return { csp, body };
}

test('a public page is rendered once and compressed once: every answer the same bytes under a hash CSP', async ({ request, baseURL }) => {
  const path = '/doctorlist/215?page=2';
  // Two answers in a row from one copy (tried again if the other worker's exchange purged it in between).
  await expect(async () => {
    const first = await cachedCopy(request, path);
    const second = await request.get(path, { headers: DOCUMENT });
    expect(first.status()).toBe(200);
    expect(second.headers()[CACHE_HEADER]).toBe('HIT');
    const a = await hashedPage(first);
    expect(await hashedPage(second)).toEqual(a);
    expect(second.headers()['cache-control']).toContain('no-store');
    // What a browser gets: the stored brotli or gzip bytes, each decoding to the same page.
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await fetch(new URL(path, baseURL), { headers: { ...DOCUMENT, 'accept-encoding': accept } });
      expect(res.headers.get(CACHE_HEADER)).toBe('HIT');
      expect(res.headers.get('content-encoding') ?? undefined, accept).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      // fetch decodes br and gzip as a browser does.
      expect(await res.text()).toBe(a.body);
    }
  }).toPass();
});

test('a router fetch (Accept */*) is never answered with cached HTML', async ({ request }) => {
  await request.get('/trendsInfor', { headers: DOCUMENT });
  const res = await request.get('/trendsInfor', { headers: { accept: '*/*', 'next-url': '/' } });
  expect(res.headers()[CACHE_HEADER]).toBeUndefined();
});

test('a guessed render secret is an ordinary request: the cached page, never the placeholder nonce', async ({ request }) => {
  for (let i = 0; i < 3; i++) {
    const before = await hashedPage(await request.get('/trendsInfor', { headers: DOCUMENT }));
    const res = await request.get('/trendsInfor', { headers: { ...DOCUMENT, 'x-page-cache-render': 'guessed-secret-000000000' } });
    expect(res.status()).toBe(200);
    expect(['HIT', 'MISS', 'STALE']).toContain(res.headers()[CACHE_HEADER]);
    const guessed = await hashedPage(res);
    // The page a plain request gets just before or just after: another worker's write may purge the cache
    // between two requests (an exchange re-renders every page), so the copy may change in between.
    const after = await hashedPage(await request.get('/trendsInfor', { headers: DOCUMENT }));
    expect([before.body, after.body]).toContain(guessed.body);
  }
});

test('a page from the cache hydrates under its hash CSP: no CSP violation, the login dialog opens', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`));
  });
  await expect(async () => {
    await cachedCopy(request, '/aboutHospital');
    const res = await page.goto('/aboutHospital');
    expect(res?.headers()[CACHE_HEADER]).toBe('HIT');
  }).toPass();
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '会员登录' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('members are never answered from the cache, and their data never enters it', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.rich);
  const memberAnswer = await page.goto('/productDetails?sn=PG0003');
  expect(memberAnswer?.headers()[CACHE_HEADER]).toBeUndefined();
  // The member's own balance is on the member's page…
  await expect(page.getByTestId('member-points')).toBeVisible();
  const balance = await page.getByTestId('member-points').getAttribute('title');
  // …and not in the page a visitor gets from the cache.
  const visitor = await cachedCopy(request, '/productDetails?sn=PG0003');
  const html = await visitor.text();
  expect(html).not.toContain(PEOPLE.rich.name);
  expect(html).not.toContain(balance!);
  // Member pages rendered for the member, and searches, never come from the cache (/userIndex is a kept shell
  // without member data: e2e/member-profile.spec.ts).
  for (const path of ['/dRecord/constitution', '/searchList?keyword=%E5%A4%B1%E7%9C%A0']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(res?.headers()[CACHE_HEADER], path).toBeUndefined();
  }
});

test('an exchange shows the new stock at once on the cached product page', async ({ page, context, request }) => {
  const sn = 'PG0005';
  const stockOf = () => queryDb<{ stock: number }>('SELECT stock FROM points_goods WHERE sn = ?', sn).stock;
  const before = stockOf();
  // A visitor's copy is in the cache with the current stock.
  const cached = await cachedCopy(request, `/productDetails?sn=${sn}`);
  expect(await cached.text()).toContain(`${before} 件`);

  // Not rich: points-exchange.spec, running beside this file, checks rich's balance to the point.
  await loginAs(context, request, DEMO.modest);
  await page.goto(`/productDetails?sn=${sn}`);
  await page.getByRole('button', { name: '立即兑换' }).click();
  await page.getByRole('dialog', { name: '确认兑换' }).getByRole('button', { name: '确认兑换' }).click();
  await expect(page.getByRole('dialog', { name: '兑换成功' })).toBeVisible();
  expect(stockOf()).toBe(before - 1);

  // The visitor's next load is a fresh render, not the copy from before the exchange.
  const after = await request.get(`/productDetails?sn=${sn}`, { headers: DOCUMENT });
  expect(after.headers()[CACHE_HEADER]).toBe('MISS');
  expect(await after.text()).toContain(`${before - 1} 件`);
});

test('the route that expires data-cache tags for another process refuses anyone without the process’s secret', async ({ request }) => {
  for (const headers of [{}, { 'x-page-cache-render': 'guessed-secret-000000000' }] as Record<string, string>[]) {
    const res = await request.post('/session/page-cache-purge', { headers: { ...headers, 'content-type': 'application/json' }, data: { tags: ['points-goods'] } });
    expect(res.status()).toBe(404);
  }
});

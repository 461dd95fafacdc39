/**
 * The whole-page cache (issue 8; lib/page-cache, docs/decisions.md): public
 * pages are rendered once and every answer carries its own CSP nonce; member
 * data never enters it; a write that changes a public page is seen at once.
 */
import { expect, test, type APIResponse } from '@playwright/test';
import { DEMO as PEOPLE } from './auth-helpers';
import { DEMO, loginAs, queryDb } from './support/members-session';

const CACHE_HEADER = 'x-page-cache';
/** What a browser sends for a document; the cache answers document loads only (lib/page-cache/policy.ts). */
const DOCUMENT = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The answer's CSP nonce, after checking that every nonce in its body is that one. */
async function ownNonce(res: APIResponse): Promise<{ nonce: string; body: string }> {
  const nonce = /'nonce-([^']+)'/.exec(res.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce, 'the answer has a nonce in its CSP').toBeTruthy();
  const body = await res.text();
  const attributes = [...body.matchAll(/\bnonce="([^"]*)"/g)].map((m) => m[1]);
  expect(attributes.length, 'the page has nonced scripts').toBeGreaterThan(3);
  expect(new Set(attributes)).toEqual(new Set([nonce]));
  return { nonce: nonce!, body };
}

test('a public page is rendered once, and every answer carries its own nonce', async ({ request }) => {
  await request.get('/doctorlist/215?page=2', { headers: DOCUMENT });
  const first = await request.get('/doctorlist/215?page=2', { headers: DOCUMENT });
  const second = await request.get('/doctorlist/215?page=2', { headers: DOCUMENT });
  expect(first.status()).toBe(200);
  expect(first.headers()[CACHE_HEADER]).toBe('HIT');
  expect(second.headers()[CACHE_HEADER]).toBe('HIT');
  const a = await ownNonce(first);
  const b = await ownNonce(second);
  expect(a.nonce).not.toBe(b.nonce);
  expect(b.body.replaceAll(b.nonce, 'N')).toBe(a.body.replaceAll(a.nonce, 'N'));
  // A shared cache in front must not replay one answer's nonce to another visitor.
  expect(second.headers()['cache-control']).toContain('no-store');
});

test('a router fetch (Accept */*) is never answered with cached HTML', async ({ request }) => {
  await request.get('/trendsInfor', { headers: DOCUMENT });
  const res = await request.get('/trendsInfor', { headers: { accept: '*/*', 'next-url': '/' } });
  expect(res.headers()[CACHE_HEADER]).toBeUndefined();
});

test('a guessed render secret is an ordinary request: a fresh nonce, never the placeholder', async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const res = await request.get('/trendsInfor', { headers: { ...DOCUMENT, 'x-page-cache-render': 'guessed-secret-000000000' } });
    expect(res.status()).toBe(200);
    expect(['HIT', 'MISS', 'STALE']).toContain(res.headers()[CACHE_HEADER]);
    nonces.add((await ownNonce(res)).nonce);
  }
  expect(nonces.size).toBe(3);
});

test('a page from the cache hydrates under its nonce: no CSP violation, the login dialog opens', async ({ page, request }) => {
  await request.get('/aboutHospital', { headers: DOCUMENT });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const res = await page.goto('/aboutHospital');
  expect(res?.headers()[CACHE_HEADER]).toBe('HIT');
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
  await request.get('/productDetails?sn=PG0003', { headers: DOCUMENT });
  const visitor = await request.get('/productDetails?sn=PG0003', { headers: DOCUMENT });
  expect(visitor.headers()[CACHE_HEADER]).toBe('HIT');
  const html = await visitor.text();
  expect(html).not.toContain(PEOPLE.rich.name);
  expect(html).not.toContain(balance!);
  for (const path of ['/userIndex', '/searchList?keyword=%E5%A4%B1%E7%9C%A0']) {
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
  await request.get(`/productDetails?sn=${sn}`, { headers: DOCUMENT });
  const cached = await request.get(`/productDetails?sn=${sn}`, { headers: DOCUMENT });
  expect(cached.headers()[CACHE_HEADER]).toBe('HIT');
  expect(await cached.text()).toContain(`${before} 件`);

  await loginAs(context, request, DEMO.rich);
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

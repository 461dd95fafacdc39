import { expect, test } from '@playwright/test';
import { routes } from '../lib/routes';
import { failNext } from './auth-helpers';
import { DEMO, apiLogin, setSessionCookies, type Tokens } from './support/members-session';

// docs/decisions.md "Errors render on the server": the first HTML of every 404 holds the site's header and
// navigation, the message and a way back, for crawlers and link previews that run no JavaScript. A page that
// calls notFound() used to answer Next's empty `<html id="__next_error__">` shell (lib/page-cache/fallback.ts).

/** What a browser, a crawler or a link previewer sends for a document. */
const DOCUMENT = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd' };

const UNKNOWN = [
  ['an unknown doctor', routes.doctorDetail('D999999')],
  ['an unknown clinic', routes.hospitalDetail('SA9999')],
  ['an unknown article', routes.newsDetail('999999')],
  ['the 404 page itself', '/404'],
  ['an unmatched address', '/no-such-page'],
] as const;

for (const [what, path] of UNKNOWN) {
  test(`${what} answers 404 with the whole page in its first HTML: header, navigation, 页面不存在 and a way back`, async ({ request }) => {
    const res = await request.get(path, { headers: DOCUMENT, maxRedirects: 0 });
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).not.toContain('__next_error__');
    expect(html).toMatch(/<html lang="zh-CN"/);
    expect(html).toMatch(/<nav aria-label="主导航"/);
    expect(html).toMatch(/<h1[^>]*>页面不存在<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>返回首页<\/a>/);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });
}

// Whatever the client asks with: curl and many link previewers send `Accept: */*` or no Accept at all, and the
// search and the redirect helper, which are rendered for each request, answer whole pages too (docs/security.md
// "Abuse from many clients"; their error answers are mended on Node's response, lib/page-cache/error-mend.ts).
const ANY_CLIENT: [string, Record<string, string>][] = [
  ['a browser', DOCUMENT],
  ['curl (Accept */*)', { accept: '*/*' }],
  ['a previewer without Accept', { accept: '' }],
];
const EVERY_KIND = [
  ...UNKNOWN.filter(([, path]) => path !== '/404'),
  ['a search with a bad type', '/searchList?keyword=%E5%A4%B1%E7%9C%A0&type=bad'],
  ['a search past its last page', '/searchList?keyword=%E5%A4%B1%E7%9C%A0&type=news&page=999'],
  ['the redirect helper with an off-site target', '/redirect/%2F%2Fevil.example'],
  ['the redirect helper with a broken segment', '/redirect/%E0%A4%A'],
  // Rendered on loopback, its address must not travel twice (Node's 16 KB header limit answered 431).
  ['an unknown doctor with a 10 KB code', `/doctordetail/${'x'.repeat(10_000)}`],
] as const;

for (const [client, headers] of ANY_CLIENT) {
  for (const [what, path] of EVERY_KIND) {
    test(`${what}, asked by ${client}: 404 with the header, navigation and message in the first HTML`, async ({ request }) => {
      const res = await request.get(path, { headers, maxRedirects: 0 });
      expect(res.status()).toBe(404);
      const html = await res.text();
      expect(html).not.toContain('__next_error__');
      expect(html).toMatch(/<nav aria-label="主导航"/);
      expect(html).toMatch(/<h1[^>]*>页面不存在<\/h1>/);
      expect(html).toMatch(/<a [^>]*href="\/"[^>]*>返回首页<\/a>/);
    });
  }
}

test('a search and the redirect helper still work for every client', async ({ request }) => {
  for (const [, headers] of ANY_CLIENT) {
    const search = await request.get('/searchList?keyword=%E5%A4%B1%E7%9C%A0', { headers });
    expect(search.status()).toBe(200);
    expect(await search.text()).toMatch(/<h1[^>]*>[^<]*失眠/);
    const redirect = await request.get('/redirect/doctorlist', { headers, maxRedirects: 0 });
    expect([307, 308]).toContain(redirect.status());
    expect(new URL(redirect.headers()['location']!, 'http://x').pathname).toBe('/doctorlist');
  }
});

test('the not-found page of an unknown doctor reads without JavaScript, keeps its address and hydrates under its CSP', async ({ browser, baseURL }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScript.newPage();
  const path = routes.doctorDetail('D999998');
  await page.goto(`${baseURL}${path}`);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await noScript.close();

  const context = await browser.newContext();
  const live = await context.newPage();
  const violations: string[] = [];
  live.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await live.goto(`${baseURL}${path}`);
  await live.getByRole('link', { name: '返回首页' }).click();
  await expect(live).toHaveURL(`${baseURL}/`);
  expect(violations).toEqual([]);
  await live.goBack();
  await expect(live).toHaveURL(`${baseURL}${path}`);
  await context.close();
});

test('the server-rendered error page is not an address of its own', async ({ request }) => {
  const res = await request.get('/404/unavailable', { headers: DOCUMENT });
  expect(res.status()).toBe(404);
  expect(await res.text()).toMatch(/<h1[^>]*>页面不存在<\/h1>/);
});

// A member's pages are rendered for them alone, outside the page cache: lib/page-cache/error-mend.ts
// gives their error answers the same whole pages.
test.describe('a logged-in member', () => {
  let tokens: Tokens;
  let cookie = '';
  test.beforeAll(async ({ request }) => {
    tokens = await apiLogin(request, DEMO.other);
    cookie = `Token=${tokens.accessToken}; refreshToken=${tokens.refreshToken}`;
  });

  for (const [what, path] of UNKNOWN.slice(0, 3)) {
    test(`${what}: 404 with the whole page in the first HTML`, async ({ request }) => {
      const res = await request.get(path, { headers: { ...DOCUMENT, cookie }, maxRedirects: 0 });
      expect(res.status()).toBe(404);
      const html = await res.text();
      expect(html).not.toContain('__next_error__');
      expect(html).toMatch(/<nav aria-label="主导航"/);
      expect(html).toMatch(/<h1[^>]*>页面不存在<\/h1>/);
      expect(res.headers()['cache-control']).toContain('no-store');
    });
  }

  test('a member page whose API call fails: 503, Retry-After and the whole error page, and the member stays logged in', async ({ request, browser, baseURL }) => {
    // /dRecord/constitution renders the member's 体质档案 on the server (the kept shells read in the browser).
    await failNext(request, 'TW_Constitution/GetRecordList', tokens.accessToken);
    const res = await request.get(routes.constitutionArchive(), { headers: { ...DOCUMENT, cookie }, maxRedirects: 0 });
    expect(res.status()).toBe(503);
    expect(res.headers()['retry-after']).toBe('30');
    const html = await res.text();
    expect(html).not.toContain('__next_error__');
    expect(html).toMatch(/<nav aria-label="主导航"/);
    expect(html).toMatch(/<h1[^>]*>页面暂时无法显示<\/h1>/);

    // The next load, with the API answering again, is the member's own page, streamed with its own nonce.
    const context = await browser.newContext();
    await setSessionCookies(context, tokens);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    const live = await page.goto(`${baseURL}${routes.constitutionArchive()}`);
    expect(live?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: '体质档案', level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
    await context.close();
  });
});

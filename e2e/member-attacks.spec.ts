/**
 * Attacks on the member system: sessions and pages (docs/security.md).
 * - A member page whose access cookie is well-formed but refused by the API
 *   host (a tampered signature, a key rotation, a disabled member) clears the
 *   cookies and takes the member to the 请先登录 flow, never a 500.
 * - The logout journey from a member page: 您已退出登录, back to / after 1 s,
 *   and nothing says 请先登录 (SPEC §4).
 * - A logged-out access token opens nothing (the cookie kept by an attacker).
 */
import Database from '../lib/backend/sqlite';
import { SignJWT, decodeJwt } from 'jose';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { api, loginWithPassword, registerFreshMember } from './auth-helpers';
import { apiLogin, dbPath } from './support/members-session';

/** Member pages rendered for the member. */
const MEMBER_PAGES = ['/dRecord/constitution'] as const;
/** A kept member shell (lib/routes.ts MEMBER_SHELL_PATHS) and the read of its member part. */
const MEMBER_SHELLS = [
  { page: '/userIndex', read: '/session/member-home' },
  { page: '/modifyInfor', read: '/session/member-info' },
  { page: '/dRecord/patients', read: '/session/patients' },
  { page: '/dRecord/registration', read: '/session/registrations' },
  { page: '/dRecord/points', read: '/session/points-log' },
  { page: '/dRecord/exchange', read: '/session/exchange-records' },
  { page: '/dRecord/consultation', read: '/session/asks' },
] as const;

/** The same token with its signature changed (still three well-formed base64url parts). */
function tampered(token: string): string {
  const [h, p, s] = token.split('.');
  const flipped = s![0] === 'A' ? `B${s!.slice(1)}` : `A${s!.slice(1)}`;
  return `${h}.${p}.${flipped}`;
}

/** The same claims signed with another key: what the site holds after the host rotated its key. */
async function rekeyed(token: string): Promise<string> {
  const claims = decodeJwt(token);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode('a-key-the-host-no-longer-uses-0123456789'));
}

async function disabledMemberTokens(request: APIRequestContext) {
  const member = await registerFreshMember(request, '停用会员');
  const tokens = await apiLogin(request, member);
  const db = new Database(dbPath(), { fileMustExist: true });
  try {
    db.prepare("UPDATE members SET status = 'disabled' WHERE phone = ?").run(member.phone);
  } finally {
    db.close();
  }
  return tokens;
}

/** A raw GET without JavaScript and without following redirects. */
async function rawGet(request: APIRequestContext, url: string, cookie: string) {
  return request.get(url, { headers: { cookie }, maxRedirects: 0 });
}

const cookieHeader = (access: string, refresh: string) => `Token=${access}; refreshToken=${refresh}`;

test.describe('a refused access cookie on a member page', () => {
  const cases: { name: string; make: (request: APIRequestContext) => Promise<{ access: string; refresh: string }> }[] = [
    {
      name: 'a tampered signature',
      make: async (request) => {
        const t = await apiLogin(request, await registerFreshMember(request, '篡改会员'));
        return { access: tampered(t.accessToken), refresh: t.refreshToken };
      },
    },
    {
      name: 'a key rotation',
      make: async (request) => {
        const t = await apiLogin(request, await registerFreshMember(request, '换钥会员'));
        return { access: await rekeyed(t.accessToken), refresh: t.refreshToken };
      },
    },
    {
      name: 'a disabled member',
      make: async (request) => {
        const t = await disabledMemberTokens(request);
        return { access: t.accessToken, refresh: t.refreshToken };
      },
    },
  ];

  for (const { name, make } of cases) {
    test(`${name}: every member page clears the cookies and leads to 请先登录, never a 500`, async ({ request }) => {
      const { access, refresh } = await make(request);
      for (const page of MEMBER_PAGES) {
        const first = await rawGet(request, page, cookieHeader(access, refresh));
        expect(first.status(), `${page} answers a redirect`).toBeGreaterThanOrEqual(300);
        expect(first.status()).toBeLessThan(400);
        const end = new URL(first.headers().location!, baseURL);
        expect(end.pathname).toBe('/session/end');
        const second = await rawGet(request, end.pathname + end.search, cookieHeader(access, refresh));
        expect(second.status()).toBe(303);
        const target = new URL(second.headers().location!, baseURL);
        expect(target.searchParams.get('login')).toBe('required');
        expect(target.searchParams.get('next')).toBe(page);
        const cleared = second.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value);
        for (const cookie of ['Token', 'refreshToken']) {
          const line = cleared.find((c) => c.startsWith(`${cookie}=`));
          expect(line, `${page} clears ${cookie}`).toBeDefined();
          expect(line).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
        }
      }
      // A shell is the same for every member and holds none: its read says there is no member and clears the
      // cookies (the island then goes to 请先登录 with the page: e2e/member-profile.spec.ts).
      for (const { page, read } of MEMBER_SHELLS) {
        expect((await rawGet(request, page, cookieHeader(access, refresh))).status(), page).toBe(200);
        const answer = await rawGet(request, read, cookieHeader(access, refresh));
        expect(answer.status()).toBe(200);
        expect(await answer.json()).toEqual({ signedOut: true });
        // SPEC §8: the refresh cookie is cleared, and the refused access token is replaced (by a visitor's, or cleared).
        const set = answer.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value);
        expect(set.find((c) => c.startsWith('refreshToken=')), `${read} clears refreshToken`).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
        const token = set.find((c) => c.startsWith('Token='));
        expect(token, `${read} replaces Token`).toBeDefined();
        expect(token).not.toContain(access);
      }
    });
  }

  // A page rendered for the member ends the session through /session/end; a kept shell through its read, which
  // leaves a visitor's access token in place of the refused one.
  for (const { path, visitorToken } of [
    { path: '/dRecord/constitution', visitorToken: false },
    { path: '/modifyInfor', visitorToken: true },
  ]) {
    test(`in the browser, ${path}: the member lands on / with 请先登录 and is a visitor`, async ({ page, context, request }) => {
      const t = await apiLogin(request, await registerFreshMember(request, '浏览会员'));
      const url = new URL(baseURL);
      const refused = tampered(t.accessToken);
      await context.addCookies([
        { name: 'Token', value: refused, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' },
        { name: 'refreshToken', value: t.refreshToken, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' },
      ]);
      const response = await page.goto(path);
      expect(response?.status()).toBeLessThan(500);
      await expect(page.getByRole('dialog', { name: '会员登录' })).toBeVisible();
      await expect(page.getByText('请先登录').first()).toBeVisible();
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
      const cookies = await context.cookies();
      expect(cookies.map((c) => c.name)).not.toContain('refreshToken');
      const token = cookies.find((c) => c.name === 'Token');
      if (visitorToken) expect(token?.value).not.toBe(refused);
      else expect(token).toBeUndefined();
    });
  }

  test('a /session/end link made by someone else clears nothing', async ({ request }) => {
    const t = await apiLogin(request, await registerFreshMember(request, '旁观会员'));
    const answer = await rawGet(request, '/session/end?t=forged-digest-000000000&next=/userIndex', cookieHeader(t.accessToken, t.refreshToken));
    expect(answer.status()).toBe(303);
    expect(answer.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie')).toHaveLength(0);
  });
});

test('an access token kept after logout opens nothing', async ({ request }) => {
  const t = await apiLogin(request, await registerFreshMember(request, '注销会员'));
  expect((await api(request, 'AuthenticationCenter/OutLogin', { refresh_token: t.refreshToken })).ErrorNo).toBe(1);
  const res = await request.post('/api/VIP_Member/GetVIPMember', { headers: { Authorization: `Bearer ${t.accessToken}` } });
  expect(((await res.json()) as { ErrorNo: number }).ErrorNo).toBe(4001);
  // The member page with that cookie leads to 请先登录 too.
  const page = await rawGet(request, '/userIndex', cookieHeader(t.accessToken, t.refreshToken));
  expect(page.status()).toBeLessThan(500);
});

test('the logout journey from 个人中心: 您已退出登录, / after 1 s, and nothing says 请先登录', async ({ page, request }) => {
  const seen: string[] = [];
  const urls: string[] = [];
  await page.exposeBinding('__reportLoginRequired', (_source, where: string) => {
    seen.push(where);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportLoginRequired: (w: string) => void }).__reportLoginRequired;
    const check = () => {
      if (document.body?.innerText.includes('请先登录')) report(location.href);
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  const member = await registerFreshMember(request, '中心会员');
  await page.goto('/');
  await loginWithPassword(page, member.phone, member.password, '中心会员');
  await page.goto('/userIndex');
  await expect(page.getByRole('heading', { name: '个人中心' })).toBeAttached();
  await page.getByRole('banner').getByRole('button', { name: /中心会员/ }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByText('您已退出登录')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/' && !url.search);
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(seen).toEqual([]);
  expect(urls.filter((u) => u.includes('login=required'))).toEqual([]);
  // The refresh token is gone from the browser and refused by the host.
  const names = (await page.context().cookies()).map((c) => c.name);
  expect(names).not.toContain('refreshToken');
});

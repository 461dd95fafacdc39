/**
 * Sessions (SPEC §4, §8): the cookies are HttpOnly and SameSite and no
 * token reaches the page; a revoked refresh token makes a visitor again; and,
 * on a second server whose access tokens live 8 s, an expired token leads to
 * exactly one refresh while the member's calls succeed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { demoDeployment, relaxedSmsLimits } from '../playwright.config';
import { api, loginWithPassword, registerFreshMember } from './auth-helpers';

test('cookies are HttpOnly and SameSite=Lax; no token in the HTML or script-readable storage', async ({ page, request, context }) => {
  const member = await registerFreshMember(request, '安全会员');
  await page.goto('/');
  await loginWithPassword(page, member.phone, member.password, '安全会员');
  const cookies = await context.cookies();
  const access = cookies.find((c) => c.name === 'Token');
  const refresh = cookies.find((c) => c.name === 'refreshToken');
  for (const c of [access, refresh]) {
    expect(c).toBeDefined();
    expect(c!.httpOnly).toBe(true);
    expect(c!.sameSite).toBe('Lax');
    expect(c!.expires).toBeGreaterThan(Date.now() / 1000);
  }
  await page.reload();
  await expect(page.getByRole('banner').getByText('安全会员')).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(access!.value);
  expect(html).not.toContain(refresh!.value);
  const readable = await page.evaluate(() => ({
    cookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));
  for (const where of Object.values(readable)) {
    expect(where).not.toContain(access!.value);
    expect(where).not.toContain(refresh!.value);
    expect(where).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  }
  const me = await page.evaluate(() => fetch('/session/me').then((r) => r.text()));
  expect(me).toContain('安全会员');
  expect(me).not.toContain(access!.value);
});

test('the header and the URL effects share one /session/me read per page load (React Query)', async ({ page, request }) => {
  const member = await registerFreshMember(request, '读取会员');
  await page.goto('/');
  await loginWithPassword(page, member.phone, member.password, '读取会员');
  const reads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/session/me') reads.push(r.url());
  });
  await page.reload();
  await expect(page.getByRole('banner').getByText('读取会员')).toBeVisible();
  expect(reads).toHaveLength(1);
});

test('a revoked refresh token: the visitor is a visitor again', async ({ page, request, context }) => {
  const member = await registerFreshMember(request, '撤销会员');
  await page.goto('/');
  await loginWithPassword(page, member.phone, member.password, '撤销会员');
  const refresh = (await context.cookies()).find((c) => c.name === 'refreshToken')!;
  expect((await api(request, 'AuthenticationCenter/OutLogin', { refresh_token: refresh.value })).ErrorNo).toBe(1);
  // The access cookie expires with its token; drop it as the browser would.
  await context.clearCookies({ name: 'Token' });
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'refreshToken')).toBeUndefined();
});

test.describe('token expiry with a short TTL', () => {
  const port = Number(process.env.E2E_SHORT_TTL_PORT || Number(process.env.E2E_PORT || 3100) + 50);
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    server = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
      env: {
        ...process.env,
        DATABASE_PATH: (process.env.DATABASE_PATH || '.data/e2e.db').replace(/(\.db)?$/, '-short-ttl.db'),
        SITE_URL: origin,
        ACCESS_TOKEN_TTL_SECONDS: '8',
        ...relaxedSmsLimits,
        ...demoDeployment,
      },
      stdio: 'ignore',
      detached: true,
    });
    const probe = await playwright.request.newContext();
    await expect
      .poll(async () => (await probe.get(`${origin}/session/me`).catch(() => null))?.status() ?? 0, { timeout: 90_000 })
      .toBe(200);
    await probe.dispose();
  });

  test.afterAll(() => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  });

  test('after expiry, the member’s calls succeed and the backend saw exactly one refresh', async ({ browser, playwright }) => {
    const request: APIRequestContext = await playwright.request.newContext({ baseURL: origin });
    const member = await registerFreshMember(request, '过期会员');
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await page.goto('/');
    await loginWithPassword(page, member.phone, member.password, '过期会员');
    const refreshes = async () =>
      (await api<{ RefreshCount: number }>(request, 'Dev/GetRefreshCount', { Phone: member.phone })).Result.RefreshCount;
    // A slow machine may already have refreshed once while logging in: count from here.
    const before = await refreshes();
    await page.waitForTimeout(9_000); // past the 8 s access-token lifetime
    // Five member calls at once after expiry: all succeed, with one refresh for all.
    const names = await page.evaluate(() =>
      Promise.all(Array.from({ length: 5 }, () => fetch('/session/me').then((r) => r.json()))),
    );
    expect(names.map((n: { member: { name: string } | null }) => n.member?.name)).toEqual(Array(5).fill('过期会员'));
    expect(await refreshes()).toBe(before + 1);
    await page.reload();
    await expect(page.getByRole('banner').getByText('过期会员')).toBeVisible();
    await context.close();
    await request.dispose();
  });
});

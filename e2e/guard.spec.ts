/**
 * SPEC §4 guard of the login-required pages (SPEC §2): without a refresh
 * token → 请先登录, the login dialog, back to / after 2 s; after logging in,
 * arrival at the page asked for. proxy.ts is not the only guard.
 */
import { expect, test, type Route } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './auth-helpers';

for (const path of ['/userIndex', '/modifyInfor', '/dRecord/registration']) {
  test(`${path} without a session: 请先登录, the login dialog, then / `, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByText('请先登录').first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: '会员登录' })).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  });
}

test('after logging in from the guard, the member arrives at the page asked for', async ({ page }) => {
  await page.goto('/modifyInfor');
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await dialog.getByLabel('手机号', { exact: true }).fill(DEMO.poor.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/modifyInfor');
});

test('a login that completes just before the 2 s redirect home still arrives at the page asked for', async ({ page }) => {
  // The page's timers run on Playwright's clock, so the redirect fires exactly when the test says, not by luck.
  await page.clock.install();
  await page.goto('/modifyInfor');
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await expect(dialog).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  // Hold the navigation to the page asked for, as a slow network would.
  const held: Route[] = [];
  await page.route((url) => url.pathname === '/modifyInfor', (route) => void held.push(route));
  await dialog.getByLabel('手机号', { exact: true }).fill(DEMO.poor.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  // The login-required timer's moment passes while the member's navigation is still under way.
  await page.clock.runFor(3000);
  await page.unroute((url) => url.pathname === '/modifyInfor');
  for (const route of held) await route.continue();
  await page.waitForURL((url) => url.pathname === '/modifyInfor');
  await expect(page.getByRole('heading', { name: '编辑资料' })).toBeVisible();
  await expect(page).toHaveURL(/\/modifyInfor$/);
});

test('the continue-to path is same-site only', async ({ page }) => {
  await page.goto('/?login=required&next=%2F%2Fevil.example%2Fx');
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await dialog.getByLabel('手机号', { exact: true }).fill(DEMO.poor.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
});

test('a forged x-middleware-subrequest header or an RSC request does not pass the guard', async ({ request }) => {
  const forged = await request.get('/userIndex', {
    headers: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy:middleware:middleware' },
    maxRedirects: 0,
  });
  expect(forged.status()).toBeGreaterThanOrEqual(300);
  expect(forged.status()).toBeLessThan(400);
  expect(forged.headers()['location']).toContain('login=required');
  const rsc = await request.get('/userIndex?_rsc=abc', { headers: { RSC: '1', 'Next-Router-Prefetch': '1' }, maxRedirects: 0 });
  expect(rsc.status()).toBeGreaterThanOrEqual(300);
  expect(rsc.status()).toBeLessThan(400);
  expect(await rsc.text()).not.toContain(DEMO.poor.name);
});

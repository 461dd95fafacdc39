/**
 * SPEC §4 WeChat code flow, with the embedded backend's development authorize
 * step: a code in the URL logs in unless noScan=1, a login is in progress
 * (isWXLogining) or a member session exists; ErrorNo -1 → login dialog;
 * -2 or 3 → phone validation with 请先注册或激活.
 */
import { expect, test } from '@playwright/test';
import http from 'node:http';
import { baseURL } from '../playwright.config';
import { api, DEMO, DEMO_PASSWORD, loginWithPassword } from './auth-helpers';

/**
 * What /auth/wechat does before the browser leaves for WeChat: a state in an
 * httpOnly cookie. Returns the query that WeChat sends back with the code.
 */
async function givenState(page: import('@playwright/test').Page, code: string): Promise<string> {
  const state = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await page.context().addCookies([{ name: 'wechatState', value: state, url: new URL('/', baseURL).toString(), httpOnly: true }]);
  return `code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
}

async function authorize(request: import('@playwright/test').APIRequestContext, openId?: string) {
  const r = await api<{ Code: string }>(request, 'Dev/WechatAuthorize', openId ? { OpenID: openId } : {});
  expect(r.ErrorNo).toBe(1);
  return r.Result.Code;
}

test('the WeChat entry of the login dialog logs the bound demo member in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await dialog.getByRole('tab', { name: '微信登录' }).click();
  await dialog.getByRole('link', { name: '微信扫码登录' }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect(page.getByRole('banner').getByText(DEMO.rich.name)).toBeVisible();
  // The code leaves the address bar once used.
  await expect(page).toHaveURL((url) => !url.searchParams.has('code'));
});

test('an unknown or used code (ErrorNo -1) opens the login dialog', async ({ page, request }) => {
  const code = await authorize(request);
  expect((await api(request, 'AuthenticationCenter/PcWechatLogin', { Code: code })).ErrorNo).toBe(1);
  await page.goto(`/?${await givenState(page, code)}`);
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('微信授权已失效');
});

test('an openid without a member (ErrorNo -2) opens phone validation with 请先注册或激活', async ({ page, request }) => {
  const code = await authorize(request, `wx-e2e-${Date.now()}`);
  await page.goto(`/?${await givenState(page, code)}`);
  const dialog = page.getByRole('dialog', { name: '手机号验证' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('请先注册或激活');
});

test('a known openid not yet activated (ErrorNo 3) opens phone validation too', async ({ page, request }) => {
  const code = await authorize(request, 'wx-demo-openid-unbound');
  await page.goto(`/trendsInfor?${await givenState(page, code)}`);
  const dialog = page.getByRole('dialog', { name: '手机号验证' });
  await expect(dialog.getByRole('alert')).toHaveText('请先注册或激活');
});

test('noScan=1: the code is not used', async ({ page, request }) => {
  const code = await authorize(request);
  await page.goto(`/?code=${encodeURIComponent(code)}&noScan=1`);
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  // The page did not spend the code: it still logs in once.
  expect((await api(request, 'AuthenticationCenter/PcWechatLogin', { Code: code })).ErrorNo).toBe(1);
});

test('a login in progress (isWXLogining) is not started twice', async ({ page, request }) => {
  const code = await authorize(request);
  await page.addInitScript(() => localStorage.setItem('isWXLogining', String(Date.now() + 15_000)));
  await page.goto(`/?code=${encodeURIComponent(code)}`);
  await expect(page.getByRole('banner').getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect((await api(request, 'AuthenticationCenter/PcWechatLogin', { Code: code })).ErrorNo).toBe(1);
});

test('a member session: the code is left alone', async ({ page, request }) => {
  await page.goto('/');
  await loginWithPassword(page, DEMO.poor.phone, DEMO_PASSWORD, DEMO.poor.name);
  const code = await authorize(request);
  await page.goto(`/?code=${encodeURIComponent(code)}`);
  await expect(page.getByRole('banner').getByText(DEMO.poor.name)).toBeVisible();
  expect((await api(request, 'AuthenticationCenter/PcWechatLogin', { Code: code })).ErrorNo).toBe(1);
});

// Login CSRF (docs/security.md "Attacks on the member system"): a crafted link carries a code, never this browser's state.
test('a link with ?code= but no state does not log in and leaves the code unspent', async ({ page, request }) => {
  const code = await authorize(request);
  await page.goto(`/?code=${encodeURIComponent(code)}`);
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await expect(dialog.getByRole('alert')).toContainText('微信授权已失效');
  await expect(page.getByRole('banner').getByText(DEMO.rich.name)).toHaveCount(0);
  expect((await api(request, 'AuthenticationCenter/PcWechatLogin', { Code: code })).ErrorNo).toBe(1);
});

test('a link with ?code= and a foreign state does not log in either', async ({ page, request }) => {
  const code = await authorize(request);
  await page.context().addCookies([{ name: 'wechatState', value: 'mine-0123456789', url: new URL('/', baseURL).toString() }]);
  await page.goto(`/?code=${encodeURIComponent(code)}&state=theirs-0123456789`);
  await expect(page.getByRole('dialog', { name: '会员登录' }).getByRole('alert')).toContainText('微信授权已失效');
  await expect(page.getByRole('banner').getByText(DEMO.rich.name)).toHaveCount(0);
  // The refused link never reached the API: the code still logs in once.
  expect((await api(request, 'AuthenticationCenter/PcWechatLogin', { Code: code })).ErrorNo).toBe(1);
});

test('/auth/wechat puts a state in an httpOnly cookie and redirects to SITE_URL whatever Host the request claims', async () => {
  const { hostname, port } = new URL(baseURL);
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request({ hostname, port, path: '/auth/wechat', headers: { host: 'evil.example:8080', 'x-forwarded-host': 'evil.example' } }, resolve);
    req.on('error', reject);
    req.end();
  });
  answer.resume();
  expect(answer.statusCode).toBeGreaterThanOrEqual(300);
  expect(answer.statusCode).toBeLessThan(400);
  const location = new URL(answer.headers.location ?? '');
  expect(location.origin).toBe(new URL(baseURL).origin);
  const state = location.searchParams.get('state');
  expect(state).toMatch(/^[\w-]{16,}$/);
  const cookie = (answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('wechatState='));
  expect(cookie).toContain(`wechatState=${state}`);
  expect(cookie?.toLowerCase()).toContain('httponly');
});

/**
 * SPEC §4 WeChat code flow, with the embedded backend's development authorize
 * step: a code in the URL logs in unless noScan=1, a login is in progress
 * (isWXLogining) or a member session exists; ErrorNo -1 → login dialog;
 * -2 or 3 → phone validation with 请先注册或激活.
 */
import { expect, test } from '@playwright/test';
import { api, DEMO, DEMO_PASSWORD, loginWithPassword } from './auth-helpers';

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
  await page.goto(`/?code=${encodeURIComponent(code)}`);
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('微信授权已失效');
});

test('an openid without a member (ErrorNo -2) opens phone validation with 请先注册或激活', async ({ page, request }) => {
  const code = await authorize(request, `wx-e2e-${Date.now()}`);
  await page.goto(`/?code=${encodeURIComponent(code)}`);
  const dialog = page.getByRole('dialog', { name: '手机号验证' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('请先注册或激活');
});

test('a known openid not yet activated (ErrorNo 3) opens phone validation too', async ({ page, request }) => {
  const code = await authorize(request, 'wx-demo-openid-unbound');
  await page.goto(`/trendsInfor?code=${encodeURIComponent(code)}`);
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

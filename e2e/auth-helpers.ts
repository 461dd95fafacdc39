/**
 * Helpers for browser tests of the membership entry (SPEC §4): the embedded
 * backend's development aids over HTTP (SMS outbox, WeChat authorize, a fresh
 * card, an injected failure) and a password login through the UI.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiUrl } from './support/api-origin';

export const DEMO_PASSWORD = 'Shengai2026';
export const DEMO = {
  rich: { phone: '13800000001', name: '王雅琴' },
  poor: { phone: '13800000002', name: '李文博' },
  cardHolder: { phone: '13800000003', name: '赵春梅' },
  unregistered: { phone: '13800000009' },
} as const;

interface Envelope<T> {
  ErrorNo: number;
  ErrorInfo: string;
  Result: T;
}

export async function api<T = unknown>(request: APIRequestContext, path: string, fields: Record<string, string> = {}) {
  const res = await request.post(apiUrl(path), { form: fields });
  return (await res.json()) as Envelope<T>;
}

/** An API call made with a member's access token (`Authorization: Bearer`), as the site's server makes it. */
export async function authed<T = unknown>(request: APIRequestContext, token: string, path: string, fields: Record<string, string>) {
  const res = await request.post(apiUrl(path), { form: fields, headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as Envelope<T>;
}

/** A phone nobody uses yet (139 + 8 random digits), so specs can run again on the same database. */
export function freshPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The latest SMS code sent to a phone, read from the outbox through the dev endpoint. */
export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  let last: Envelope<{ Code: string }> | undefined;
  await expect
    .poll(async () => {
      last = await api<{ Code: string }>(request, 'Dev/GetSmsOutbox', { Phone: phone });
      return last.ErrorNo;
    })
    .toBe(1);
  return last!.Result.Code;
}

/** Registers a fresh member through the API (SMS code from the outbox). */
export async function registerFreshMember(request: APIRequestContext, name = '测试会员', password = 'Test2026ab') {
  const phone = freshPhone();
  expect((await api(request, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: phone, Type: 'register' })).ErrorNo).toBe(1);
  const code = await latestSmsCode(request, phone);
  const r = await api(request, 'VIP_Member/InsertPCVip', { Phone: phone, Code: code, VipName: name, Password: password, AgreeFlag: '1' });
  expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  return { phone, password, name };
}

/**
 * The next call of an API path fails (Dev/FailNext): with a token, only the next call made with it; with
 * `{ match }`, only the next call one of whose fields contains it. Without either, whoever calls next (another
 * worker's page may), so a public call is scoped by a value of the test's own.
 */
export async function failNext(request: APIRequestContext, path: string, scope?: string | { match: string }) {
  const fields: Record<string, string> = typeof scope === 'string' ? { Path: path, Token: scope } : scope ? { Path: path, Match: scope.match } : { Path: path };
  expect((await api(request, 'Dev/FailNext', fields)).ErrorNo).toBe(1);
}

export async function openLoginDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Logs in with a password through the header's login dialog and waits for the member's name. */
export async function loginWithPassword(page: Page, phone: string, password: string, name?: string) {
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('手机号', { exact: true }).fill(phone);
  await dialog.getByLabel('密码', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  if (name) await expect(page.getByRole('banner').getByText(name)).toBeVisible();
}

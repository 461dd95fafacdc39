/**
 * Points exchange journeys (SPEC §2 member services): one click makes one order and the
 * balance drops by exactly the item's points everywhere; insufficient points,
 * sold out and an expired session each get a clear message and spend nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatPoints } from '../lib/format';
import { DEMO, apiPoints, expiredCopyOf, loginAs, queryDb, setSessionCookies } from './support/members-session';

const ordersOf = (vipCode: string) =>
  queryDb<{ n: number }>('SELECT COUNT(*) AS n FROM points_orders WHERE vip_code = ?', vipCode).n;

async function openExchangeDialog(page: Page) {
  await page.getByRole('button', { name: '立即兑换' }).click();
  const dialog = page.getByRole('dialog', { name: '确认兑换' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the rich member exchanges an item: one order on a double click, and the balance drops by exactly its points', async ({ page, context, request }) => {
  const tokens = await loginAs(context, request, DEMO.rich);
  const before = await apiPoints(request, tokens.accessToken);
  const orders = ordersOf(DEMO.rich.vipCode);

  await page.goto('/productDetails?sn=PG0002');
  await expect(page.getByRole('heading', { level: 1, name: /三七花茶/ })).toBeVisible();
  const stockBefore = queryDb<{ stock: number }>("SELECT stock FROM points_goods WHERE sn = 'PG0002'").stock;
  await expect(page.getByTestId('goods-stock')).toHaveText(`${stockBefore} 件`);
  // The balance comes from the receipt (React Query setQueryData): no request reads it again.
  const balanceReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/session/points') balanceReads.push(r.url());
  });
  const dialog = await openExchangeDialog(page);
  await expect(dialog.getByText('680 积分', { exact: true })).toBeVisible();
  // SPEC §9: the balances are shown in 万 from 10000.
  await expect(dialog.getByText(`${formatPoints(before - 680)} 积分`)).toBeVisible();

  await dialog.getByRole('button', { name: '确认兑换' }).dblclick();
  const success = page.getByRole('dialog', { name: '兑换成功' });
  await expect(success).toBeVisible();
  await expect(success.getByRole('status')).toContainText('已扣除 680 积分');

  expect(await apiPoints(request, tokens.accessToken)).toBe(before - 680);
  expect(ordersOf(DEMO.rich.vipCode)).toBe(orders + 1);

  // The balance badge on the page follows without a reload...
  const badge = page.getByTestId('member-points');
  await expect(badge).toHaveAttribute('title', `${before - 680} 积分`);
  // ...the stock too, from the exchange's own answer (its updateTag re-renders the page)...
  await expect(page.getByTestId('goods-stock')).toHaveText(`${stockBefore - 1} 件`);
  expect(balanceReads).toEqual([]);
  await page.getByRole('button', { name: '完成' }).click();
  // ...and so does every other page that shows it.
  await page.goto('/integralChage');
  await expect(page.getByTestId('member-points')).toHaveAttribute('title', `${before - 680} 积分`);
});

test('the poor member gets 积分不足 and the balance is unchanged', async ({ page, context, request }) => {
  const tokens = await loginAs(context, request, DEMO.poor);
  const before = await apiPoints(request, tokens.accessToken);
  const orders = ordersOf(DEMO.poor.vipCode);
  await page.goto('/productDetails?sn=PG0015');
  const dialog = await openExchangeDialog(page);
  await expect(dialog.getByRole('alert')).toContainText('积分不足');
  await expect(dialog.getByRole('button', { name: '确认兑换' })).toBeDisabled();
  expect(await apiPoints(request, tokens.accessToken)).toBe(before);
  expect(ordersOf(DEMO.poor.vipCode)).toBe(orders);
});

test('stock runs out: the second exchanger of the last item gets a clear message and keeps the points', async ({ browser, request }) => {
  const stock = queryDb<{ stock: number }>("SELECT stock FROM points_goods WHERE sn = 'PG0024'").stock;
  // npm test starts every run on a freshly seeded database, where PG0024 has stock 1.
  expect(stock, 'PG0024 is seeded with stock 1 (run on a fresh e2e database)').toBe(1);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    await loginAs(first, request, DEMO.rich);
    const secondTokens = await loginAs(second, request, DEMO.silver);
    const pageA = await first.newPage();
    const pageB = await second.newPage();
    await pageA.goto('/productDetails?sn=PG0024');
    await pageB.goto('/productDetails?sn=PG0024');
    const dialogA = await openExchangeDialog(pageA);
    const dialogB = await openExchangeDialog(pageB);
    await dialogA.getByRole('button', { name: '确认兑换' }).click();
    await expect(pageA.getByRole('dialog', { name: '兑换成功' })).toBeVisible();

    const before = await apiPoints(request, secondTokens.accessToken);
    await dialogB.getByRole('button', { name: '确认兑换' }).click();
    await expect(dialogB.getByRole('alert')).toContainText('已兑完');
    expect(await apiPoints(request, secondTokens.accessToken)).toBe(before);
    await pageB.reload();
    await expect(pageB.getByRole('button', { name: '已兑完' })).toBeDisabled();
  } finally {
    await first.close();
    await second.close();
  }
});

test('a session that expires mid-exchange completes after the refresh, once', async ({ page, context, request }) => {
  const tokens = await loginAs(context, request, DEMO.rich);
  const before = await apiPoints(request, tokens.accessToken);
  const orders = ordersOf(DEMO.rich.vipCode);
  await page.goto('/productDetails?sn=PG0001');
  const dialog = await openExchangeDialog(page);
  // The access token expires while the dialog is open (SPEC §8 4002 → refresh, replay).
  await setSessionCookies(context, { accessToken: await expiredCopyOf(tokens.accessToken) });
  await dialog.getByRole('button', { name: '确认兑换' }).click();
  await expect(page.getByRole('dialog', { name: '兑换成功' })).toBeVisible();
  expect(ordersOf(DEMO.rich.vipCode)).toBe(orders + 1);
  expect(queryDb<{ points: number }>('SELECT points FROM members WHERE vip_code = ?', DEMO.rich.vipCode).points).toBe(before - 300);
});

test('a session that is gone gets a clear message and nothing is spent', async ({ page, context, request }) => {
  const tokens = await loginAs(context, request, DEMO.rich);
  const before = await apiPoints(request, tokens.accessToken);
  await page.goto('/productDetails?sn=PG0001');
  const dialog = await openExchangeDialog(page);
  await context.clearCookies();
  await dialog.getByRole('button', { name: '确认兑换' }).click();
  await expect(dialog.getByRole('alert')).toContainText('登录已失效');
  expect(queryDb<{ points: number }>('SELECT points FROM members WHERE vip_code = ?', DEMO.rich.vipCode).points).toBe(before);
});

test('a visitor gets the login dialog, logs in and can then exchange on the same page', async ({ page }) => {
  await page.goto('/productDetails?sn=PG0001');
  await page.getByRole('link', { name: '登录后兑换' }).click();
  const login = page.getByRole('dialog', { name: '会员登录' });
  await expect(login).toBeVisible();
  await expect(page).toHaveURL(/\/productDetails\?sn=PG0001$/);
  await login.getByLabel('手机号', { exact: true }).fill(DEMO.poor.phone);
  await login.getByLabel('密码', { exact: true }).fill(DEMO.poor.password);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('button', { name: '立即兑换' })).toBeEnabled();
  await expect(page.getByTestId('member-points')).toHaveAttribute('title', /\d+ 积分/);
});

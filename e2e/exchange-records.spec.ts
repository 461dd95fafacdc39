/**
 * 兑换记录 after an exchange, reached from the member centre and the mall;
 * SPEC §9: every points figure of the exchange dialogs in 万 from 10000.
 */
import { expect, test } from '@playwright/test';
import { formatPoints } from '../lib/format';
import { DEMO, apiPoints, loginAs } from './support/members-session';

test.beforeEach(() => test.slow());

test('an exchange shows in 兑换记录 with goods, points, date and state', async ({ page, context, request }) => {
  // Not silver: points-exchange.spec, running beside this file, checks silver's balance to the point.
  const tokens = await loginAs(context, request, DEMO.other);
  const key = `e2e${Date.now()}`;
  const res = await request.post('/api/PointsMall/ExchangeGoods', {
    form: { SN: 'PG0002', IdempotencyKey: key },
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: { OrderNo: string; CreateTime: string } };
  expect(body.ErrorNo, body.ErrorInfo).toBe(1);

  await page.goto('/userIndex');
  await page.getByRole('navigation', { name: '会员中心' }).getByRole('link', { name: /兑换记录/ }).click();
  await expect(page).toHaveURL(/\/dRecord\/exchange$/);
  const row = page.getByRole('table', { name: '兑换记录' }).locator('tbody tr').first();
  await expect(row).toContainText('三七花茶');
  await expect(row).toContainText('680');
  await expect(row).toContainText(body.Result.OrderNo);
  await expect(row).toContainText('待领取');
  await expect(row.locator('time')).toHaveAttribute('datetime', body.Result.CreateTime);

  await page.goto('/onlineMall');
  await page.getByRole('link', { name: /我的兑换记录/ }).click();
  await expect(page).toHaveURL(/\/dRecord\/exchange$/);
});

test('the exchange confirm dialog shows every points figure in 万 from 10000 (SPEC §9)', async ({ page, context, request }) => {
  const tokens = await loginAs(context, request, DEMO.rich);
  const balance = await apiPoints(request, tokens.accessToken);
  expect(balance).toBeGreaterThanOrEqual(12800 + 10000);
  await page.goto('/productDetails?sn=PG0015');
  await page.getByRole('button', { name: '立即兑换' }).click();
  const dialog = page.getByRole('dialog', { name: '确认兑换' });
  await expect(dialog.getByText('1.28万 积分', { exact: true })).toBeVisible();
  await expect(dialog.getByText(`${formatPoints(balance)} 积分`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`${formatPoints(balance - 12800)} 积分`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(/\d{5,} 积分/)).toHaveCount(0);
});

test('the not-enough-points dialog shows the shortfall in 万 (SPEC §9)', async ({ page, context, request }) => {
  const tokens = await loginAs(context, request, DEMO.poor);
  const balance = await apiPoints(request, tokens.accessToken);
  expect(12800 - balance).toBeGreaterThanOrEqual(10000);
  await page.goto('/productDetails?sn=PG0015');
  await page.getByRole('button', { name: '立即兑换' }).click();
  const dialog = page.getByRole('dialog', { name: '确认兑换' });
  await expect(dialog.getByRole('alert')).toContainText(`还差 ${formatPoints(12800 - balance)} 积分`);
  await expect(dialog.getByText('1.28万 积分', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/\d{5,}/)).toHaveCount(0);
});

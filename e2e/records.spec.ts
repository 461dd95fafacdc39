/** /dRecord/registration (SPEC §2 member services): the member's appointment records, paged in the URL. */
import { expect, test } from '@playwright/test';
import { DEMO, loginAs } from './support/members-session';

test('records list with date, clinic, doctor and status, and paging', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.rich);
  await page.goto('/dRecord/registration');
  await expect(page.getByRole('heading', { level: 1, name: '挂号记录' })).toBeVisible();
  const table = page.getByRole('table', { name: '挂号记录' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  for (const header of ['就诊日期', '门诊', '医生', '状态']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const firstOnPage1 = await rows.first().innerText();

  const pager = page.getByRole('navigation', { name: '分页' });
  await pager.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\/dRecord\/registration\?page=2$/);
  await expect(rows.first()).not.toHaveText(firstOnPage1);
  await expect(pager.getByText('第 2/3 页')).toBeVisible();

  // Dates run newest first across pages.
  const dates = await table.locator('tbody time').allInnerTexts();
  expect(dates).toEqual([...dates].sort().reverse());
});

test('another member sees only their own records', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.poor);
  await page.goto('/dRecord/registration');
  await expect(page.getByRole('table', { name: '挂号记录' }).getByRole('cell', { name: '王雅琴' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: '挂号记录' }).getByRole('cell', { name: '李文博' }).first()).toBeVisible();
});

test('in 长者模式 at 200 % zoom (683 px) each record is a card: no sideways scroll, no date broken a character a line', async ({ page, context, request, baseURL }) => {
  await loginAs(context, request, DEMO.rich);
  await context.addCookies([{ name: 'elder', value: '1', url: baseURL! }]);
  await page.setViewportSize({ width: 683, height: 900 });
  await page.goto('/dRecord/registration');
  const table = page.getByRole('table', { name: '挂号记录' });
  const firstDate = table.locator('tbody time').first();
  await expect(firstDate).toBeVisible();
  // Each cell after its column's name, shown to the eye; the table's own headers stay for screen readers.
  await expect(table.locator('tbody tr').first().getByText('就诊日期', { exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '就诊日期' })).toHaveCount(1);
  const lineHeight = await firstDate.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await firstDate.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  const box = table.locator('xpath=..');
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(683);
  // A wide window keeps the table: the names in the cards are not shown.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(table.locator('tbody tr').first().getByText('就诊日期', { exact: true })).toBeHidden();
});

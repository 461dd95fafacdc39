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

/** Issue 4 journey: clinic list → clinic → environment images → all evaluations. */
import { expect, test } from '@playwright/test';

test('clinic list → clinic → environment images → all evaluations', async ({ page }) => {
  await page.goto('/hospitallist');
  await expect(page.getByRole('heading', { level: 1, name: '找门诊' })).toBeVisible();
  // SPEC §9: distances are shown, meters under 1 km.
  await expect(page.getByText(/距您 \d+(\.\d)?(m|km)/).first()).toBeVisible();
  const first = page.locator('main article').first();
  const name = (await first.getByRole('heading').innerText()).trim();
  await first.getByRole('link', { name: '查看门诊' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const gallery = page.locator('section[aria-labelledby="environment"]');
  await expect(gallery.getByRole('heading', { name: '门诊环境' })).toBeVisible();
  await expect(gallery.getByRole('img')).not.toHaveCount(0);
  await expect(gallery.getByText('中药房')).toBeVisible();

  await page.getByRole('link', { name: '查看全部评价 ›' }).click();
  await expect(page).toHaveURL(/\/hospitalEvaluateAll\?clinic=/);
  await expect(page.getByRole('heading', { level: 1, name: '门诊评价' })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('link', { name: '有内容', exact: true }).click();
  await expect(page).toHaveURL(/content=1/);
  await expect(page.locator('main ul.divide-y > li').first()).toBeVisible();
  await expect(page.getByText('患者未填写评价内容。')).toHaveCount(0);
});

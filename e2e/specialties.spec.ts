/** SPEC §2 journeys: illness list → illness; studio list → studio. */
import { expect, test } from '@playwright/test';

test('illness list → illness', async ({ page }) => {
  await page.goto('/illnesslist');
  await page.getByRole('link', { name: '好评', exact: true }).click();
  await expect(page).toHaveURL(/sort=praise/);
  const link = page.locator('main article').first().getByRole('heading').getByRole('link');
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/illnessdetail\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: '中医治疗' })).toBeVisible();
});

test('studio list → studio → work result', async ({ page }) => {
  await page.goto('/expertstudio');
  await page.getByRole('link', { name: '内科名医', exact: true }).click();
  await expect(page).toHaveURL(/\/expertstudio\/NK/);
  const link = page.locator('main article').first().getByRole('heading').getByRole('link');
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/expertstudiodetails\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.locator('section[aria-labelledby="special-1"]').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/workResultDetail\?id=\d+/);
  await expect(page.getByText('工作成果').first()).toBeVisible();
});

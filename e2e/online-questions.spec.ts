/** SPEC §2 journey: online questions filtered 私密 + 未回复, then one question. */
import { expect, test } from '@playwright/test';

test('online questions filtered private and not replied', async ({ page }) => {
  await page.goto('/onlinequestionslist');
  await page.getByRole('link', { name: '私密', exact: true }).click();
  await expect(page).toHaveURL(/type=1/);
  await page.getByRole('link', { name: '未回复', exact: true }).click();
  await expect(page).toHaveURL(/type=1/);
  await expect(page).toHaveURL(/reply=0/);
  const items = page.locator('main ul.divide-y > li');
  await expect(items.first()).toBeVisible();
  for (const text of await items.allInnerTexts()) {
    expect(text).toContain('私密');
    expect(text).toContain('未回复');
    expect(text).not.toContain('公开');
  }
  await items.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/onlinequestionsdetail\/Q\d+/);
  await expect(page.getByRole('heading', { name: '等待医生回复' })).toBeVisible();
  await expect(page.getByText('该问题为私密提问，仅提问者与医生可见').first()).toBeVisible();
});

test('online consultation shows who is online', async ({ page }) => {
  await page.goto('/CloudIMClient/OnlineExpert/Index');
  await expect(page.getByRole('heading', { level: 1, name: '在线问诊' })).toBeVisible();
  await expect(page.getByText(/^(在线|离线)$/).first()).toBeVisible();
  await page.locator('main article').first().getByRole('link', { name: '去问诊' }).click();
  await expect(page).toHaveURL(/\/onliedoctordetail\/D\d+/);
  await expect(page.getByRole('heading', { name: '图文问诊' })).toBeVisible();
});

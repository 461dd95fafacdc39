import { expect, test } from '@playwright/test';

// SPEC §2: charity → an activity.
test('charity home → an activity → its page, with breadcrumbs back to the charity home', async ({ page }) => {
  await page.goto('/foundation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('圣爱公益');
  const activities = page.getByRole('region', { name: '公益活动' });
  const link = activities.getByRole('listitem').first().getByRole('link');
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/foundationdetail\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const crumbs = page.getByRole('navigation', { name: '面包屑导航' });
  await expect(crumbs).toContainText('公益活动');
  await crumbs.getByRole('link', { name: '圣爱公益' }).click();
  await expect(page).toHaveURL(/\/foundation$/);
});

test('the charity sidebar reaches every charity list', async ({ page }) => {
  await page.goto('/foundation');
  const sidebar = page.getByRole('navigation', { name: '圣爱公益' });
  for (const [label, path] of [
    ['公益活动', '/foundcutr0068'],
    ['健康科普', '/foundcutr0145'],
    ['通知公告', '/foundcutr0069'],
    ['公益项目', '/foundationlist'],
    ['联系我们', '/foundationcont'],
  ] as const) {
    await sidebar.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
  }
});

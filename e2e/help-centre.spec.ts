import { expect, test } from '@playwright/test';
import { apiList } from './support/content-api';

// SPEC §3: help items (GetNewList type 30, page 1, size 1000) each have their page by position.
const PAGES = [
  { classId: 1, label: '挂号问题', path: '/registrationQuestion' },
  { classId: 2, label: '会员问题', path: '/membershipIssues' },
  { classId: 3, label: '其他问题', path: '/otherQuestions' },
];

test('help centre → each of the three pages, each with its own items', async ({ page }) => {
  const items = await apiList(page.request, 'News/GetNewList', { type: 30, PageIndex: 1, PageSize: 1000 });
  expect(items.length).toBeGreaterThanOrEqual(12);
  await page.goto('/registrationQuestion');
  for (const help of PAGES) {
    await page.getByRole('navigation', { name: '帮助中心' }).getByRole('link', { name: help.label }).click();
    await expect(page).toHaveURL(new RegExp(`${help.path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(help.label);
    const questions = page.getByRole('main').getByRole('heading', { level: 2 });
    const mine = items.filter((i) => i.ClassID === help.classId).map((i) => i.Title as string);
    expect(mine.length).toBeGreaterThan(0);
    await expect(questions).toHaveText(mine);
  }
});

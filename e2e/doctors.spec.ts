/**
 * SPEC §2 journey: find a doctor in 云南 sorted by 好评 → page 2 → open one →
 * see today's schedule → filter evaluations by 不满意.
 */
import { expect, test } from '@playwright/test';
import { collectPageProblems } from './support/page-problems';

// The card's 满意度 is the doctor's one satisfaction figure (the 好评 sort orders by it).
const rate = (text: string) => Number(/满意度\s*([\d.]+)%/.exec(text)?.[1] ?? NaN);

test('find a doctor by praise, page 2, today’s schedule, dissatisfied evaluations', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/doctorlist');
  await page.getByRole('link', { name: '云南', exact: true }).click();
  await expect(page).toHaveURL(/\/doctorlist\/215/);
  await page.getByRole('link', { name: '好评', exact: true }).click();
  await expect(page).toHaveURL(/sort=praise/);
  await expect(page.getByRole('link', { name: '好评', exact: true })).toHaveAttribute('aria-current', 'true');

  const cards = page.locator('main ul.grid > li article');
  const firstPage = (await cards.allInnerTexts()).map(rate);
  expect(firstPage.length).toBeGreaterThan(0);
  expect(firstPage).toEqual([...firstPage].sort((a, b) => b - a));

  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=praise/);
  const secondPage = (await cards.allInnerTexts()).map(rate);
  expect(Math.max(...secondPage)).toBeLessThanOrEqual(Math.min(...firstPage));

  const doctorLink = cards.first().getByRole('link').first();
  const name = (await doctorLink.innerText()).trim();
  await doctorLink.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: /今日出诊/ })).toBeVisible();
  await expect(page.getByRole('table', { name: '未来14天出诊排班' })).toBeVisible();

  await page.getByRole('link', { name: '不满意', exact: true }).click();
  await expect(page).toHaveURL(/sat=3/);
  const evaluations = page.locator('#evaluations').locator('xpath=ancestor::section[1]').locator('ul.divide-y > li');
  await expect(evaluations.first()).toBeVisible();
  for (const text of await evaluations.allInnerTexts()) {
    expect(text).toContain('不满意');
    expect(text).not.toMatch(/^\S+\s+满意/);
  }
  // Requests the browser aborts because the journey moved on (favourite-state actions, RSC prefetches) are not faults.
  expect(problems.filter((p) => !p.endsWith('net::ERR_ABORTED'))).toEqual([]);
});

test('the province choice is remembered in the address cookie', async ({ page, context }) => {
  await page.goto('/doctorlist/216');
  await expect(page.getByRole('link', { name: '贵州', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'address')?.value).toBe('216');
  await page.goto('/doctorlist');
  await expect(page.getByRole('link', { name: '贵州', exact: true })).toHaveAttribute('aria-current', 'true');
});

test('a visitor who toggles a favourite is asked to log in', async ({ page }) => {
  await page.goto('/doctordetail/D100001');
  await page.getByRole('button', { name: /收藏/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '请先登录' })).toBeVisible();
});

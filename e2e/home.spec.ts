import { expect, test } from '@playwright/test';
import { apiList, htmlText } from './support/content-api';

// SPEC §2: the home page is complete in the first HTML; journey home → a news item → back.
test('the first HTML of the home page holds the carousel, figures, news, doctors and clinics', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  const text = htmlText(html);
  for (const slide of await apiList(request, 'News/GetIndexCarouse')) expect(text).toContain(slide.Title);
  for (const figure of await apiList(request, 'TW_User/GetUserNums')) expect(text).toContain(figure.Label);
  const [news] = await apiList(request, 'News/GetNewList', { type: 1, PageSize: 1 });
  expect(text).toContain(news!.Title);
  const [notice] = await apiList(request, 'News/GetTW_Notice', { PageSize: 1 });
  expect(text).toContain(notice!.Title);
  for (const heading of ['圣爱动态', '名医推荐', '就近门诊', '会员服务', '健康科普', '圣爱公益', '新媒体矩阵']) expect(text).toContain(heading);
  expect(html).toContain('"MedicalOrganization"');
  expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
});

test('home → a news item → back', async ({ page }) => {
  await page.goto('/');
  const block = page.getByRole('region', { name: '圣爱动态' });
  const link = block.getByRole('link').filter({ hasNotText: '查看更多' }).first();
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/newtdetail\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('navigation', { name: '面包屑导航' })).toContainText('圣爱动态');
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: '圣爱动态' })).toBeVisible();
});

test('the carousel changes slide with its dot buttons', async ({ page }) => {
  await page.goto('/');
  const slides = await apiList(page.request, 'News/GetIndexCarouse');
  const second = page.getByRole('button', { name: `第2张：${slides[1]!.Title}` });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('group', { name: `2 / ${slides.length}` })).toHaveAttribute('aria-hidden', 'false');
});

test('the search box on the home page goes to the search page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: '搜索医生、门诊、新闻' }).fill('颈椎病');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page).toHaveURL(/\/searchList\?keyword=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('颈椎病');
});

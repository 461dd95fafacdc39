/**
 * Public pages of the member services (SPEC §2 member services): 200, and the first HTML (no
 * JavaScript) holds the main content; malformed input answers 404, never 500.
 */
import { expect, test } from '@playwright/test';

const PAGES: { path: string; contains: string[] }[] = [
  { path: '/memberServices', contains: ['会员服务', '普卡', '银卡', '金卡', '钻石卡', '挂号优惠'] },
  { path: '/serviceRules', contains: ['服务条款', '会员注册协议', '隐私政策', '积分规则'] },
  { path: '/serviceRulesDetail?id=3', contains: ['积分规则', '积分有效期'] },
  { path: '/integralChage', contains: ['积分兑换', '石斛枫斗礼盒', '挑选心仪商品'] },
  { path: '/onlineMall', contains: ['积分商城', '万', '积分从低到高'] },
  { path: '/onlineMall?sort=points_asc&page=2', contains: ['积分商城', 'rel="prev"'] },
  { path: '/productDetails?sn=PG0016', contains: ['紫砂养生壶', '1.68万', '库存', '商品详情'] },
  { path: '/customerMessage', contains: ['客户留言', '就诊咨询', '登录后留言'] },
  { path: '/customerComplaints', contains: ['投诉建议', '服务态度', '登录后投诉建议'] },
];

for (const { path, contains } of PAGES) {
  test(`first HTML of ${path} holds its content`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const text of contains) expect(html).toContain(text);
    expect(html).toMatch(/<link rel="canonical"/);
  });
}

test('malformed or unknown input answers 404, never 500', async ({ request }) => {
  for (const path of [
    '/productDetails?sn=NOPE',
    '/productDetails',
    '/productDetails?sn=%00',
    '/productDetails?sn=%3Cscript%3E',
    '/productDetails?sn=PG0001&sn=PG0002',
    `/productDetails?sn=${'A'.repeat(10_000)}`,
    '/serviceRulesDetail?id=999',
    '/serviceRulesDetail?id=../1',
    '/serviceRulesDetail?id=1&id=2',
    '/onlineMall?page=999',
    '/onlineMall?sort=%3Cscript%3E',
    '/integralChage?category=nope',
    '/customerMessage?page=abc',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path.slice(0, 80)).toBe(404);
  }
});

test('the mall sorts and pages in the URL', async ({ page }) => {
  await page.goto('/onlineMall');
  await page.getByRole('link', { name: '积分从高到低' }).click();
  await expect(page).toHaveURL(/sort=points_desc/);
  const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).first();
  await expect(first).toContainText('万');
  await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' }).click();
  await expect(page).toHaveURL(/sort=points_desc&page=2/);
});

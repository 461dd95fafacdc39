import { expect, test } from '@playwright/test';

/**
 * docs/architecture.md: a seeded article (ID 1, lib/backend/seed/content.ts) holds
 * <script>alert(1)</script>, <img src=x onerror=alert(1)> and
 * <a href="javascript:alert(1)">; the page renders without any of them.
 */
test('the seeded attack article renders without script, onerror or javascript:', async ({ page, request }) => {
  const raw = await request.post('/api/News/GetNewDetail', { form: { ID: '1' } });
  const content = (await raw.json()).Result.Content as string;
  expect(content).toContain('<script>alert(1)</script>');
  expect(content).toContain('onerror=alert(1)');
  expect(content).toContain('javascript:alert(1)');

  const html = await (await request.get('/newtdetail/1')).text();
  expect(html).toContain('官方网站全新改版上线说明');
  // Nowhere in the page (the flight data included); and the article body holds no handler or scheme.
  expect(html).not.toContain('alert(1)');
  const articleHtml = html.slice(html.indexOf('class="article-body'), html.indexOf('</article>'));
  expect(articleHtml).toContain('改版内容');
  expect(articleHtml).not.toMatch(/<script|onerror|javascript:/i);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/newtdetail/1');
  const body = page.locator('.article-body');
  await expect(body.getByRole('heading', { name: '改版内容' })).toBeVisible();
  expect(await body.locator('script, [onerror], a[href^="javascript"]').count()).toBe(0);
  await expect(body.getByText('请点击这里反馈')).toBeVisible();
  expect(dialogs).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { navGroups } from '../lib/routes';
import { siteConfig } from '../lib/site-config';
import { collectPageProblems } from './support/page-problems';

// The site shell: SPEC §1 (title, intro, version) and §2 (nav, 404, /redirect).

test('the home page renders with the site title and the footer intro', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(siteConfig.title));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('2017年1月11日');
  await expect(footer).toContainText('ERP');
  await expect(footer).toContainText('1.0.0');
});

test('the nav holds every SPEC §2 group and its sub-links', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: '主导航' });
  for (const group of navGroups) {
    // A group with links is a disclosure button (components/layout/nav-menus.tsx); 首页 is a link.
    const role = group.links.length > 0 ? 'button' : 'link';
    await expect(nav.getByRole(role, { name: group.label }).first()).toBeVisible();
    const subLinks = [...group.links, ...(group.sections ?? []).flatMap((s) => s.links)];
    for (const link of subLinks) {
      // Sub-menus are hidden until opened (or hovered), hence includeHidden.
      const a = nav.getByRole('link', { name: new RegExp(`^${link.label}`), includeHidden: true }).first();
      await expect(a).toBeAttached();
      await expect(a).toHaveAttribute('href', link.href);
    }
  }
});

test('a sub-menu opens on hover and by its disclosure button', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: '主导航' });
  const subLink = nav.getByRole('link', { name: '找门诊' });
  await expect(subLink).toBeHidden();
  await nav.getByRole('button', { name: '看诊服务' }).hover();
  await expect(subLink).toBeVisible();
  await page.mouse.move(5, 800);
  await expect(subLink).toBeHidden();
  await nav.getByRole('button', { name: '会员服务' }).focus();
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('link', { name: '挂号问题' })).toBeVisible();
});

test('every route title is "<route title> - <site title>"', async ({ page }) => {
  await page.goto('/doctorlist');
  await expect(page).toHaveTitle(new RegExp(`^.+ - ${siteConfig.title}$`));
});

test('an unknown path answers 404 with the 404 page, and /404 exists', async ({ page, request }) => {
  const res = await request.get('/no-such-page-here');
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain('页面不存在');
  const own = await page.goto('/404');
  expect(own?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/redirect goes to internal paths only', async ({ request }) => {
  const ok = await request.get('/redirect/doctorlist?sort=praise', { maxRedirects: 0 });
  expect([307, 308]).toContain(ok.status());
  expect(ok.headers()['location']).toBe('/doctorlist?sort=praise');

  for (const hostile of ['/redirect//evil.example', '/redirect/%2F%2Fevil.example', '/redirect/%5Cevil.example', '/redirect/https:%2F%2Fevil.example']) {
    const res = await request.get(hostile, { maxRedirects: 0 });
    // Next may first normalise `//` into `/` (a same-site hop); never a foreign host.
    const location = res.headers()['location'] ?? '';
    expect(location === '' || /^\/(?![\/\\])/.test(location), `${hostile} → ${location}`).toBe(true);
    if (location) {
      const next = await request.get(location, { maxRedirects: 0 });
      expect(next.headers()['location'] ?? '', hostile).not.toMatch(/^(https?:)?\/\/|^\/\\/);
    }
    expect(res.status(), hostile).toBeLessThan(500);
  }
  const slash = await request.get('/redirect/%5Cevil.example', { maxRedirects: 0 });
  expect(slash.status()).toBe(404);
});

test('no console errors or failed requests on the home page', async ({ page }) => {
  const problems = collectPageProblems(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the scroll-to-top control returns to the top', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    document.body.style.minHeight = '4000px';
    window.scrollTo(0, 2000);
  });
  const button = page.getByRole('button', { name: '回到顶部' });
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a slow client navigation shows the nprogress loading bar until the new page arrives', async ({ page }) => {
  await page.goto('/');
  // Hold every RSC request (the navigation's data, and any prefetch) until the bar has been seen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/doctorlist',
    async (route) => {
      if (route.request().headers()['rsc'] === '1') await released;
      await route.continue();
    },
  );
  await page.getByRole('contentinfo').getByRole('link', { name: '找医生' }).click();
  const bar = page.locator('#nprogress .bar');
  await expect(bar).toBeVisible();
  await expect(page).not.toHaveURL(/\/doctorlist/);
  release();
  await expect(page).toHaveURL(/\/doctorlist/);
  // Finished when the route changed: nprogress removes its element.
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('a link that opens the login overlay in place starts no loading bar', async ({ page }) => {
  await page.goto('/onlineMall');
  // A client navigation first: nprogress is loaded by then, so a wrong start would show at once.
  await page.locator('main a[href^="/productDetails?sn="]').first().click();
  await expect(page).toHaveURL(/\/productDetails\?sn=/);
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.evaluate(() => {
    const w = window as unknown as { __sawBar: boolean };
    w.__sawBar = false;
    new MutationObserver(() => {
      if (document.getElementById('nprogress')) w.__sawBar = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('link', { name: '登录后兑换' }).click();
  await expect(page.getByRole('dialog', { name: '会员登录' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sawBar: boolean }).__sawBar)).toBe(false);
});

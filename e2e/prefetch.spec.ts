import { expect, test, type Request } from '@playwright/test';

// docs/decisions.md "Links prefetch on intent": next/link prefetched every link in the viewport, about 130
// requests per view of /doctorlist (each a render on the server, each a payload for the main thread).
// components/ui/link.tsx asks for a page when the pointer is over its link, or the link takes focus.

/** A router fetch of a page's payload (a prefetch or a navigation), not a document load. */
function isRouterFetch(r: Request): boolean {
  return new URL(r.url()).searchParams.has('_rsc') || r.headers()['rsc'] === '1';
}

test('a page view makes no prefetch request; hovering or focusing a link prefetches its page, and the click navigates', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (isRouterFetch(r)) fetched.push(new URL(r.url()).pathname);
  });
  await page.goto('/doctorlist');
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  const nav = page.getByRole('navigation', { name: '主导航' });
  // The menu opens on hover (components/layout/nav-menus.tsx); its link prefetches when the pointer is over it.
  await nav.getByRole('button', { name: '关于我们' }).hover();
  await nav.getByRole('link', { name: '集团简介' }).hover();
  await expect.poll(() => fetched).toContain('/aboutHospital');

  await page.getByRole('link', { name: '圣爱中医 首页' }).focus();
  await expect.poll(() => fetched).toContain('/');
  expect(fetched.filter((p) => p !== '/aboutHospital' && p !== '/')).toEqual([]);

  await nav.getByRole('button', { name: '关于我们' }).hover();
  await nav.getByRole('link', { name: '集团简介' }).click();
  await expect(page).toHaveURL(/\/aboutHospital$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

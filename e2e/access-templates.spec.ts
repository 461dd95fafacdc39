/**
 * Every template in both modes (docs/elder-mode.md), one page each: axe at WCAG 2.2 AA with 0 violations, in the
 * 长者模式 also axe's `color-contrast-enhanced` (AAA, 7:1) with 0; and reflow (WCAG 1.4.10): no sideways scroll
 * at 683 CSS px (a 1366-px screen at 200 %) on every template, and at 342 CSS px (400 %) on the pages a patient
 * uses to find a doctor and book. e2e/audit-routes.spec.ts audits every route at 1366 px; this sweep is one page
 * per template, at the zoomed width.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { dynamicTemplates, discoverRoutes } from './support/discover';
import { DEMO, loginAs } from './support/members-session';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const MODES = ['usual', 'elder'] as const;

/** One static page per kind of page (lists, help, member services, charity, about, search). */
const STATIC_TEMPLATES = [
  '/',
  '/searchList?keyword=%E8%83%83',
  '/doctorlist',
  '/hospitallist',
  '/hospitalEvaluateAll',
  '/CloudIMClient/OnlineExpert/Index',
  '/onlinequestionslist',
  '/batters',
  '/pricePublicity',
  '/tizhi',
  '/expertstudio',
  '/illnesslist',
  '/memberServices',
  '/onlineMall',
  '/customerMessage',
  '/serviceRules',
  '/registrationQuestion',
  '/foundation',
  '/foundationcont',
  '/trendsInfor',
  '/aboutHospital',
  '/404',
];

async function inMode(context: BrowserContext, baseURL: string, mode: (typeof MODES)[number]) {
  if (mode === 'elder') await context.addCookies([{ name: 'elder', value: '1', url: baseURL }]);
}

async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** The page is as wide as the window: nothing scrolls sideways (a table may scroll inside its own box). */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scroll, width, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { scroll: document.documentElement.scrollWidth, width, wide };
  });
  expect(scroll, `${label}: sideways scroll (${wide.join(', ')})`).toBeLessThanOrEqual(width);
}

async function audit(page: Page, url: string, mode: (typeof MODES)[number]) {
  await page.setViewportSize({ width: 683, height: 768 });
  await page.goto(url);
  await settle(page);
  await expectNoSidewaysScroll(page, `${mode} ${url} at 683 px`);
  const aa = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(aa.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), `${mode} ${url}: axe AA`).toEqual([]);
  if (mode === 'elder') {
    const aaa = await new AxeBuilder({ page }).withRules(['color-contrast-enhanced']).analyze();
    expect(aaa.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').pop()}`)).slice(0, 8), `${mode} ${url}: 7:1`).toEqual([]);
  }
}

for (const mode of MODES) {
  test.describe(`${mode}: axe and reflow at 683 px`, () => {
    for (const url of STATIC_TEMPLATES) {
      test(url, async ({ page, context, baseURL }) => {
        await inMode(context, baseURL!, mode);
        await audit(page, url, mode);
      });
    }
    for (const template of dynamicTemplates) {
      test(template.name, async ({ page, context, request, baseURL }) => {
        test.setTimeout(150_000); // the first route discovery of a run crawls the site
        const { found } = await discoverRoutes(request, baseURL!);
        const url = found[template.name];
        expect(url, `a list page links a ${template.name} URL`).toBeTruthy();
        await inMode(context, baseURL!, mode);
        await audit(page, url!, mode);
      });
    }
    test('member pages: 个人中心, 挂号记录, 就诊人, 积分明细, 体质档案, 我的问诊, the booking page', async ({ page, context, request, baseURL }) => {
      test.slow();
      await inMode(context, baseURL!, mode);
      await loginAs(context, request, DEMO.rich);
      await page.goto('/doctordetail/D100001');
      const slot = await page.locator('a[href^="/booking?slot="]').first().getAttribute('href');
      for (const url of ['/userIndex', '/dRecord/registration', '/dRecord/patients', '/dRecord/points', '/dRecord/constitution', '/dRecord/consultation', slot!]) {
        await audit(page, url, mode);
      }
    });
  });

  test(`${mode}: no sideways scroll at 342 px on the pages that find a doctor and book`, async ({ page, context, request, baseURL }) => {
    test.slow();
    await inMode(context, baseURL!, mode);
    await page.setViewportSize({ width: 342, height: 640 });
    await page.goto('/doctordetail/D100001');
    const slot = (await page.locator('a[href^="/booking?slot="]').first().getAttribute('href'))!;
    const urls = ['/doctorlist', '/doctordetail/D100001', '/hospitallist', '/department', '/searchList?keyword=%E8%83%83'];
    const { found } = await discoverRoutes(request, baseURL!);
    for (const name of ['门诊详情 hospitalDetail', '科室 department', '医生列表省份 doctorList/{provinceId}']) if (found[name]) urls.push(found[name]!);
    for (const url of urls) {
      await page.goto(url);
      await settle(page);
      await expectNoSidewaysScroll(page, `${mode} ${url} at 342 px`);
    }
    await loginAs(context, request, DEMO.rich);
    await page.goto(slot);
    await settle(page);
    await expectNoSidewaysScroll(page, `${mode} booking at 342 px`);
  });
}

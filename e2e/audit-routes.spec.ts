import AxeBuilder from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { routes } from '../lib/routes';
import { DATED_MEMBER, DATED_STATIC, DATED_TEMPLATES, dated } from './support/dated-pages';
import { addMemberCookies, discoverRoutes, dynamicTemplates, loginThroughApi, memberRoutes, staticRoutes } from './support/discover';
import { collectPageProblems } from './support/page-problems';

// docs/bench.md audits on every route of SPEC §2: axe-core at WCAG 2.2 AA with 0
// violations, no console errors and no failed requests, logged out and
// logged in; then the W3C Nu HTML checker on every page's server HTML.
// The pages that depend on the hour are tagged @dated and run again at three fixed clocks (playwright.config.ts),
// where the Nu checker reads only them.

// Each test loads its own page: the two workers share the file's tests instead of one worker running them all.
test.describe.configure({ mode: 'parallel' });

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Load, then let late requests (prefetches, islands) finish: network idle,
 * capped at 5 s so a chatty page cannot stall the suite.
 */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** Records CSP violations from the first byte on (docs/security.md: none on any page). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

async function audit(page: Page, url: string, { status = 200 }: { status?: number } = {}) {
  const problems = collectPageProblems(page, { allowStatus: status === 404 ? [404] : [] });
  await watchCsp(page);
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(status);
  await settle(page);
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), `CSP violations on ${url}`).toEqual([]);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const violations = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(violations, `axe on ${url}`).toEqual([]);
  expect(problems, `console errors / failed requests on ${url}`).toEqual([]);
}

test.describe('static routes, logged out', () => {
  for (const url of staticRoutes) {
    test(`axe + console + requests + CSP: ${url}`, dated(url), async ({ page }) => {
      await audit(page, url);
    });
  }

  test('axe + console + CSP: the 404 page', async ({ page }) => {
    await audit(page, routes.notFound(), { status: 404 });
  });
});

test.describe('dynamic routes: one URL each, found by following the list pages’ links', () => {
  for (const template of dynamicTemplates) {
    test(`axe + console + requests + CSP: ${template.name} (${template.sample.replace('QQSENTINELQQ', '{id}')})`, dated(template.name), async ({ page, request, baseURL }) => {
      test.setTimeout(150_000); // the first route discovery of a run crawls the site
      const { found } = await discoverRoutes(request, baseURL!);
      const url = found[template.name];
      // Every template is linked from a list page; a missing link is a regression, not a reason to skip.
      expect(url, `a list page links a ${template.name} URL`).toBeTruthy();
      await audit(page, url!);
    });
  }
});

test.describe('member pages, logged in through the API', () => {
  for (const url of memberRoutes) {
    test(`axe + console + requests + CSP, logged in: ${url}`, dated(url), async ({ page, context, request, baseURL }) => {
      const tokens = await loginThroughApi(request);
      expect(tokens, 'the demo member logs in through AuthenticationCenter/PcPwdLogin').not.toBeNull();
      await addMemberCookies(context, baseURL!, tokens!);
      await audit(page, url);
      // A logged-in member stays on the page (no bounce to the login guard).
      expect(new URL(page.url()).pathname).toBe(url);
    });
  }
});

test('overlays: every dialog the header opens is clean at WCAG 2.2 AA', async ({ page }) => {
  // Seven dialogs, each on a fresh load of home: more page loads than one test's default limit allows on a busy machine.
  test.setTimeout(150_000);
  const problems = collectPageProblems(page);
  await page.goto(routes.home());
  await settle(page);
  const opener = page.getByRole('banner').getByRole('button', { name: /登录/ }).first();
  // The header's member island renders after hydration (it asks the server who is logged in).
  await opener.waitFor({ timeout: 10_000 }).catch(() => undefined);
  expect(await opener.count(), 'the header offers the login button').toBeGreaterThan(0);
  await opener.click();
  // Headless UI puts role=dialog on a zero-size wrapper; its title is what a person sees.
  const dialogShown = () => expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible();
  await dialogShown();
  const seen: string[] = [];
  const scan = async (label: string) => {
    // A dialog opened from another fades in over the other's fading backdrop; mid-fade, axe measures
    // the contrast of the page behind against a half-drawn backdrop. Scan what a person sees once it rests.
    const resting = () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
    await page.waitForFunction(resting, undefined, { timeout: 5_000 });
    const r = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    seen.push(label);
    expect(r.violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await scan('login');
  // The other overlays (SPEC §2) are reached from the login dialog's own links and buttons.
  for (const name of [/注册/, /忘记密码|找回密码/, /激活/]) {
    const trigger = page.getByRole('dialog').getByRole('button', { name }).or(page.getByRole('dialog').getByRole('link', { name })).first();
    if ((await trigger.count()) === 0) continue;
    await trigger.click();
    await dialogShown();
    await scan(String(name));
    await page.keyboard.press('Escape');
    await page.goto(routes.home());
    await settle(page);
    await page.getByRole('banner').getByRole('button', { name: /登录/ }).first().click();
    await dialogShown();
  }
  expect(seen.length).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test('W3C Nu HTML checker: 0 errors on every page’s server HTML (at a fixed clock: the pages that depend on the hour)', { tag: '@dated' }, async ({ request, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const datedOnly = testInfo.project.metadata.datedOnly === true;
  const { found } = await discoverRoutes(request, baseURL!);
  const tokens = await loginThroughApi(request);
  const pages: { url: string; headers?: Record<string, string> }[] = [
    ...staticRoutes.filter((url) => !datedOnly || DATED_STATIC.has(url)).map((url) => ({ url })),
    ...Object.entries(found)
      .filter(([name, u]) => !!u && (!datedOnly || DATED_TEMPLATES.has(name)))
      .map(([, url]) => ({ url: url! })),
    ...(datedOnly ? [] : [{ url: routes.notFound() }]),
    ...(tokens
      ? memberRoutes
          .filter((url) => !datedOnly || DATED_MEMBER.has(url))
          .map((url) => ({ url, headers: { cookie: `Token=${tokens.accessToken}; refreshToken=${tokens.refreshToken}` } }))
      : []),
  ];
  expect(pages.length, 'the pages to check').toBeGreaterThan(datedOnly ? 8 : 60);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
  try {
    const names = new Map<string, string>();
    for (const [i, p] of pages.entries()) {
      const res = await request.get(p.url, { headers: p.headers });
      const file = path.join(dir, `page-${String(i).padStart(3, '0')}.html`);
      fs.writeFileSync(file, await res.text());
      names.set(path.basename(file), p.url);
    }
    const run = spawnSync('java', ['-jar', 'node_modules/vnu-jar/build/dist/vnu.jar', '--errors-only', '--format', 'json', ...[...names.keys()].map((n) => path.join(dir, n))], {
      encoding: 'utf8',
      timeout: 180_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error, 'java ran').toBeUndefined();
    const report = JSON.parse(run.stderr || run.stdout || '{"messages":[]}') as {
      messages: { type: string; url?: string; message: string; lastLine?: number; extract?: string }[];
    };
    const errors = report.messages
      .filter((m) => m.type === 'error')
      .map((m) => `${names.get(path.basename(m.url ?? '')) ?? m.url}:${m.lastLine ?? '?'} ${m.message}`);
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

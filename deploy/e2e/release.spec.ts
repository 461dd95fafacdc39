/**
 * A release while visitors have pages open (docs/operations.md "Releases" and "Rollback"), with two real builds.
 * The stack runs this tree's build (A). A copy of the tree with one change (the login dialog's code, so its chunk
 * is A's alone) is built by deploy/build-release.sh (B) and switched to by deploy/release.sh: the server's own
 * commands, with the local stack as their layout (SHENGAI_HOME=DEPLOY_STATE, whose `current` the supervised
 * processes run) and a systemctl stand-in over its processes. Pages opened on A, after the switch:
 * - load A's code they had not loaded yet (the kept static files), and run a server action on B: B was built with
 *   the key A was built with, as every release on a server is built with shengai.env's, so the action's id is the
 *   same;
 * - navigate: Next compares the build ids and loads B's page whole;
 * - an action B does not have (its id as a page built before a release that renamed the action would send it):
 *   Next's 409, and the form says 网站已更新，请刷新页面后重试, never a silent failure or a 500;
 * - a chunk that neither build has is a 404 with Cache-Control: no-store.
 * Then `deploy/release.sh --rollback` serves A again, and a page of B loads A's whole.
 * Its cost: one `next build` of the copy and two rolling restarts: 6.7 and 10.0 minutes for this file in two runs
 * on the 2-core machine at load average 20 (the build is most of it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page, type Response } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, openLoginDialog } from '../../e2e/auth-helpers';
import { nextPorts } from '../playwright.config';
import { writeSystemctlShim } from './support/systemctl-shim';

const state = path.resolve(process.env.DEPLOY_STATE || '.deploy');
const tree = fs.realpathSync(process.cwd());
const buildIdOf = (dir: string) => fs.readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8').trim();
const pidOf = (port: number) => Number(fs.readFileSync(path.join(state, 'run', `next-${port}.pid`), 'utf8').trim());
const releaseOf = (port: number) => fs.realpathSync(`/proc/${pidOf(port)}/cwd`);
const baseEnv = { NODE_ENV: 'production' as const, PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root' };

/** deploy/release.sh on the local stack. */
function release(arg: string): string {
  const { shim } = writeSystemctlShim(state, nextPorts);
  return execFileSync('bash', ['deploy/release.sh', arg], {
    env: { ...baseEnv, SHENGAI_HOME: state, SHENGAI_STATIC: path.join(state, 'static'), SYSTEMCTL: shim },
    encoding: 'utf8',
    timeout: 600_000,
  });
}

/**
 * The build id in a process's page (Next writes it into the page's payload). A connection of its own each time
 * (`agent: false`): a kept-alive socket to the process the release just stopped is closed under the request.
 */
function servedBuild(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/aboutHospital', headers: { accept: 'text/html' }, agent: false }, (res) => {
        let html = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (html += chunk));
        res.on('end', () => resolve(/\\?"b\\?":\\?"([^"\\]+)\\?"/.exec(html)?.[1] ?? ''));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

let releaseB = '';
let buildEnv = '';

test.afterAll(() => {
  // Never leave the stack on a folder about to be removed: back to this tree's build first.
  if (fs.existsSync(path.join(state, 'current')) && fs.realpathSync(path.join(state, 'current')) !== tree) release('--rollback');
  if (releaseB) {
    fs.rmSync(releaseB, { recursive: true, force: true });
    // `previous` would name the folder just removed: nothing to roll back to, as after `up`.
    const previous = path.join(state, 'previous');
    if (fs.existsSync(previous) === false && fs.lstatSync(previous, { throwIfNoEntry: false })?.isSymbolicLink()) fs.rmSync(previous);
  }
  if (buildEnv) fs.rmSync(buildEnv, { force: true });
});

/** A copy of this tree (its files as git sees them, node_modules hard-linked) with the login dialog changed. */
function copyWithChange(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-release-')));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { encoding: 'utf8' }).split('\0').filter((f) => f && fs.existsSync(f));
  for (const file of files) fs.cpSync(file, path.join(dir, file), { recursive: true });
  try {
    execFileSync('cp', ['-al', 'node_modules', path.join(dir, 'node_modules')]);
  } catch {
    // Another filesystem: a copy (slower).
    execFileSync('cp', ['-a', 'node_modules', path.join(dir, 'node_modules')]);
  }
  const dialog = path.join(dir, 'components/overlays/login-dialog.tsx');
  fs.appendFileSync(dialog, "\n// The next release (deploy/e2e/release.spec.ts): this dialog's chunk is not the running build's.\nif (typeof window !== 'undefined') (window as unknown as { shengaiRelease?: string }).shengaiRelease = 'B';\n");
  return dir;
}

async function openOnA(browser: Browser, errors: string[]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { openedOnA?: boolean }).openedOnA = true));
  return page;
}

test('a release with pages of the previous one open: their code is still served, their server action runs, a navigation loads the new release whole, an action it lacks says to reload, a chunk of neither is a 404 never kept; a rollback serves the previous release again', async ({ browser }) => {
  test.setTimeout(30 * 60_000);
  const buildA = buildIdOf(tree);
  for (const port of nextPorts) {
    expect(releaseOf(port)).toBe(tree);
    expect(await servedBuild(port)).toBe(buildA);
  }
  const errors: string[] = [];
  const navPage = await openOnA(browser, errors);
  const formPage = await openOnA(browser, errors);
  // A form kept ready across the release.
  const gonePage = await openOnA(browser, errors);
  const goneDialog = await openLoginDialog(gonePage);
  await goneDialog.getByLabel('手机号', { exact: true }).fill(DEMO.poor.phone);
  await goneDialog.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);

  await test.step('build B with deploy/build-release.sh: a copy of the tree, the key A was built with', () => {
    releaseB = copyWithChange();
    // npm test built A with a key of its own (`npx next build`): its manifest holds it. On a server both would be
    // shengai.env's.
    const key = (JSON.parse(fs.readFileSync(path.join(tree, '.next/server/server-reference-manifest.json'), 'utf8')) as { encryptionKey: string }).encryptionKey;
    buildEnv = `${releaseB}.env`;
    fs.writeFileSync(buildEnv, `NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=${key}\nDATABASE_PATH=/nonexistent/never-read-by-a-build.db\n`, { mode: 0o600 });
    const output = execFileSync('bash', ['deploy/build-release.sh', releaseB], { env: { ...baseEnv, SHENGAI_ENV: buildEnv, SHENGAI_HOME: state }, encoding: 'utf8', timeout: 1_500_000 });
    expect(output).toContain(`built ${buildIdOf(releaseB)}`);
    expect(output).not.toContain('[build-release] warning');
    expect(buildIdOf(releaseB)).not.toBe(buildA);
  });
  const buildB = buildIdOf(releaseB);
  const inB = (url: string) => fs.existsSync(path.join(releaseB, '.next/static', new URL(url).pathname.replace(/^\/_next\/static\//, '')));

  await test.step('release B with deploy/release.sh: both processes run it', () => {
    const output = release(releaseB);
    expect(output).toContain(`release: current → ${releaseB}`);
    expect(output).toContain('[rolling-restart] done');
  });
  for (const port of nextPorts) {
    expect(releaseOf(port)).toBe(releaseB);
    expect(await servedBuild(port)).toBe(buildB);
  }

  await test.step('a page of A loads A’s code it had not loaded yet, and its server action runs on B', async () => {
    const statics: { url: string; status: number }[] = [];
    formPage.on('response', (r: Response) => {
      if (r.url().includes('/_next/static/')) statics.push({ url: r.url(), status: r.status() });
    });
    const dialog = await openLoginDialog(formPage);
    expect(statics.filter((s) => s.status !== 200)).toEqual([]);
    // The dialog's chunk is A's alone: served from the files kept across releases.
    expect(statics.filter((s) => !inB(s.url)).length, JSON.stringify(statics)).toBeGreaterThan(0);
    await dialog.getByLabel('手机号', { exact: true }).fill(DEMO.poor.phone);
    await dialog.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    const action = formPage.waitForResponse((r) => r.request().method() === 'POST' && !!r.request().headers()['next-action']);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    const answer = await action;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['x-nextjs-action-not-found']).toBeUndefined();
    await expect(formPage.getByRole('banner').getByText(DEMO.poor.name)).toBeVisible();
  });

  await test.step('a page of A navigates: B’s page, loaded whole', async () => {
    // The main navigation's sections are disclosure buttons (docs/elder-mode.md "Keyboard"): open 关于我们, then its link.
    const nav = navPage.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('button', { name: '关于我们', exact: true }).click();
    await nav.getByRole('link', { name: '集团简介', exact: true }).click();
    await expect(navPage).toHaveURL(/\/aboutHospital$/);
    await expect(navPage.getByRole('heading', { level: 1, name: '集团简介' })).toBeVisible();
    expect(await navPage.evaluate(() => (window as unknown as { openedOnA?: boolean }).openedOnA ?? false)).toBe(false);
    expect(await navPage.content()).toContain(buildB);
  });

  await test.step('a page of A whose action B does not have: a 409, and the form says to reload', async () => {
    // The id a page built before a release that renamed the action would send.
    await gonePage.route('**/*', (route) => {
      const headers = route.request().headers();
      if (route.request().method() !== 'POST' || !headers['next-action']) return route.continue();
      return route.continue({ headers: { ...headers, 'next-action': `7f${'0'.repeat(40)}` } });
    });
    const action = gonePage.waitForResponse((r) => r.request().method() === 'POST' && !!r.request().headers()['next-action']);
    await goneDialog.getByRole('button', { name: '登录', exact: true }).click();
    const answer = await action;
    // Next's answer for an action it does not have: 409 "Server Action unavailable." and its marker header.
    expect(answer.status()).toBe(409);
    expect(answer.headers()['x-nextjs-action-not-found']).toBe('1');
    await expect(goneDialog.getByText('网站已更新，请刷新页面后重试')).toBeVisible();
  });

  await test.step('a chunk that neither release has: 404, never kept', async () => {
    const url = `/_next/static/chunks/in-neither-release-${Date.now()}.js`;
    const missing = await navPage.request.get(url);
    expect(missing.status()).toBe(404);
    expect(missing.headers()['cache-control']).toBe('no-store');
  });

  await test.step('rollback: deploy/release.sh --rollback serves A again, and a page of B loads A’s whole', async () => {
    const output = release('--rollback');
    expect(output).toContain(`release: current → ${tree}`);
    for (const port of nextPorts) {
      expect(releaseOf(port)).toBe(tree);
      expect(await servedBuild(port)).toBe(buildA);
    }
    await navPage.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页', exact: true }).click();
    await expect(navPage).toHaveURL(/\/$/);
    await expect.poll(() => navPage.content()).toContain(buildA);
  });
  expect(errors).toEqual([]);
});

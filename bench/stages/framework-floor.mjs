/**
 * The framework floor (docs/bench.md "Framework floor", "Floor", "Proxy floor"): an empty App Router
 * app (bench/stages/empty-app: a root layout, a page, and a page with one next/link, no client component of its
 * own) built by this project's Next with its default bundler in bench/.tmp, started with `next start`, measured
 * like our pages and removed. What no page of ours can go below: its first-load JS, its Lighthouse TBT, and (in
 * the throughput stage) its answers per second, alone and with the proxy of bench/stages/proxy-floor.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, killTree, log, waitUp } from '../shared.mjs';
import { firstLoadJs } from './first-load-js.mjs';
import { lighthouseMedian } from './lighthouse.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const EMPTY_APP_SOURCE = path.join(here, 'empty-app');
const PROXY_FLOOR_SOURCE = path.join(here, 'proxy-floor');
/** Where the empty app is built and run: three folders below the root, as its next.config.mjs expects. */
const EMPTY_APP_DIR = path.join('bench', '.tmp', 'framework-floor');

/** Where the empty app's proxy answers (the matcher of bench/stages/proxy-floor/proxy.js). */
export const PROXY_FLOOR_PATH = '/stored-page';

/**
 * Builds the empty app in bench/.tmp and starts it; `removeEmptyApp` ends it and deletes it. `storedPage`
 * (brotli bytes) adds the proxy of bench/stages/proxy-floor answering them at PROXY_FLOOR_PATH.
 */
export async function startEmptyApp({ storedPage } = {}) {
  fs.rmSync(EMPTY_APP_DIR, { recursive: true, force: true });
  fs.cpSync(EMPTY_APP_SOURCE, EMPTY_APP_DIR, { recursive: true });
  if (storedPage) {
    fs.cpSync(PROXY_FLOOR_SOURCE, EMPTY_APP_DIR, { recursive: true });
    fs.writeFileSync(path.join(EMPTY_APP_DIR, 'stored-page.br'), storedPage);
  }
  const nextBin = path.resolve('node_modules/next/dist/bin/next');
  const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  const built = spawnSync(process.execPath, [nextBin, 'build'], { cwd: EMPTY_APP_DIR, env, encoding: 'utf8', timeout: 5 * 60_000 });
  if (built.status !== 0) throw new Error(`next build of the empty app failed: ${(built.stderr || built.stdout || '').split('\n').slice(-3).join(' ')}`);
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: EMPTY_APP_DIR, env, stdio: 'ignore', detached: true });
  const origin = `http://127.0.0.1:${port}`;
  if (!(await waitUp(`${origin}/`, 60_000))) {
    killTree(child);
    throw new Error('the empty app did not start');
  }
  return { child, origin, staticDir: path.join(EMPTY_APP_DIR, '.next', 'static') };
}

export function removeEmptyApp(app) {
  killTree(app?.child);
  fs.rmSync(EMPTY_APP_DIR, { recursive: true, force: true });
}

/**
 * The empty app's first-load JS and, unless Lighthouse is skipped, its Lighthouse run (median of
 * `lighthouseRuns`) on the page with one next/link: the TBT that Next and React cost before any page of ours.
 * Not a goal row: the reference that a template's TBT is read against.
 */
export async function frameworkFloor({ lighthouseRuns }) {
  let app = null;
  try {
    app = await startEmptyApp();
    const js = [
      await firstLoadJs(app.origin, { name: 'empty App Router page', url: '/' }, app.staticDir),
      await firstLoadJs(app.origin, { name: 'empty page with one next/link', url: '/with-link' }, app.staticDir),
    ];
    let lighthouse = null;
    if (lighthouseRuns > 0) {
      log('lighthouse', 'framework floor');
      lighthouse = lighthouseMedian(app.origin, { name: 'framework floor: empty page with one next/link', url: '/with-link', cookie: null }, lighthouseRuns);
    }
    return { js, lighthouse };
  } finally {
    removeEmptyApp(app);
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { routes } from '../lib/routes';
import { startFaultServer, type FaultMode, type FaultServer } from '../test/fault-server';
import { discoverRoutes } from './support/discover';

// docs/security.md "Faults": a second `next start` whose API_BASE_URL is a misbehaving
// host. Cached public pages keep answering 200 with their last content;
// uncached pages answer within 9 s with the friendly page, no stack trace.

test.describe.configure({ mode: 'serial' });

let fault: FaultServer;
let server: ChildProcess | null = null;
let origin = '';

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

async function waitUntilUp(url: string, limitMs: number) {
  const until = Date.now() + limitMs;
  for (let i = 0; i < 600 && Date.now() < until; i++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the fault-side server did not start at ${url}`);
}

/**
 * The page's content, compared before and during the fault: its headings and
 * the pages it links to (the same doctors, the same articles). Counters such as
 * a doctor's fans may move between the two reads, because the other worker's
 * tests write while cached entries revalidate; they are not what "the last
 * content" is about.
 */
function mainOf(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/i.exec(html)?.[1] ?? html;
  const headings = [...main.matchAll(/<h[1-3]\b[^>]*>([\s\S]*?)<\/h[1-3]>/gi)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());
  const links = [...main.matchAll(/href="(\/[^"?#]*)/g)].map((m) => m[1]);
  return JSON.stringify({ headings, links });
}

/** What a browser sends for a document: such loads are answered by the page cache. */
const DOCUMENT = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

const STACK = /(\bat .+\.(js|ts|tsx):\d+|node_modules\/|webpack-internal|ApiError|TypeError:|ECONNREFUSED|SyntaxError)/;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  // 'pass' forwards to the main e2e server's embedded backend until a fault is switched on.
  fault = await startFaultServer({ mode: 'pass', upstream: baseURL!, hangMs: 20_000 });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    // Its requests come from one address: the page renders one client may ask for (LIMITS.pageRender) are raised, as
    // in the other browser tests (they are e2e/render-limit.spec.ts's).
    env: { ...process.env, API_BASE_URL: fault.url, SITE_URL: origin, NODE_ENV: 'production', PAGE_CACHE_DEBUG: '1', RATE_LIMIT_SCALE: '1000' },
    stdio: 'ignore',
    detached: true,
  });
  await waitUntilUp(`${origin}/404`, 90_000);
});

test.afterAll(async () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  await fault?.close();
});

const FAULTS: FaultMode[] = ['refuse', 'hang', 'http500', 'badjson', 'burst4029'];

test('cached public pages keep answering 200 with their last content; uncached pages fail friendly within 9 s', async ({ request, baseURL, page }) => {
  test.setTimeout(240_000);
  const { found } = await discoverRoutes(request, baseURL!);
  const cached = [routes.home(), routes.doctorList(), routes.news(), routes.onlineMall(), ...[found['医生详情 doctorDetail'], found['新闻详情 newsDetail']].filter((u): u is string => !!u)];

  // Warm the fault-side server's caches through the healthy host.
  await fault.setMode('pass');
  const before = new Map<string, string>();
  for (const url of cached) {
    const res = await request.get(`${origin}${url}`);
    expect(res.status(), `warm ${url}`).toBe(200);
    before.set(url, mainOf(await res.text()));
    expect((await request.get(`${origin}${url}`, { headers: DOCUMENT })).status(), `warm the page cache: ${url}`).toBe(200);
  }

  for (const mode of FAULTS) {
    await fault.setMode(mode, { burst: 1000 });
    for (const url of cached) {
      const res = await request.get(`${origin}${url}`, { timeout: 9_000 });
      expect(res.status(), `${mode}: cached ${url}`).toBe(200);
      expect(mainOf(await res.text()), `${mode}: cached ${url} keeps its content`).toBe(before.get(url));
      // A browser's load of the same page is answered by the whole-page cache (lib/page-cache).
      const doc = await request.get(`${origin}${url}`, { timeout: 9_000, headers: DOCUMENT });
      expect(doc.status(), `${mode}: page cache ${url}`).toBe(200);
      expect(doc.headers()['x-page-cache'], `${mode}: ${url} from the page cache`).toMatch(/^(HIT|STALE)$/);
      expect(mainOf(await doc.text()), `${mode}: page cache ${url} keeps its content`).toBe(before.get(url));
    }
    // Never-seen ids and keywords: nothing cached, the API must be asked.
    const fresh = `${Date.now().toString(36)}${mode}`;
    for (const url of [routes.doctorDetail(`FAULT${fresh}`), routes.newsDetail(`9${Date.now() % 1_000_000}`), routes.search(`故障${fresh}`)]) {
      // The 9 s bound is the request timeout: a slower answer fails the test.
      const res = await request.get(`${origin}${url}`, { timeout: 9_000, maxRedirects: 0 });
      const body = await res.text();
      expect(body, `${mode}: ${url} shows no stack trace`).not.toMatch(STACK);
      if (res.status() >= 400) {
        // What a person sees: the friendly page (app/error.tsx) or the 404 page, both with the way home.
        await page.goto(`${origin}${url}`, { timeout: 9_000, waitUntil: 'domcontentloaded' });
        await expect(page.getByRole('link', { name: '返回首页' }), `${mode}: ${url} offers a way back`).toBeVisible();
        expect(await page.locator('body').innerText()).not.toMatch(STACK);
      }
    }
    // A document load of a never-seen page (the whole-page cache's render): its first HTML is the whole site,
    // never Next's empty error shell; 503 with Retry-After when it cannot be shown (lib/page-cache/fallback.ts).
    for (const url of [routes.doctorDetail(`FAULTDOC${fresh}`), routes.newsDetail(`8${Date.now() % 1_000_000}`)]) {
      const doc = await request.get(`${origin}${url}`, { timeout: 9_000, maxRedirects: 0, headers: DOCUMENT });
      expect(doc.status(), `${mode}: ${url} (document)`).toBeGreaterThanOrEqual(400);
      const html = await doc.text();
      expect(html, `${mode}: ${url} first HTML`).not.toContain('__next_error__');
      expect(html, `${mode}: ${url} first HTML`).toMatch(/<nav aria-label="主导航"/);
      expect(html, `${mode}: ${url} first HTML`).toMatch(/页面不存在|页面暂时无法显示/);
      expect(html, `${mode}: ${url} first HTML`).not.toMatch(STACK);
      if (doc.status() >= 500) {
        expect(doc.status(), `${mode}: ${url}`).toBe(503);
        expect(doc.headers()['retry-after'], `${mode}: ${url}`).toBeTruthy();
      }
    }
  }
  await fault.setMode('pass');
});

// docs/security.md "Abuse from many clients": with the API host hanging, ten never-seen public pages loaded at
// once each answer the 503 page with the whole site in their first HTML, never Next's empty shell: a render that
// runs out of time gets the kept error page (lib/page-cache/serve.ts), whatever the client asks with.
test('with the API host hanging, ten never-seen pages at once each answer 503 with the whole error page', async ({ request }) => {
  test.setTimeout(120_000);
  // The error pages are kept while the host answers (the server renders them before any page needs one).
  await fault.setMode('pass');
  expect((await request.get(`${origin}${routes.news()}`, { headers: DOCUMENT })).status()).toBe(200);
  await fault.setMode('hang');
  const fresh = `${Date.now().toString(36)}`;
  const urls = [
    ...Array.from({ length: 4 }, (_, i) => routes.doctorDetail(`HANG${fresh}${i}`)),
    routes.newsDetail(`7${Date.now() % 1_000_000}`),
    routes.newsDetail(`6${Date.now() % 1_000_000}`),
    routes.hospitalDetail(`HANG${fresh}`),
    routes.illnessDetail(8_000_000 + (Date.now() % 1_000_000)),
    routes.search(`挂起${fresh}`),
    routes.search(`无响应${fresh}`),
  ];
  const answers = await Promise.all(
    urls.map((url, i) => request.get(`${origin}${url}`, { maxRedirects: 0, timeout: 60_000, headers: i % 2 ? { accept: '*/*' } : DOCUMENT })),
  );
  for (const [i, res] of answers.entries()) {
    const html = await res.text();
    expect(res.status(), urls[i]).toBe(503);
    expect(res.headers()['retry-after'], urls[i]).toBeTruthy();
    expect(html, urls[i]).not.toContain('__next_error__');
    expect(html, urls[i]).toMatch(/<nav aria-label="主导航"/);
    expect(html, urls[i]).toMatch(/<h1[^>]*>页面暂时无法显示<\/h1>/);
  }
  await fault.setMode('pass');
});

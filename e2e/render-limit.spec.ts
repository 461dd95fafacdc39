import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { LIMITS } from '../lib/limits';
import { demoDeployment } from '../playwright.config';

// docs/security.md "Abuse from many clients", cache busting: a query the page does not read costs no render, and
// one client gets a bounded number of the renders no cache answers (LIMITS.pageRender). A `next start` of its own,
// with the limits as in production (RATE_LIMIT_SCALE 1); each client is its own loopback address, a distinct peer.

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | null = null;
let port = 0;

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port: free } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return free;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET from `client` (a loopback address of its own), with the headers given. */
function get(client: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, localAddress: client, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer to ${path}`)));
  });
}

/** What a browser sends for a document load: the page cache answers it. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'identity' };
/** What curl and link previewers send: never answered from the page cache, so each is a render. */
const PLAIN = { accept: '*/*' };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  port = await freePort();
  const database = '.data/e2e-render-limit.db';
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
  server = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, ...demoDeployment, DATABASE_PATH: database, SITE_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'production', PAGE_CACHE_DEBUG: '1', REQUEST_LOG: '0', RATE_LIMIT_SCALE: '1' },
    stdio: 'ignore',
    detached: true,
  });
  await expect
    .poll(async () => (await get('127.0.0.1', '/404', PLAIN).catch(() => null))?.status ?? 0, { timeout: 150_000, intervals: [250, 500, 1000] })
    .toBe(404);
});

test.afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
});

test('parameters no page reads cost no render: 300 random ones and tracking marks from one client are the one cached page', async () => {
  test.setTimeout(180_000);
  const attacker = '127.0.31.1';
  const outcomes = new Map<string, number>();
  for (let i = 0; i < 300; i++) {
    const res = await get(attacker, `/trendsInfor?x${i.toString(36)}=${i}&utm_source=${i}&page=1`, BROWSER);
    expect(res.status, `request ${i}`).toBe(200);
    const how = String(res.headers['x-page-cache']);
    outcomes.set(how, (outcomes.get(how) ?? 0) + 1);
    // nginx keys by the whole query: it is never let keep such an answer.
    expect(res.headers['x-accel-expires'], `request ${i}`).toBeUndefined();
  }
  // At most the first is a render; every other one is the page kept for `?page=1`.
  expect(outcomes.get('MISS') ?? 0).toBeLessThanOrEqual(1);
  expect((outcomes.get('HIT') ?? 0) + (outcomes.get('STALE') ?? 0)).toBeGreaterThanOrEqual(299);
  const usual = await get('127.0.31.2', '/trendsInfor?page=1', BROWSER);
  expect(usual.headers['x-accel-expires']).toBe('1');
});

test('one client asking for renders no cache answers is refused past its allowance, with 429 and the whole page; others are not', async () => {
  test.setTimeout(300_000);
  const attacker = '127.0.32.1';
  const allowance = LIMITS.pageRender.allowance;
  const statuses: number[] = [];
  // Four at a time, as a script would: each asks for the page with a query never seen, as curl does.
  for (let i = 0; i < allowance + 20; i += 4) {
    const batch = await Promise.all([0, 1, 2, 3].map((j) => get(attacker, `/trendsInfor?bust=${i + j}`, PLAIN)));
    statuses.push(...batch.map((res) => res.status));
  }
  const refused = statuses.filter((s) => s === 429).length;
  expect(statuses.filter((s) => s === 200).length).toBe(allowance);
  expect(refused).toBe(statuses.length - allowance);

  const refusal = await get(attacker, '/trendsInfor?bust=last', PLAIN);
  expect(refusal.status).toBe(429);
  expect(Number(refusal.headers['retry-after'])).toBeGreaterThan(0);
  // The whole kept error page, never the empty shell or a stack.
  expect(refusal.body).toContain('页面暂时无法显示');
  expect(refusal.body).not.toContain('__next_error__');
  // A fake session cookie makes no render of its own either.
  expect((await get(attacker, '/trendsInfor', { ...PLAIN, cookie: 'refreshToken=forged' })).status).toBe(429);

  // The attacker's kept pages still answer; another client renders.
  const kept = await get(attacker, '/trendsInfor?page=1', BROWSER);
  expect(kept.status).toBe(200);
  expect(kept.headers['x-page-cache']).toMatch(/HIT|STALE/);
  const visitor = await get('127.0.32.2', '/trendsInfor?bust=visitor', PLAIN);
  expect(visitor.status).toBe(200);
  expect(visitor.body).toContain('</html>');
});

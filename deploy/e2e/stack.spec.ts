/**
 * The production stack (docs/deploying.md, scripts/deploy-local.sh): nginx terminates TLS in front of two
 * `next start` processes that share Redis. Run by `npm run test:deploy` with the stack up.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { observatoryScore } from '../../test/observatory';
import { DEMO, apiLogin, loginAs, queryDb } from '../../e2e/support/members-session';
import { httpPort, nextPorts, stackURL } from '../playwright.config';

const state = path.resolve(process.env.DEPLOY_STATE || '.deploy');

const DOCUMENT = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd' };
const direct = (port: number, p: string) => `http://127.0.0.1:${port}${p}`;
const pidOf = (port: number) => Number(fs.readFileSync(path.join(state, 'run', `next-${port}.pid`), 'utf8').trim());
const logOf = (port: number) => fs.readFileSync(path.join(state, 'logs', `next-${port}.log`), 'utf8');
const deployLocal = (command: string) => execFileSync('bash', ['scripts/deploy-local.sh', command], { stdio: 'pipe', timeout: 60_000 });

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(direct(port, '/robots.txt'), { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

test('plain HTTP redirects to the same page over HTTPS', async ({ request }) => {
  const res = await request.get(`http://127.0.0.1:${httpPort}/doctorlist?page=2`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe(`${stackURL}/doctorlist?page=2`);
});

test('the Observatory scan over HTTPS: A+ and at least 110, on the home page and a member’s login', async ({ request }) => {
  const redirect = await request.get(`http://127.0.0.1:${httpPort}/`, { maxRedirects: 0 });
  const redirection = redirect.status() === 301 && (redirect.headers().location ?? '').startsWith('https://127.0.0.1') ? 'redirection-to-https' : 'redirection-missing';
  const home = await request.get('/', { headers: DOCUMENT });
  expect(home.status()).toBe(200);
  const scan = observatoryScore({
    headers: home.headers(),
    setCookies: home.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value),
    html: await home.text(),
    url: `${stackURL}/`,
    redirection,
  });
  expect(scan.tests.filter((t) => t.modifier < 0), JSON.stringify(scan.tests)).toEqual([]);
  expect(scan.score).toBeGreaterThanOrEqual(110);
  expect(scan.grade).toBe('A+');
  // One Strict-Transport-Security header (nginx's), not two.
  expect(home.headersArray().filter((h) => h.name.toLowerCase() === 'strict-transport-security')).toHaveLength(1);
});

test('nginx serves Next’s build files itself: immutable, precompressed, with the security headers', async ({ request }) => {
  const home = await (await request.get('/', { headers: DOCUMENT })).text();
  const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(home)?.[1];
  expect(script).toBeTruthy();
  const js = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(js.status()).toBe(200);
  const h = js.headers();
  expect(h['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(h['content-encoding']).toBe('gzip');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['strict-transport-security']).toMatch(/max-age=31536000/);
  // The same bytes as the file on disk (nginx's answer, not the app's).
  expect((await js.body()).toString('utf8')).toBe(fs.readFileSync(path.join('.next', script!.replace('/_next/', '')), 'utf8'));
  const logo = await request.get('/logo.svg');
  expect(logo.status()).toBe(200);
  expect(logo.headers()['cache-control']).toBe('public, max-age=86400');
});

test('the client address is the one nginx saw: a forged X-Forwarded-For is replaced', async ({ request }) => {
  // /doctorlist keys its cached page by the visitor's address (lib/page-cache/policy.ts): two forged
  // addresses are one visitor (127.0.0.1) behind nginx, so the second answer is the first one's page.
  await request.get('/doctorlist', { headers: { ...DOCUMENT, 'x-forwarded-for': '203.0.113.7' } });
  const a = await request.get('/doctorlist', { headers: { ...DOCUMENT, 'x-forwarded-for': '198.51.100.9' } });
  const b = await request.get('/doctorlist', { headers: DOCUMENT });
  expect(a.status()).toBe(200);
  expect(await a.text()).toBe(await b.text());
});

test('an exchange in one process shows the new stock at once on the cached product page of every process', async ({ page, context, request }) => {
  const sn = 'PG0005';
  const stockOf = () => queryDb<{ stock: number }>('SELECT stock FROM points_goods WHERE sn = ?', sn).stock;
  const before = stockOf();
  // Each process has the page cached with the current stock.
  for (const port of nextPorts) {
    await fetch(direct(port, `/productDetails?sn=${sn}`), { headers: DOCUMENT });
    expect(await (await fetch(direct(port, `/productDetails?sn=${sn}`), { headers: DOCUMENT })).text()).toContain(`${before} 件`);
  }
  await loginAs(context, request, DEMO.rich);
  await page.goto(`/productDetails?sn=${sn}`);
  await page.getByRole('button', { name: '立即兑换' }).click();
  await page.getByRole('dialog', { name: '确认兑换' }).getByRole('button', { name: '确认兑换' }).click();
  await expect(page.getByRole('dialog', { name: '兑换成功' })).toBeVisible();
  expect(stockOf()).toBe(before - 1);
  // Whichever process made the exchange, both expired the data-cache tags and purged their copy (Redis pub/sub).
  for (const port of nextPorts) {
    await expect.poll(async () => (await (await fetch(direct(port, `/productDetails?sn=${sn}`), { headers: DOCUMENT })).text()).includes(`${before - 1} 件`)).toBe(true);
  }
  // And through nginx, once its micro-cache's second is up (docs/deploying.md "Micro-cache").
  await expect.poll(async () => (await (await request.get(`/productDetails?sn=${sn}`, { headers: DOCUMENT })).text()).includes(`${before - 1} 件`)).toBe(true);
});

test('nginx keeps a public page one second for every visitor, and never a member’s page or a router fetch', async ({ request }) => {
  const how = async (path: string, headers: Record<string, string> = {}) => {
    const res = await request.get(path, { headers: { ...DOCUMENT, ...headers }, maxRedirects: 0 });
    return { status: res.status(), cache: res.headers()['x-micro-cache'] ?? '', headers: res.headers(), body: await res.text() };
  };
  // A page the same for everyone: the second of two requests in a row is nginx's own answer, headers and all.
  await expect.poll(async () => (await how('/newtdetail/2')).cache).toBe('HIT');
  const hit = await how('/newtdetail/2');
  expect(hit.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(hit.headers['strict-transport-security']).toContain('max-age=31536000');
  expect(hit.headers['x-accel-expires']).toBeUndefined();

  // A parameter no page reads (lib/page-vary.ts PAGE_QUERY): the process answers the kept page, and nginx, whose key
  // holds the whole query, keeps none of it, however often it is asked for (docs/security.md "cache busting").
  for (let i = 0; i < 4; i++) {
    const busted = await how('/newtdetail/2?bust=1');
    expect(busted.status).toBe(200);
    expect(busted.cache).not.toBe('HIT');
    expect(busted.body).toContain(hit.body.match(/<h1[^>]*>[^<]*/)?.[0] ?? '<h1');
  }

  // A member's request never reads or fills it: the member's own page, with their name in the header's data.
  const tokens = await apiLogin(request, DEMO.other);
  const member = await how('/modifyInfor', { cookie: `Token=${tokens.accessToken}; refreshToken=${tokens.refreshToken}` });
  expect(member.status).toBe(200);
  expect(member.cache).toBe('BYPASS');
  expect((await how('/newtdetail/2', { cookie: `refreshToken=${tokens.refreshToken}` })).cache).toBe('BYPASS');

  // The router's own fetches and server actions pass by.
  expect((await how('/newtdetail/2', { rsc: '1' })).cache).toBe('BYPASS');
});

/** A document load through nginx from a loopback address of its own (all of 127/8 is this machine's). */
function loadFrom(localAddress: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; cache: string; body: string }>((resolve, reject) => {
    const req = https.get(
      `${stackURL}${pathname}`,
      { localAddress, rejectUnauthorized: false, headers: { ...DOCUMENT, 'accept-encoding': 'identity', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-micro-cache'] ?? ''), body }));
      },
    );
    req.on('error', reject);
  });
}

test('nginx keeps a place-keyed list by the visitor’s place: a new address of the same city gets it, a chosen province never', async () => {
  // Every loopback address is located in one place (the embedded backend's default city). A visitor nginx has
  // never seen, from an address of its own, gets the copy made for another one: the key is the place.
  let seen = 0;
  const stranger = () => `127.0.${Math.floor(seen / 250) + 1}.${(seen++ % 250) + 1}`;
  await expect
    .poll(async () => {
      await loadFrom('127.0.0.21', '/hospitallist');
      const first = await loadFrom(stranger(), '/hospitallist');
      expect(first.status).toBe(200);
      return first.cache;
    })
    .toBe('HIT');
  // A place the client names itself is replaced by nginx's own: a copy made on such a request is the place's
  // page, kept for the next visitor (were the client's place passed on, the site would not let nginx keep it).
  const forged = { 'x-visitor-place': '216@26.65,106.63' };
  await expect
    .poll(async () => {
      const made = await loadFrom(stranger(), '/doctorlist', forged);
      if (made.cache === 'HIT') return 'an older copy';
      return (await loadFrom(stranger(), '/doctorlist', forged)).cache;
    })
    .toBe('HIT');
  // A province the visitor chose (the address cookie, whatever its value) is the site's to answer, every time.
  for (const cookie of ['address=216', 'address=216', 'address=0', 'address=x']) {
    const chosen = await loadFrom('127.0.0.21', '/doctorlist', { cookie });
    expect(chosen.status).toBe(200);
    expect(chosen.cache).toBe('BYPASS');
  }
  // The place lookup is nginx's own subrequest: from outside it is not there.
  expect((await loadFrom('127.0.0.21', '/__visitor-place')).status).toBe(404);
});

// Each process has one Redis connection, made at start (docs/deploying.md): a process's first refresh is shared too.
test('two processes refreshing one expired session at once keep the member logged in (one refresh across processes)', async ({ request }) => {
  const tokens = await apiLogin(request, DEMO.poor);
  // The access cookie is gone (expired); both processes get the same refresh cookie at the same moment.
  const load = (port: number) =>
    fetch(direct(port, '/userIndex'), { headers: { ...DOCUMENT, cookie: `refreshToken=${tokens.refreshToken}` }, redirect: 'manual' });
  const results = await Promise.all(nextPorts.map(load));
  const refreshed = results.map((r) => /refreshToken=([^;]+)/.exec(r.headers.getSetCookie().join('\n'))?.[1]);
  for (const r of results) expect(r.status).toBe(200);
  expect(refreshed[0]).toBeTruthy();
  expect(new Set(refreshed).size).toBe(1);
  // The new refresh token still works: the family was not revoked as a reuse.
  const next = await fetch(direct(nextPorts[0]!, '/userIndex'), { headers: { ...DOCUMENT, cookie: `refreshToken=${refreshed[0]}` }, redirect: 'manual' });
  expect(next.status).toBe(200);
});

async function hammer(request: APIRequestContext, until: () => boolean) {
  const result = { ok: 0, failed: [] as string[] };
  const worker = async () => {
    while (!until()) {
      try {
        // Not a document load (Accept */*), so nginx's micro-cache lets every request through to a process.
        const res = await request.get('/doctordetail/D100001', { headers: { accept: '*/*', 'accept-encoding': DOCUMENT['accept-encoding'] }, timeout: 20_000 });
        if (res.headers()['x-micro-cache'] === 'HIT') throw new Error('answered by nginx, not by a process');
        if (res.status() === 200) result.ok++;
        else result.failed.push(`HTTP ${res.status()}`);
      } catch (err) {
        result.failed.push(String(err).slice(0, 120));
      }
    }
  };
  return { result, workers: Array.from({ length: CONCURRENCY }, worker) };
}
const CONCURRENCY = 8;

test('killing one process under load: no failed request beyond those in flight, and it comes back', async ({ request }) => {
  test.setTimeout(180_000);
  const port = nextPorts[0]!;
  const old = pidOf(port);
  let stop = false;
  const { result, workers } = await hammer(request, () => stop);
  await expect.poll(() => result.ok, { timeout: 30_000 }).toBeGreaterThan(100);
  process.kill(old, 'SIGKILL');
  const atKill = result.ok;
  // The supervisor starts it again (systemd's Restart=on-failure in production).
  await expect.poll(async () => pidOf(port) !== old && (await answers(port)), { timeout: 120_000, intervals: [250] }).toBe(true);
  await expect.poll(() => result.ok - atKill, { timeout: 30_000 }).toBeGreaterThan(100);
  stop = true;
  await Promise.all(workers);
  console.log(`kill under load: ${result.ok} answered, ${result.failed.length} failed ${JSON.stringify(result.failed.slice(0, 3))}`);
  // At most the requests in flight on the killed process when it died (nginx retries GETs on the other).
  expect(result.failed.length).toBeLessThanOrEqual(CONCURRENCY);
  expect(logOf(port)).toContain('[supervise] next start on');
});

test('Redis down: the site keeps serving, says so in the log, and shares again when Redis is back', async ({ request }) => {
  test.setTimeout(120_000);
  // Every process has its Redis connection open (the page cache subscribes to purges).
  for (const port of nextPorts) await fetch(direct(port, '/trendsInfor'), { headers: DOCUMENT });
  deployLocal('redis-stop');
  try {
    for (let i = 0; i < 10; i++) {
      for (const p of ['/', '/doctorlist', '/trendsInfor', '/productDetails?sn=PG0002']) {
        expect((await request.get(p, { headers: DOCUMENT })).status(), p).toBe(200);
      }
    }
    // A login (writes a session, a limit counted per process now) works too.
    expect((await apiLogin(request, DEMO.rich)).accessToken).toBeTruthy();
    for (const port of nextPorts) {
      await expect.poll(() => logOf(port).includes('[redis] unreachable'), { timeout: 30_000 }).toBe(true);
    }
  } finally {
    deployLocal('redis-start');
  }
  for (const port of nextPorts) {
    await expect.poll(() => logOf(port).includes('[redis] reachable again'), { timeout: 30_000 }).toBe(true);
  }
});

test('nobody outside can ask a process to expire its data cache', async ({ request }) => {
  const res = await request.post('/session/page-cache-purge', {
    headers: { 'x-page-cache-render': 'guessed-secret-000000000', 'content-type': 'application/json' },
    data: { tags: ['points-goods'] },
  });
  expect(res.status()).toBe(404);
});

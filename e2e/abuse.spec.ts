import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { routes } from '../lib/routes';
import { freshPhone, openLoginDialog } from './auth-helpers';
import { DEMO, apiLogin, expiredCopyOf } from './support/members-session';
import { staticRoutes } from './support/discover';

// Abuse from many clients (docs/security.md "Abuse from many clients"), on the production server: what anonymous
// requests cost the disk, what OPTIONS answers, a refused login's status, the device cookie, and the one refresh
// of a page load whose access cookie has expired. (The many-address attacks themselves are in
// lib/backend/abuse.test.ts and bench/abuse.mjs: this server gets everything from one address.)

const CACHE = path.resolve('.next/cache');

/** Every file under a folder of the server's cache, with its text when `withText` (empty when there is none). */
function filesUnder(folder: string, withText = false): { file: string; text: string }[] {
  const root = path.join(CACHE, folder);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((f) => path.join(root, f))
    .filter((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile())
    .map((file) => ({ file, text: withText ? fs.readFileSync(file, 'latin1') : '' }));
}

async function expectStatus(request: APIRequestContext, url: string, status: number, headers: Record<string, string> = {}) {
  const res = await request.get(url, { headers, maxRedirects: 0 });
  expect(res.status(), url).toBe(status);
  return res;
}

test('anonymous requests do not fill the disk: keywords, unknown doctors and unknown share cards write nothing', async ({ request }) => {
  test.setTimeout(180_000);
  const marker = `ABUSE${Date.now().toString(36).toUpperCase()}`;
  const before = filesUnder('fetch-cache').length;
  // What one client did: a new keyword for every suggestion, an unknown code for every page and card.
  for (let i = 0; i < 150; i++) await expectStatus(request, `/search-suggestions?q=${encodeURIComponent(`${marker}针灸${i}`)}`, 200);
  for (let i = 0; i < 20; i++) {
    await expectStatus(request, routes.doctorDetail(`${marker}D${i}`), 404, { accept: 'text/html' });
    await expectStatus(request, `/share-card/doctor/${marker}C${i}.png?v=${i}`, 404);
    await expectStatus(request, `/share-card/clinic/${marker}K${i}.png`, 404);
  }
  // Nothing names the marker: no data-cache entry tagged with an unknown code, no stored card.
  expect(filesUnder('fetch-cache', true).filter((f) => f.text.includes(marker))).toEqual([]);
  expect(filesUnder('share-cards').filter((f) => f.file.includes(marker))).toEqual([]);
  // And the 150 keywords (three lists each: 450 entries before) wrote none; another worker's new pages may write a few.
  expect(filesUnder('fetch-cache').length - before).toBeLessThan(60);
});

/**
 * The files of Next's data cache (.next/cache/fetch-cache: what requests write at run time; share cards are
 * bounded by content, .next/cache/turbopack is the build's), by name with their sizes.
 */
function dataCacheFiles(): Map<string, number> {
  return new Map(filesUnder('fetch-cache').map(({ file }) => [file, fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0]));
}

test('random query values across the public routes do not grow the disk (the finder checks its filters first)', async ({ request }) => {
  test.setTimeout(600_000);
  const marker = `Q${Date.now().toString(36)}`;
  // Each route once first, so what it rightly keeps (its content) is on disk before counting.
  const finder = [`${routes.doctorList(215)}`, routes.doctorList(), routes.department('中医内科')];
  for (const url of [...staticRoutes, ...finder]) await request.get(url, { maxRedirects: 0 });
  // Next writes an entry after it answers: wait until the data cache has settled before counting.
  let settled = -1;
  await expect
    .poll(() => {
      const now = dataCacheFiles().size;
      const same = now === settled;
      settled = now;
      return same;
    }, { intervals: [1000] })
    .toBe(true);
  const before = dataCacheFiles();
  let sent = 0;
  // What one client did: a new value for each filter of the finder (each wrote one 6 KB file before), and an
  // unknown parameter on every public page.
  for (let i = 0; i < 30; i++) {
    for (const base of finder) {
      for (const q of [`dept=${marker}${i}`, `title=${marker}${i}`, `clinic=${marker}${i}`, `date=20${30 + (i % 60)}-0${1 + (i % 9)}-1${i % 10}`]) {
        const res = await request.get(`${base}?${q}`, { maxRedirects: 0 });
        expect(res.status(), `${base}?${q}`).toBeLessThan(500);
        sent++;
      }
    }
  }
  for (const url of staticRoutes) {
    const res = await request.get(`${url}${url.includes('?') ? '&' : '?'}utm_source=${marker}&${marker}=1`, { maxRedirects: 0, headers: { accept: 'text/html' } });
    expect(res.status()).toBeLessThan(500);
    sent++;
  }
  expect(sent).toBeGreaterThan(380);
  // Nothing on disk names a value the client chose.
  expect(filesUnder('fetch-cache', true).filter((f) => f.text.includes(marker))).toEqual([]);
  // New entries (a key never written before): each unknown filter value wrote one of ~6 KB, 360 here before the
  // finder checked its filters. An entry that expired and was written again (near-live lists) is no new key; the
  // other worker's new pages write a few meanwhile (a full run saw 11), so the bound is a sixth of the old growth.
  // The goal of < 1 MB for 10,000 values is bench:abuse's figure (docs/security.md), on a server of its own.
  const added = [...dataCacheFiles()].filter(([file]) => !before.has(file));
  expect(added.length, added.map(([f]) => path.basename(f)).join(' ')).toBeLessThan(60);
  expect(added.reduce((sum, [, size]) => sum + size, 0)).toBeLessThan(512 * 1024);
});

test('a share card is drawn once and kept on disk: one file per page', async ({ request }) => {
  const page = await request.get(routes.doctorDetail('D100003'));
  const image = /<meta property="og:image" content="([^"]+)"/.exec(await page.text())?.[1]?.replace(/&amp;/g, '&');
  expect(image).toBeTruthy();
  const url = new URL(image!);
  const first = await request.get(`${url.pathname}${url.search}`);
  expect(first.status()).toBe(200);
  const stored = filesUnder('share-cards').filter((f) => f.file.includes(`${path.sep}doctor${path.sep}D100003.`));
  expect(stored).toHaveLength(1);
  const bytes = Buffer.from(await first.body());
  expect(fs.readFileSync(stored[0]!.file).equals(bytes)).toBe(true);
  const modified = fs.statSync(stored[0]!.file).mtimeMs;
  for (let i = 0; i < 5; i++) expect(Buffer.from(await (await request.get(`${url.pathname}${url.search}`)).body()).equals(bytes)).toBe(true);
  expect(fs.statSync(stored[0]!.file).mtimeMs).toBe(modified);
});

test('OPTIONS on pages and public files answers 204 with Allow, never 500', async ({ request }) => {
  for (const url of ['/', routes.doctorList(), '/images/share-card.png', '/logo.svg', '/robots.txt', '/favicon.ico', '/no-such-file.png']) {
    const res = await request.fetch(url, { method: 'OPTIONS' });
    expect(res.status(), url).toBe(204);
    expect(res.headers()['allow'], url).toBe('GET, HEAD, POST');
  }
});

test('a locked login answers its server action with 429 and Retry-After, and shows the wait in Chinese', async ({ page }) => {
  const phone = freshPhone();
  await page.goto('/');
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('手机号', { exact: true }).fill(phone);
  const statuses: { status: number; retryAfter?: string }[] = [];
  page.on('response', (res) => {
    if (res.request().method() === 'POST' && res.request().headers()['next-action']) {
      statuses.push({ status: res.status(), retryAfter: res.headers()['retry-after'] });
    }
  });
  // Five wrong passwords lock this browser out of the phone (the lock is not scaled by RATE_LIMIT_SCALE).
  for (let i = 0; i < 6; i++) {
    await dialog.getByLabel('密码', { exact: true }).fill(`Wrong${i}pass`);
    const answered = page.waitForResponse((res) => res.request().method() === 'POST' && Boolean(res.request().headers()['next-action']));
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await answered;
  }
  await expect(page.getByText(/密码错误次数过多，账号已锁定，请\d+分钟后再试/).first()).toBeVisible();
  expect(statuses.slice(0, 4).map((s) => s.status)).toEqual([200, 200, 200, 200]);
  expect(statuses.at(-1)?.status).toBe(429);
  expect(Number(statuses.at(-1)?.retryAfter)).toBeGreaterThan(0);
});

test('a login through the dialog keeps the device cookie: httpOnly, a year, the API\'s signed token', async ({ page, context }) => {
  await page.goto('/');
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('手机号', { exact: true }).fill(DEMO.other.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(DEMO.other.password);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  const device = (await context.cookies()).find((c) => c.name === 'deviceToken');
  expect(device?.httpOnly).toBe(true);
  expect(device?.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(300 * 24 * 3600 * 1000);
});

test('a page load with an expired access cookie gets fresh cookies from proxy.ts, and the session lives on', async ({ request }) => {
  const tokens = await apiLogin(request, DEMO.other);
  const expired = await expiredCopyOf(tokens.accessToken);
  const res = await request.get(routes.userIndex(), {
    headers: { accept: 'text/html', cookie: `Token=${expired}; refreshToken=${tokens.refreshToken}` },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(200);
  const set = res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value);
  const fresh = (name: string) => set.find((c) => c.startsWith(`${name}=`))?.split(';')[0]!.slice(name.length + 1);
  expect(fresh('Token')).toBeTruthy();
  expect(fresh('Token')).not.toBe(expired);
  expect(fresh('refreshToken')).toBeTruthy();
  // The browser now holds a pair the API accepts: the next load needs no refresh and stays logged in.
  const next = await request.get(routes.userIndex(), {
    headers: { accept: 'text/html', cookie: `Token=${fresh('Token')}; refreshToken=${fresh('refreshToken')}` },
    maxRedirects: 0,
  });
  expect(next.status()).toBe(200);
  expect(await next.text()).toMatch(/个人中心/);
});

import { expect, test, type APIRequestContext } from '@playwright/test';
import { dynamicTemplates, loginThroughApi, matcherOf, staticRoutes } from './support/discover';
import { serverActions } from './support/server-actions';

// Issue 8 fuzzing: hostile values in every dynamic segment and query parameter
// of the SPEC §2 routes → never a 500, never a reflected unescaped script.

const SCRIPT = '<script>alert("fz1")</script>';
const REFLECTED = /<script>alert\("fz1"\)/i;

/** Hostile values, as they are put into the URL (already encoded where a browser would). */
const HOSTILE: { name: string; raw: string }[] = [
  { name: 'empty', raw: '' },
  { name: '10 KB', raw: 'A'.repeat(10 * 1024) },
  { name: '%00', raw: '%00' },
  { name: 'NUL + text', raw: 'abc%00def' },
  { name: 'lone %', raw: '%' },
  { name: 'broken escape', raw: '%E0%A4%A' },
  { name: '../', raw: encodeURIComponent('../../../etc/passwd') },
  { name: 'raw ..', raw: '..' },
  { name: 'unicode', raw: encodeURIComponent('中医𝌆\u202eΩ\u3000') },
  { name: '<script>', raw: encodeURIComponent(SCRIPT) },
  { name: 'SQL', raw: encodeURIComponent("1' OR '1'='1' --") },
  { name: 'SQL stacked', raw: encodeURIComponent('1; DROP TABLE doctors;--') },
  { name: 'huge number', raw: '99999999999999999999999' },
  { name: 'negative', raw: '-1' },
  { name: 'float', raw: '1.5e308' },
];

/** The query parameters the SPEC §2 lists and details read (lib/routes builders, lib/constants filters). */
const QUERY_PARAMS = ['id', 'sn', 'page', 'sort', 'keyword', 'province', 'type', 'classId', 'classCode', 'orgCode', 'city', 'area', 'level', 'title'];

async function expectSafe(request: APIRequestContext, url: string) {
  const res = await request.get(url, { maxRedirects: 0, timeout: 20_000 });
  expect(res.status(), url.slice(0, 200)).toBeLessThan(500);
  const body = await res.text();
  expect(REFLECTED.test(body), `reflected script at ${url.slice(0, 200)}`).toBe(false);
  const location = res.headers()['location'];
  if (location) expect(location, url.slice(0, 200)).toMatch(/^\/(?![/\\])|^https?:\/\/127\.0\.0\.1[:/]/);
}

test.describe('dynamic segments and id parameters', () => {
  for (const template of dynamicTemplates) {
    test(`hostile ids: ${template.name}`, async ({ request }) => {
      const m = matcherOf(template.sample);
      for (const value of HOSTILE) {
        await expectSafe(request, template.sample.replaceAll('QQSENTINELQQ', value.raw));
        // Arrays: the id given twice.
        if (m.params.length > 0) {
          await expectSafe(request, `${template.sample.replaceAll('QQSENTINELQQ', '1')}&${m.params[0]}=${value.raw || '2'}`);
        }
      }
      // An optional catch-all takes at most one segment (common brief): more is a 404, never a 500.
      if (m.segmentIndexes.length > 0) {
        await expectSafe(request, `${template.sample.replaceAll('QQSENTINELQQ', '1')}/2/3`);
      }
    });
  }
});

test.describe('query parameters of the static routes', () => {
  // One test per route; each request sets every known parameter to the same hostile value.
  for (const route of staticRoutes) {
    test(`hostile query: ${route}`, async ({ request }) => {
      for (const value of HOSTILE) {
        const qs = QUERY_PARAMS.map((p) => `${p}=${value.raw}`).join('&');
        await expectSafe(request, `${route}${route.includes('?') ? '&' : '?'}${qs}`.slice(0, 14_000));
      }
      // Arrays: every parameter twice.
      await expectSafe(request, `${route}?${QUERY_PARAMS.map((p) => `${p}=1&${p}=2`).join('&')}`);
    });
  }
});

test('hostile paths under /redirect stay on the site', async ({ request }) => {
  for (const value of HOSTILE) await expectSafe(request, `/redirect/${value.raw}`);
  for (const raw of ['%2F%2Fevil.example', '%5Cevil.example', 'https:%2F%2Fevil.example', '%09%2F%2Fevil.example', '%2F%5Cevil.example', '..%2F%2Fevil.example', '.%2F%2Fevil.example', 'a%2F..%2F%2Fevil.example']) {
    await expectSafe(request, `/redirect/${raw}`);
  }
});

test('every server action survives hostile arguments: never a 500, never a reflected script', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const actions = serverActions();
  test.info().annotations.push({ type: 'server actions fuzzed', description: String(actions.length) });
  const logins = await loginThroughApi(request);
  const cookie = logins ? `Token=${logins.accessToken}; refreshToken=${logins.refreshToken}` : '';
  const big = 'A'.repeat(10 * 1024);
  // Argument lists as the browser encodes them (JSON): wrong types, wrong counts, hostile strings.
  const bodies = [
    '[]',
    JSON.stringify([SCRIPT, SCRIPT]),
    JSON.stringify([big, big]),
    JSON.stringify(['\u0000', '../../etc/passwd']),
    JSON.stringify(["1' OR '1'='1' --", '1; DROP TABLE members;--']),
    JSON.stringify([{ sn: SCRIPT, idempotencyKey: '%00', phone: '../', code: big, cardNo: "1' OR 1=1", password: '' }]),
    JSON.stringify([null, 12345, true]),
    JSON.stringify([['1', '2'], { __proto__: { admin: true } }]),
    // A body that is not the React encoding at all fails in Next's own decoder (500) before any
    // action code runs; that is the framework's answer to a broken protocol, not a field value.
  ];
  for (const { id, page } of actions) {
    for (const data of bodies) {
      const res = await request.post(page, {
        headers: { 'next-action': id, origin: new URL(baseURL!).origin, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', ...(cookie ? { cookie } : {}) },
        data,
        maxRedirects: 0,
        timeout: 20_000,
      });
      expect(res.status(), `${page} action ${id} with ${data.slice(0, 60)}`).toBeLessThan(500);
      expect(REFLECTED.test(await res.text()), `reflected script from action ${id}`).toBe(false);
    }
  }
});

import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { findMarkers, openReader } from '../test/db-snapshot';
import { idCardCheckChar } from '../lib/validation';
import { registerFreshMember } from './auth-helpers';
import { dynamicTemplates, loginThroughApi, matcherOf, staticRoutes } from './support/discover';
import { apiLogin, dbPath, setSessionCookies } from './support/members-session';
import { serverActions } from './support/server-actions';

// docs/security.md "Fuzzing": hostile values in every dynamic segment and query parameter
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
    // An object whose toString is not a function: String(it) threw in two actions (a 500, fixed).
    JSON.stringify([{ toString: 1, valueOf: 1 }, { sourceId: { toString: 1 }, name: { toString: 1 }, content: { toString: 1 } }]),
    // Bodies that are not React's encoding at all: the next test.
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

/**
 * Bodies that are not React's argument encoding, each of which Next's own
 * decoder answered with a 500 (docs/security.md); lib/security/action-request.ts
 * answers them from proxy.ts with the status given.
 */
const MB = '----fzBoundary';
const multipart = (parts: [string, string, boolean?][], close = true) =>
  parts
    .map(([n, v, file]) => `--${MB}\r\nContent-Disposition: form-data; name="${n}"${file ? '; filename="a.bin"\r\nContent-Type: application/octet-stream' : ''}\r\n\r\n${v}\r\n`)
    .join('') + (close ? `--${MB}--\r\n` : '');
const MULTIPART = `multipart/form-data; boundary=${MB}`;
const BROKEN_BODIES: { name: string; contentType?: string; data: string; status: number }[] = [
  { name: 'text garbage', data: 'garbage', status: 400 },
  { name: 'empty', data: '', status: 400 },
  { name: 'truncated JSON', data: '[1,"a",{"b":', status: 400 },
  { name: 'not a list', data: '"x"', status: 400 },
  { name: 'null', data: 'null', status: 400 },
  { name: 'dangling reference', data: '["$1"]', status: 400 },
  { name: 'bad BigInt', data: '["$nabc"]', status: 400 },
  { name: 'Blob without a part', data: '["$B1"]', status: 400 },
  { name: 'path that does not resolve', data: '["$0:9:x"]', status: 400 },
  { name: 'deep nesting', data: '['.repeat(6000) + ']'.repeat(6000), status: 400 },
  { name: 'no content type', contentType: '', data: 'garbage', status: 400 },
  { name: 'JSON type, truncated', contentType: 'application/json', data: '{"a":', status: 400 },
  { name: 'urlencoded with a charset', contentType: 'application/x-www-form-urlencoded;charset=UTF-8', data: 'a=b', status: 400 },
  { name: 'multipart without boundary', contentType: 'multipart/form-data', data: 'garbage', status: 400 },
  { name: 'multipart garbage', contentType: MULTIPART, data: 'garbage', status: 400 },
  { name: 'multipart truncated', contentType: MULTIPART, data: multipart([['0', '[]']], false), status: 400 },
  { name: 'multipart without row 0', contentType: MULTIPART, data: multipart([['1', '[]']]), status: 400 },
  { name: 'multipart row 0 not JSON', contentType: MULTIPART, data: multipart([['0', 'garbage']]), status: 400 },
  { name: 'multipart forward reference', contentType: MULTIPART, data: multipart([['0', '["$1"]'], ['1', '{"a":1}']]), status: 400 },
  { name: 'multipart row 0 a file', contentType: MULTIPART, data: multipart([['0', '[]', true]]), status: 400 },
  // A server reference to an unknown action decodes, and Next failed it with a 500; no action of ours takes one.
  { name: 'server reference as an argument', contentType: MULTIPART, data: multipart([['1', `{"id":"${'deadbeef'.repeat(5)}","bound":null}`], ['0', '["$h1"]']]), status: 400 },
  { name: 'over 1 MB', data: JSON.stringify(['A'.repeat(1_100_000)]), status: 413 },
];

test('every server action: a body that is not React’s encoding gets 400/413 and a bad Origin 400/403, never a 500', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const actions = serverActions();
  expect(actions.length, 'the build has server actions').toBeGreaterThan(5);
  const origin = new URL(baseURL!).origin;
  /** contentType null: no Content-Type header of ours. */
  const post = (page: string, id: string, data: string, contentType: string | null, headers: Record<string, string> = {}) =>
    request.post(page, {
      headers: { 'next-action': id, origin, accept: 'text/x-component', ...(contentType === null ? {} : { 'content-type': contentType }), ...headers },
      data: Buffer.from(data),
      maxRedirects: 0,
      timeout: 20_000,
    });
  for (const { id, page, name } of actions) {
    for (const body of BROKEN_BODIES) {
      const res = await post(page, id, body.data, body.contentType === undefined ? 'text/plain;charset=UTF-8' : body.contentType || null);
      expect(res.status(), `${name} on ${page}: ${body.name}`).toBe(body.status);
      expect(await res.text()).not.toMatch(/at .+\.(js|ts):\d+|SyntaxError|digest/);
    }
    expect((await post(page, id, '[]', 'text/plain', { origin: 'garbage' })).status(), `${name}: Origin garbage`).toBe(400);
    expect((await post(page, id, '[]', 'text/plain', { origin: 'https://evil.example' })).status(), `${name}: foreign Origin`).toBe(403);
    // Real encodings still reach the action: no false refusal.
    for (const [data, contentType] of [['[]', 'text/plain;charset=UTF-8'], [multipart([['0', '[]']]), MULTIPART]] as const) {
      const res = await post(page, id, data, contentType);
      expect(res.status(), `${name}: a valid ${contentType} body`).toBeLessThan(400);
    }
  }
});

test('server-action requests outside the page matcher are checked too (they render the 404 page, which hosts actions)', async ({ request, baseURL }) => {
  const { id } = serverActions()[0]!;
  const origin = new URL(baseURL!).origin;
  for (const path of ['/x.png', '/session/x', '/auth/x', '/no-such-page', '/_next/static/x.js', '/doctordetail/%E0%A4%A']) {
    const res = await request.post(path, { headers: { 'next-action': id, origin, 'content-type': 'text/plain' }, data: 'garbage', maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
  }
  // A form post (no Next-Action) with a body that is not multipart at all.
  const form = await request.post('/', { headers: { origin, 'content-type': MULTIPART }, data: 'garbage', maxRedirects: 0 });
  expect(form.status()).toBe(400);
  // The API is route handlers, never actions: it answers for itself.
  const api = await request.post('/api/News/GetNewList?IsWeb=1', { headers: { 'next-action': id, origin, 'content-type': 'text/plain' }, data: 'garbage' });
  expect(api.status()).toBe(200);
});

const MARK = 'fz-e2e-hostile';
const ID_17 = '53010219850614231';
const WRONG_ID_CARD = ID_17 + (idCardCheckChar(ID_17) === '1' ? '2' : '1');

test('hostile action arguments store nothing: the member’s rows stay as they were and no hostile value is anywhere in the database', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  // A member of this test alone, so that other specs running alongside cannot move its rows.
  const member = await registerFreshMember(request, '模糊测试');
  const tokens = await apiLogin(request, member);
  const cookie = `Token=${tokens.accessToken}; refreshToken=${tokens.refreshToken}`;
  const db = openReader(dbPath());
  try {
    const memberId = db.prepare('SELECT id FROM members WHERE phone = ?').pluck().get(member.phone) as number;
    const rowsOf = () => ({
      member: db.prepare('SELECT * FROM members WHERE id = ?').get(memberId),
      messages: db.prepare('SELECT * FROM member_messages WHERE member_id = ?').all(memberId),
      favourites: db.prepare('SELECT * FROM collections WHERE member_id = ?').all(memberId),
      orders: db.prepare('SELECT * FROM points_orders WHERE member_id = ?').all(memberId),
      smsToTheMember: db.prepare('SELECT * FROM sms_outbox WHERE phone = ?').all(member.phone),
      loginAttempts: db.prepare('SELECT * FROM login_attempts WHERE phone = ?').all(member.phone),
    });
    const before = rowsOf();
    const draft = { sourceId: '1', title: '', content: '请问周末门诊几点开门？', contactPhone: '' };
    const profile = { name: '模糊测试', sex: '1', birthday: '', idCard: '', email: '', address: '' };
    const bodies = [
      [1, { ...draft, sourceId: ['1'], content: [`${MARK}<script>`, 'x'] }],
      [1, { ...draft, content: `${MARK}\u0000请问周末门诊` }],
      [1, { ...draft, title: `${MARK}\u001b[31m` }],
      [2, { ...draft, sourceId: '6', content: `${MARK}`.repeat(700) }],
      [1, { ...draft, sourceId: { toString: 1 }, content: MARK }],
      [{ ...profile, name: [MARK, '2'] }],
      [{ ...profile, address: `${MARK}\u0007` }],
      [{ ...profile, email: `<${MARK}>@example.com` }],
      [{ ...profile, name: `${MARK}\u0000` }],
      [{ ...profile, idCard: WRONG_ID_CARD, address: MARK }],
      [{ sn: 'NOPE0001', idempotencyKey: `${MARK}-k1` }],
      [{ sn: 'PG0001', idempotencyKey: `${MARK}-k2`, quantity: -5 }],
      [{ sn: ['PG0001'], idempotencyKey: `${MARK}-k3` }],
      [{ kind: 'clinic', code: 'SA9999', collect: true }],
      [{ kind: 'clinic', code: ['SA0101'], collect: true }],
      [member.phone, `${MARK}\u0000`],
      [{ phone: member.phone, code: '123456', password: `${MARK}\u0000`, cardNo: 'SA20170003' }],
      [{ phone: member.phone, code: '123456', name: `${MARK}\u0000`, password: 'Test2026ab', idCard: WRONG_ID_CARD, agreed: true }],
    ].map((args) => JSON.stringify(args));
    const origin = new URL(baseURL!).origin;
    for (const { id, page, name } of serverActions()) {
      for (const data of bodies) {
        const res = await request.post(page, {
          headers: { 'next-action': id, origin, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', cookie },
          data,
          maxRedirects: 0,
          timeout: 20_000,
        });
        expect(res.status(), `${name} with ${data.slice(0, 80)}`).toBeLessThan(500);
      }
    }
    expect(rowsOf()).toEqual(before);
    expect(findMarkers(db, [MARK, '\u0000', '\u001b', '\u0007'])).toEqual([]);
  } finally {
    db.close();
  }
});

/** A newly registered member's logged-in page, with every alert() it would show recorded (none should be). */
async function freshMemberPage(browser: Browser, request: APIRequestContext, name: string) {
  const member = await registerFreshMember(request, name);
  const context = await browser.newContext();
  await setSessionCookies(context, await apiLogin(request, member));
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { member, context, page, dialogs };
}

test('a message that only looks hostile is stored as typed and shown as text, never as markup', async ({ browser, request }) => {
  const { member, context, page, dialogs } = await freshMemberPage(browser, request, '转义测试');
  const stamp = Date.now().toString(36);
  const message = `<script>alert("fz-xss-${stamp}")</script><img src=x onerror=alert(2)> ' OR 1=1 -- 请回复 ${stamp}`;
  await page.goto('/customerMessage');
  await page.getByLabel('留言分类').selectOption({ label: '会员积分' });
  await page.getByLabel('留言内容').fill(message);
  await page.getByRole('button', { name: '提交留言' }).click();
  await expect(page.locator('form').getByRole('status')).toContainText('留言提交成功');
  const db = openReader(dbPath());
  try {
    const stored = db.prepare('SELECT m.content FROM member_messages m JOIN members v ON v.id = m.member_id WHERE v.phone = ?').pluck().all(member.phone);
    expect(stored).toEqual([message]);
  } finally {
    db.close();
  }
  for (const visit of ['after sending', 'after a reload']) {
    if (visit === 'after a reload') await page.reload();
    const history = page.getByRole('region', { name: /我的留言/ });
    await expect(history.getByText(message), visit).toBeVisible();
    await expect(page.locator(`script:has-text("fz-xss-${stamp}")`), visit).toHaveCount(0);
    await expect(page.locator('img[src="x"]'), visit).toHaveCount(0);
  }
  // The server-rendered page carries it escaped.
  const html = await (await context.request.get('/customerMessage')).text();
  expect(html).toContain(`&lt;script&gt;alert(&quot;fz-xss-${stamp}&quot;)&lt;/script&gt;`);
  expect(html).not.toContain(`<script>alert("fz-xss-${stamp}")`);
  expect(dialogs).toEqual([]);
  await context.close();
});

test('a profile name and address with markup are refused; ones that only look hostile are saved as typed and shown as text', async ({ browser, request }) => {
  const { member, context, page, dialogs } = await freshMemberPage(browser, request, '转义资料');
  await page.goto('/modifyInfor');
  // Markup characters never reach a downstream system (docs/security.md "Attacks on the member system: backend").
  await page.getByLabel('姓名').fill("O'Neil <b>陈</b>");
  await page.getByLabel('联系地址').fill('<script>alert("fz-addr")</script>');
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.getByText('姓名不能包含<或>')).toBeVisible();
  await expect(page.getByText('地址不能包含<或>')).toBeVisible();
  const name = "O'Neil & 陈";
  const address = `"fz-addr" 1; DROP TABLE members;-- & 昆明`;
  await page.getByLabel('姓名').fill(name);
  await page.getByLabel('联系地址').fill(address);
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.locator('form').getByRole('status')).toHaveText('资料已保存');
  const db = openReader(dbPath());
  try {
    expect(db.prepare('SELECT name, address FROM members WHERE phone = ?').get(member.phone)).toEqual({ name, address });
  } finally {
    db.close();
  }
  await page.reload();
  await expect(page.getByLabel('姓名')).toHaveValue(name);
  await expect(page.getByLabel('联系地址')).toHaveValue(address);
  expect(dialogs).toEqual([]);
  await context.close();
});

/**
 * /modifyInfor and /userIndex journeys (SPEC §2 member services, §5): a bad ID card gets
 * a message and nothing is saved; a good one derives birthday, sex and age
 * and saves them; a favourite clinic removed on /userIndex is gone. Both are one kept shell for every member,
 * their member part read by the browser (docs/decisions.md "Member pages: a kept shell, the member's part read by the
 * browser").
 */
import { expect, test } from '@playwright/test';
import { messages } from '../lib/messages';
import { idCardCheckChar } from '../lib/validation';
import { api } from './auth-helpers';
import { apiLogin, DEMO, loginAs, queryDb, setSessionCookies } from './support/members-session';

const DOCUMENT = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };
const cookieOf = (t: { accessToken: string; refreshToken: string }) => `Token=${t.accessToken}; refreshToken=${t.refreshToken}`;

const memberRow = (vipCode: string) =>
  queryDb<{ id_card: string | null; birthday: string | null; sex: number | null; name: string }>(
    'SELECT id_card, birthday, sex, name FROM members WHERE vip_code = ?',
    vipCode,
  );

test('a bad ID card gets a clear message and nothing is saved', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.other);
  const before = memberRow(DEMO.other.vipCode);
  await page.goto('/modifyInfor');
  const first17 = '53010219900101123';
  const wrong = idCardCheckChar(first17) === '1' ? '2' : '1';
  await page.getByLabel('身份证号').fill(first17 + wrong);
  await page.getByRole('button', { name: '保存资料' }).click();
  const form = page.locator('form');
  await expect(form.getByText('身份证号校验位不正确，请核对')).toBeVisible();
  await expect(form.getByText('资料尚未保存')).toBeVisible();
  // Nothing typed is lost, nothing is saved.
  await expect(page.getByLabel('身份证号')).toHaveValue(first17 + wrong);
  expect(memberRow(DEMO.other.vipCode)).toEqual(before);
});

test('a good ID card fills birthday, sex and age, and they are saved', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.other);
  await page.goto('/modifyInfor');
  const first17 = '53010219880815124'; // sex digit (17th) 4: even → 0 (female)
  const id = first17 + idCardCheckChar(first17);
  await page.getByLabel('身份证号').fill(id);
  await expect(page.getByLabel('出生日期')).toHaveValue('1988-08-15');
  await expect(page.getByRole('radio', { name: '女' })).toBeChecked();
  const today = new Date();
  const age = today.getFullYear() - 1988 - (today.getMonth() + 1 < 8 || (today.getMonth() + 1 === 8 && today.getDate() < 15) ? 1 : 0);
  await expect(page.getByLabel('年龄')).toHaveValue(`${age}岁`);
  await page.getByRole('button', { name: '保存资料' }).click();
  await expect(page.locator('form').getByRole('status')).toHaveText('资料已保存');
  // The saved values show: the masked number and the derived fields.
  await expect(page.getByLabel('身份证号')).toHaveAttribute('placeholder', new RegExp(`${id.slice(0, 6)}\\*+${id.slice(-4)}`));
  await expect(page.getByLabel('出生日期')).toHaveValue('1988-08-15');
  expect(memberRow(DEMO.other.vipCode)).toMatchObject({ id_card: id, birthday: '1988-08-15', sex: 0 });
  await page.reload();
  await expect(page.getByLabel('出生日期')).toHaveValue('1988-08-15');
});

test('/userIndex shows the member and removing a favourite clinic takes it off the page', async ({ page, context, request }) => {
  const tokens = await loginAs(context, request, DEMO.poor);
  // A favourite to remove, added the way the clinic page adds one.
  const clinic = queryDb<{ code: string; name: string }>('SELECT code, name FROM orgs ORDER BY org_id LIMIT 1');
  const added = await request.post('/api/WX_OrgCollectionClent/AddOrgCollection', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    form: { CollectionType: '1', Code: clinic.code },
  });
  expect((await added.json()).ErrorNo).toBe(1);

  await page.goto('/userIndex');
  await expect(page.getByRole('heading', { name: '李文博' })).toBeVisible();
  await expect(page.getByText('138****0002')).toBeVisible();
  const clinics = page.getByRole('region', { name: '收藏的门诊' });
  await expect(clinics.getByRole('link', { name: clinic.name })).toBeVisible();
  await clinics.getByRole('button', { name: `取消收藏${clinic.name}` }).click();
  await expect(clinics.getByRole('link', { name: clinic.name })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: '收藏的门诊' }).getByRole('link', { name: clinic.name })).toHaveCount(0);
});

test('/userIndex at 200 % zoom (683 px): the profile’s four figures stack in one column, a gap between each and the next', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.poor);
  await page.setViewportSize({ width: 683, height: 900 });
  await page.goto('/userIndex');
  await expect(page.getByRole('heading', { name: '李文博' })).toBeVisible();
  const pairs = await page.locator('main dl > div').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, top: r.top, bottom: r.bottom })));
  expect(pairs).toHaveLength(4);
  for (let i = 1; i < pairs.length; i++) {
    expect(pairs[i]!.left, 'one column').toBe(pairs[0]!.left);
    expect(pairs[i]!.top - pairs[i - 1]!.bottom, 'the gap between one figure and the next').toBeGreaterThanOrEqual(12);
  }
});

test('member pages need a login and stay out of search engines', async ({ page, context, request }) => {
  await page.goto('/userIndex');
  await expect(page).toHaveURL(/login=required/);
  const anonymous = await request.get('/dRecord/registration', { maxRedirects: 0 });
  expect(anonymous.status()).toBeGreaterThanOrEqual(300);
  expect(await anonymous.text()).not.toContain('挂号费');

  await loginAs(context, request, DEMO.poor);
  for (const path of ['/userIndex', '/modifyInfor', '/dRecord/registration']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  }
});

test('/userIndex is one kept shell for every member: its first HTML holds no member, the member part comes after', async ({ request }) => {
  const poor = await apiLogin(request, DEMO.poor);
  const rich = await apiLogin(request, DEMO.rich);
  const names = queryDb<{ a: string; b: string }>("SELECT (SELECT name FROM members WHERE vip_code = 'VIP0002') AS a, (SELECT name FROM members WHERE vip_code = 'VIP0001') AS b");
  const bodies: string[] = [];
  for (const tokens of [poor, rich, poor]) {
    const res = await request.get('/userIndex', { headers: { ...DOCUMENT, cookie: cookieOf(tokens) }, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    // From the page cache (lib/routes.ts MEMBER_SHELL_PATHS), never for nginx to keep (no X-Accel-Expires).
    expect(res.headers()['x-page-cache']).toMatch(/^(HIT|MISS|STALE)$/);
    expect(res.headers()['x-accel-expires']).toBeUndefined();
    bodies.push(await res.text());
  }
  expect(bodies[1]).toBe(bodies[0]);
  expect(bodies[2]).toBe(bodies[0]);
  for (const text of [names.a, names.b, '138****0002', '138****0001', DEMO.poor.vipCode, DEMO.rich.vipCode]) expect(bodies[0]).not.toContain(text);
  expect(bodies[0]).toContain('个人中心');
  // The member part is a private read.
  const part = await request.get('/session/member-home', { headers: { cookie: cookieOf(poor), 'accept-encoding': 'gzip, deflate, br, zstd' } });
  expect(part.headers()['cache-control']).toBe('private, no-store');
  // Under 1 KB it goes as it is, with its length: gzip would save nothing (app/session/_lib/member-read.ts).
  expect(part.headers()['content-encoding']).toBeUndefined();
  expect(Number(part.headers()['content-length'])).toBe((await part.body()).byteLength);
  expect(await part.json()).toMatchObject({ signedOut: false, data: { member: { name: names.a, phoneMasked: '138****0002' } } });
  // Without a session cookie the guard still sends the visitor to 请先登录 first.
  const visitor = await request.get('/userIndex', { headers: DOCUMENT, maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers().location).toContain('login=required');
});

test('/modifyInfor is one kept shell for every member: its first HTML holds no member, the form starts from their read', async ({ page, context, request }) => {
  const poor = await apiLogin(request, DEMO.poor);
  const rich = await apiLogin(request, DEMO.rich);
  const rows = [DEMO.poor, DEMO.rich].map((m) => queryDb<{ name: string; phone: string; email: string | null; address: string | null }>('SELECT name, phone, email, address FROM members WHERE vip_code = ?', m.vipCode));
  const bodies: string[] = [];
  for (const tokens of [poor, rich]) {
    const res = await request.get('/modifyInfor', { headers: { ...DOCUMENT, cookie: cookieOf(tokens) }, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(res.headers()['x-page-cache']).toMatch(/^(HIT|MISS|STALE)$/);
    expect(res.headers()['x-accel-expires']).toBeUndefined();
    bodies.push(await res.text());
  }
  expect(bodies[1]).toBe(bodies[0]);
  expect(bodies[0]).toContain('编辑资料');
  for (const row of rows) for (const text of [row.name, row.phone, row.email, row.address].filter(Boolean)) expect(bodies[0]).not.toContain(text!);
  // The read holds the form's values and no more of the member.
  const read = await request.get('/session/member-info', { headers: { cookie: cookieOf(poor) } });
  expect(read.headers()['cache-control']).toBe('private, no-store');
  const answer = (await read.json()) as { signedOut: false; data: Record<string, unknown> };
  expect(answer).toMatchObject({ signedOut: false, data: { name: rows[0]!.name, phone: rows[0]!.phone } });
  expect(Object.keys(answer.data).sort()).toEqual(['address', 'birthday', 'email', 'idCardMasked', 'name', 'phone', 'sex']);

  await setSessionCookies(context, poor);
  await page.goto('/modifyInfor');
  await expect(page.getByLabel('姓名')).toHaveValue(rows[0]!.name);
  await expect(page.getByText(rows[0]!.phone)).toBeVisible();
});

test('/dRecord/patients is one kept shell for every member and every `next`: their 就诊人 are read after, `next` from the address', async ({ page, context, request }) => {
  const poor = await apiLogin(request, DEMO.poor);
  const rich = await apiLogin(request, DEMO.rich);
  const bodies: string[] = [];
  for (const [tokens, query] of [[poor, ''], [rich, '?next=%2Fbooking%3Fslot%3D1']] as const) {
    const res = await request.get(`/dRecord/patients${query}`, { headers: { ...DOCUMENT, cookie: cookieOf(tokens) }, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(res.headers()['x-page-cache']).toMatch(/^(HIT|MISS|STALE)$/);
    bodies.push(await res.text());
  }
  expect(bodies[1]).toBe(bodies[0]);
  const names = queryDb<{ n: string }>("SELECT group_concat(p.name) AS n FROM patients p JOIN members m ON m.id = p.member_id WHERE m.vip_code IN ('VIP0001', 'VIP0002')").n.split(',');
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(bodies[0]).not.toContain(name);
  expect(bodies[0]).not.toContain('slot=1');

  // In the browser: the member's list, and `next` (a same-site path only) is where 返回预约 leads.
  await setSessionCookies(context, rich);
  const mine = queryDb<{ name: string }>("SELECT p.name FROM patients p JOIN members m ON m.id = p.member_id WHERE m.vip_code = 'VIP0001' ORDER BY p.id LIMIT 1").name;
  await page.goto('/dRecord/patients?next=%2Fhospitallist');
  await expect(page.getByRole('list', { name: '就诊人列表' })).toContainText(mine);
  await expect(page.getByText(/就诊人最多\d+位，含本人/)).toBeVisible();
  for (const next of ['%2Fhospitallist', 'https%3A%2F%2Fevil.example%2F']) {
    await page.goto(`/dRecord/patients?next=${next}`);
    const item = page.getByRole('list', { name: '就诊人列表' }).getByRole('listitem').filter({ hasText: mine });
    await item.getByRole('button', { name: new RegExp(`^编辑\\s?${mine}$`) }).click();
    await page.getByRole('button', { name: '保存修改' }).click();
    const saved = page.getByRole('status').filter({ hasText: '就诊人信息已保存' });
    await expect(saved).toBeVisible();
    if (next.startsWith('%2F')) await expect(saved.getByRole('link', { name: '返回预约' })).toHaveAttribute('href', '/hospitallist');
    else await expect(saved.getByRole('link', { name: '返回预约' })).toHaveCount(0);
  }
});

test('/userIndex when its read fails: the message and 重新加载, which then shows the member', async ({ page, context, request }) => {
  await loginAs(context, request, DEMO.poor);
  let failing = true;
  await page.route('**/session/member-home', (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: messages.networkError }) }) : route.continue(),
  );
  await page.goto('/userIndex');
  const alert = page.getByRole('alert').filter({ hasText: messages.networkError });
  await expect(alert).toBeVisible();
  // The shortcuts are in the shell and work meanwhile.
  await expect(page.getByRole('navigation', { name: '会员中心' }).getByRole('link', { name: /挂号记录/ })).toBeVisible();
  failing = false;
  await alert.getByRole('button', { name: '重新加载' }).click();
  await expect(page.getByRole('heading', { name: '李文博' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('/userIndex with cookies of a session the host ended goes to 请先登录, with /userIndex to continue to', async ({ page, context, request }) => {
  const tokens = await apiLogin(request, DEMO.other);
  expect((await api(request, 'AuthenticationCenter/OutLogin', { refresh_token: tokens.refreshToken })).ErrorNo).toBe(1);
  await setSessionCookies(context, tokens);
  await page.goto('/userIndex');
  await page.waitForURL((url) => url.searchParams.get('login') === 'required');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/userIndex');
});

test('/dRecord/registration is a kept shell: one HTML for every member, their records read after; a malformed URL 404, a page past the end says so', async ({ page, context, request }) => {
  const poor = await apiLogin(request, DEMO.poor);
  const rich = await apiLogin(request, DEMO.rich);
  const bodies: string[] = [];
  for (const tokens of [poor, rich]) {
    const res = await request.get('/dRecord/registration?status=booked', { headers: { ...DOCUMENT, cookie: cookieOf(tokens) }, maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect(res.headers()['x-page-cache']).toMatch(/^(HIT|MISS|STALE)$/);
    bodies.push(await res.text());
  }
  expect(bodies[1]).toBe(bodies[0]);
  const records = queryDb<{ n: string }>("SELECT group_concat(register_no) AS n FROM registrations WHERE vip_code IN ('VIP0001', 'VIP0002')").n.split(',');
  expect(records.length).toBeGreaterThan(10);
  for (const no of records) expect(bodies[0]).not.toContain(no);
  // A read over 1 KB (a page of records) is compressed as ever.
  const read = await request.get('/session/registrations', { headers: { cookie: cookieOf(rich), 'accept-encoding': 'gzip, deflate, br, zstd' } });
  expect(read.headers()['content-encoding']).toBe('gzip');
  expect(await read.json()).toMatchObject({ signedOut: false });
  // The filter is the URL's, in the shell: 已预约 is the current tab.
  expect(bodies[0]).toMatch(/<a[^>]*aria-current="true"[^>]*>已预约<\/a>/);
  expect((await request.get('/dRecord/registration?page=abc', { headers: { ...DOCUMENT, cookie: cookieOf(poor) }, maxRedirects: 0 })).status()).toBe(404);

  await setSessionCookies(context, poor);
  await page.goto('/dRecord/registration');
  const table = page.getByRole('table', { name: '挂号记录' });
  await expect(table).toBeVisible();
  const mine = queryDb<{ n: string }>("SELECT group_concat(register_no) AS n FROM registrations WHERE vip_code = 'VIP0002'").n.split(',');
  const links = await table.getByRole('link', { name: /^详情/ }).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname.split('/').pop()!));
  expect(links.length).toBeGreaterThan(0);
  for (const no of links) expect(mine).toContain(no);
  await page.goto('/dRecord/registration?page=999');
  await expect(page.getByText('这一页没有记录')).toBeVisible();
  await page.getByRole('link', { name: '回到第一页' }).click();
  await expect(page).toHaveURL(/\/dRecord\/registration$/);
  await expect(table).toBeVisible();
});

for (const { path, heading, empty } of [
  { path: '/dRecord/points', heading: '积分明细', empty: '暂无积分明细' },
  { path: '/dRecord/exchange', heading: '兑换记录', empty: '暂无兑换记录' },
  { path: '/dRecord/consultation', heading: '我的问诊', empty: '暂无问诊记录' },
]) {
  test(`${path} is a kept shell: one HTML for every member, their page of it read after; a malformed page 404, one past the end says so`, async ({ page, context, request }) => {
    const poor = await apiLogin(request, DEMO.poor);
    const rich = await apiLogin(request, DEMO.rich);
    const bodies: string[] = [];
    for (const tokens of [poor, rich]) {
      const res = await request.get(path, { headers: { ...DOCUMENT, cookie: cookieOf(tokens) }, maxRedirects: 0 });
      expect(res.status()).toBe(200);
      expect(res.headers()['x-page-cache']).toMatch(/^(HIT|MISS|STALE)$/);
      bodies.push(await res.text());
    }
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[0]).not.toContain(empty);
    expect((await request.get(`${path}?page=abc`, { headers: { ...DOCUMENT, cookie: cookieOf(poor) }, maxRedirects: 0 })).status()).toBe(404);

    await setSessionCookies(context, rich);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // The member's own page of it: a table, or the list's empty state.
    await expect(page.getByRole('table').or(page.getByText(empty))).toBeVisible();
    await page.goto(`${path}?page=999`);
    await expect(page.getByText('这一页没有记录')).toBeVisible();
  });
}

/**
 * 图文问诊 on the web (docs/api.md "IM_AskQuestion: asking a doctor"), the patient's side end to end: a visitor is
 * sent to log in and comes back to the form; a private question for a 就诊人 with a phone photo that carries EXIF
 * GPS → 模拟支付 → the photo served back has no metadata and is private → the development aid answers → the SMS
 * notice is in the outbox → one follow-up → its answer → 满意. A public question appears masked in the doctor's
 * Q&A and moves the 满意 count. A stranger and a visitor get 404 for a question and its photo. A non-image is
 * refused with nothing asked or charged. A paid question unanswered for 48 hours is refunded, on a second server
 * whose backend clock starts 49 hours ahead (DEV_CLOCK) over a copy of the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '../lib/backend/sqlite';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoDeployment, relaxedSmsLimits } from '../playwright.config';
import { api, authed, registerFreshMember } from './auth-helpers';
import { apiUrl } from './support/api-origin';
import { apiLogin, dbPath, queryDb, setSessionCookies } from './support/members-session';
import { memberWithPatient } from './support/patients';

test.describe.configure({ mode: 'serial' });
test.beforeEach(() => test.slow());

const QUESTION = '舌苔白厚，食欲不振两周，饭后腹胀，大便偏稀，请问应该如何调理？';

interface Envelope<T> {
  ErrorNo: number;
  ErrorInfo: string;
  Result: T;
}


/** A doctor who offers 图文问诊 (consults online, with a fee). */
async function onlineDoctor(): Promise<{ id: number; code: string }> {
  const d = queryDb<{ doctor_id: number; appointment_code: string }>(
    'SELECT doctor_id, appointment_code FROM doctors WHERE consult_online = 1 AND consult_fee > 0 ORDER BY doctor_id LIMIT 1',
  );
  return { id: d.doctor_id, code: d.appointment_code };
}

/** A phone's photo: EXIF with a maker, a note and GPS, and XMP. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 190, g: 90, b: 100 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMakerX', ImageDescription: 'HOME-ADDRESS-NOTE' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '102/1 42/1 0/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>XMP-OWNER</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>')
    .toBuffer();
}

const smsNotices = async (request: APIRequestContext, phone: string) =>
  (await api<{ DataList: { Kind: string; RegisterNo: string; Text: string }[] }>(request, 'Dev/GetSmsNotices', { Phone: phone })).Result.DataList;

test('a private question with an EXIF photo: login, pay, clean photo, answer + SMS, follow-up, 满意; strangers and visitors get 404', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const { member, patientPhone } = await memberWithPatient(request, '王秀琴');
  const doctor = await onlineDoctor();

  // A visitor on the doctor's page is sent to log in, and comes back to the form.
  await page.goto(`/onliedoctordetail/${doctor.code}`);
  await page.getByRole('link', { name: '发起图文问诊' }).click();
  await expect(page).toHaveURL(/login=required/);
  const dialog = page.getByRole('dialog', { name: '会员登录' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('手机号', { exact: true }).fill(member.phone);
  await dialog.getByLabel('密码', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ask\\?doctor=${doctor.code}$`));

  // The form refuses a too-short question in Chinese and keeps what was chosen.
  await page.getByRole('radio', { name: /王秀琴（父母）/ }).check();
  await page.getByLabel('问题描述').fill('肚子胀');
  await page.getByRole('button', { name: /^提交问诊/ }).click();
  await expect(page.getByText('问题描述至少10个字')).toBeVisible();
  await page.getByLabel('问题描述').fill(QUESTION);
  await page.getByLabel('患病时长').selectOption('一个月内');
  await page.getByRole('radio', { name: '尚未就诊' }).check();
  await expect(page.getByRole('radio', { name: /私密提问/ })).toBeChecked();
  const sent = await phonePhoto();
  await page.getByLabel(/图片（选填/).setInputFiles({ name: 'tongue.jpg', mimeType: 'image/jpeg', buffer: sent });
  await page.getByRole('button', { name: /^提交问诊/ }).click();
  const submitted = page.getByRole('status').filter({ hasText: '问诊已提交' });
  await expect(submitted).toContainText('就诊人：王秀琴');
  const askNo = /单号 (Q\w+)/.exec(await submitted.innerText())![1]!;
  // The member's price before paying, as for 挂号 (lib/fees.ts): a new member holds a 普卡, 9.5折.
  await expect(page.getByText(/^问诊费 ￥[\d.]+ · 会员折扣 普卡 9\.5折 · 实付 ￥[\d.]+$/)).toBeVisible();
  await page.getByRole('button', { name: /^模拟支付 ￥/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '支付成功' })).toBeVisible();
  await page.getByRole('link', { name: '查看问诊详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/dRecord/consultation/${askNo}$`));
  await expect(page.getByText('状态：待回复')).toBeVisible();

  // The photo as served: the asker's only, never cached, no EXIF/GPS/XMP left.
  const img = page.getByRole('img', { name: '提问图片1' });
  await expect(img).toBeVisible();
  const photoPath = (await img.getAttribute('src'))!;
  const photo = await page.request.get(photoPath);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['cache-control']).toBe('private, no-store');
  expect(photo.headers()['content-type']).toBe('image/jpeg');
  const served = await photo.body();
  const meta = await sharp(served).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  for (const text of ['PhoneMakerX', 'HOME-ADDRESS-NOTE', 'XMP-OWNER']) expect(served.includes(text), text).toBe(false);

  // A stranger (another member) and a visitor get 404 for the question and its photo.
  const stranger = await registerFreshMember(request, '陌生会员');
  const baseURL = test.info().project.use.baseURL;
  const strangerContext = await browser.newContext({ baseURL });
  await setSessionCookies(strangerContext, await apiLogin(request, stranger));
  const strangerPage = await strangerContext.newPage();
  expect((await strangerPage.goto(`/dRecord/consultation/${askNo}`))!.status()).toBe(404);
  await expect(strangerPage.getByText(QUESTION)).toHaveCount(0);
  expect((await strangerContext.request.get(photoPath)).status()).toBe(404);
  await strangerContext.close();
  const visitorContext = await browser.newContext({ baseURL });
  expect((await visitorContext.request.get(photoPath)).status()).toBe(404);
  const visitorPage = await visitorContext.newPage();
  expect((await visitorPage.goto(`/dRecord/consultation/${askNo}`))!.status()).toBe(404);
  await expect(visitorPage.getByText(QUESTION)).toHaveCount(0);
  await visitorContext.close();

  // The aid answers; the SMS notice is in the outbox; the answer is on the page.
  expect((await api(request, 'Dev/AnswerQuestion', { AskNo: askNo, Content: '建议健脾化湿，少食生冷油腻。' })).ErrorNo).toBe(1);
  expect((await smsNotices(request, patientPhone)).filter((n) => n.Kind === 'ask-answer' && n.RegisterNo === askNo)).toHaveLength(1);
  await page.reload();
  await expect(page.getByText('建议健脾化湿，少食生冷油腻。')).toBeVisible();

  // One follow-up, its answer, then 满意 once.
  await page.getByLabel(/^追问/).fill('请问需要忌口哪些食物？');
  await page.getByRole('button', { name: '提交追问' }).click();
  // The form's own 追问已提交 goes with the form as the page refreshes (at once on a quick machine): the page says it.
  await expect(page.getByRole('status').filter({ hasText: '追问已送达医生，回复后将短信通知您。' })).toBeVisible();
  await expect(page.getByText('状态：待回复')).toBeVisible();
  expect((await api(request, 'Dev/AnswerQuestion', { AskNo: askNo, Content: '忌生冷、油腻和甜食。' })).ErrorNo).toBe(1);
  await page.reload();
  await expect(page.getByText('忌生冷、油腻和甜食。')).toBeVisible();
  await expect(page.getByRole('button', { name: '提交追问' })).toHaveCount(0);
  await page.getByRole('radio', { name: '满意', exact: true }).check();
  await page.getByLabel('评价内容（选填）').fill('回复详细');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('您的评价：满意（回复详细）')).toBeVisible();
  await page.goto('/dRecord/consultation');
  await expect(page.getByRole('listitem').filter({ hasText: askNo })).toContainText('已评价');

  // Private: nowhere public.
  const list = await api(request, 'IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode', { DoctorID: String(doctor.id), PageSize: '100' });
  expect(JSON.stringify(list.Result)).not.toContain(askNo);
  expect((await request.get(`/onlinequestionsdetail/${askNo}`)).status()).toBe(404);
});

test('a public question appears masked without photos after the answer, and its 满意 moves the filter count', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const { member, tokens, patientId } = await memberWithPatient(request, '王秀琴');
  const doctor = await onlineDoctor();
  const ratio = async () =>
    (await api<{ ReturnObject: { Satisfied: number } }>(request, 'TW_Evaluate/GetEvaluateRatio', { DoctorID: String(doctor.id), Source: '1' })).Result.ReturnObject.Satisfied;
  const before = await ratio();

  // Asked and paid through the API (the form is the first test's); answered by the aid.
  const form = new FormData();
  const fields = { DoctorID: String(doctor.id), PatientID: patientId, Content: `${QUESTION}（公开）`, Duration: '一周内', SeenDoctor: '1', IsPrivate: '0', IdempotencyKey: `e2e${Date.now()}` };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.append('Photo', new Blob([new Uint8Array(await phonePhoto())], { type: 'image/jpeg' }), 'p.jpg');
  const asked = (await (await request.fetch(apiUrl('IM_AskQuestion/AskQuestion'), { method: 'POST', multipart: form, headers: { Authorization: `Bearer ${tokens.accessToken}` } })).json()) as Envelope<{ AskNo: string }>;
  expect(asked.ErrorNo, asked.ErrorInfo).toBe(1);
  const askNo = asked.Result.AskNo;
  expect((await authed(request, tokens.accessToken, 'IM_AskQuestion/PayAskQuestion', { AskNo: askNo })).ErrorNo).toBe(1);
  expect((await api(request, 'Dev/AnswerQuestion', { AskNo: askNo, Content: '建议清淡饮食，规律作息。' })).ErrorNo).toBe(1);

  // The member rates 满意 on the site.
  await setSessionCookies(context, await apiLogin(request, member));
  await page.goto(`/dRecord/consultation/${askNo}`);
  await page.getByRole('radio', { name: '满意', exact: true }).check();
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('您的评价：满意')).toBeVisible();
  expect(await ratio()).toBe(before + 1);

  // The doctor's Q&A list and the question's page: masked, no photo; the 问诊评价 page's 满意 count moved.
  await page.goto(`/onlinequestionslistall/${doctor.id}`);
  await page.getByRole('link', { name: new RegExp(QUESTION.slice(0, 10)) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/onlinequestionsdetail/${askNo}$`));
  await expect(page.getByText('提问者：王*琴')).toBeVisible();
  await expect(page.getByText('王秀琴')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /提问图片/ })).toHaveCount(0);
  await page.goto(`/OnlineQuestjudgeList/${doctor.id}`);
  const satisfied = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^满意$/ }) }).locator('dd');
  await expect(satisfied).toHaveText(String(before + 1));
});

test('a non-image is refused in Chinese with nothing asked or charged', async ({ page, context, request }) => {
  const { member, tokens } = await memberWithPatient(request, '李建国');
  const doctor = await onlineDoctor();
  await setSessionCookies(context, await apiLogin(request, member));
  await page.goto(`/ask?doctor=${doctor.code}`);
  await page.getByRole('radio', { name: /李建国（父母）/ }).check();
  await page.getByLabel('问题描述').fill(QUESTION);
  await page.getByLabel('患病时长').selectOption('一周内');
  await page.getByRole('radio', { name: '尚未就诊' }).check();
  await page.getByLabel(/图片（选填/).setInputFiles({ name: 'report.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('这不是图片，是一段文字。'.repeat(40)) });
  await page.getByRole('button', { name: /^提交问诊/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: '第1张图片不是JPEG、PNG或WebP格式的图片' }).first()).toBeVisible();
  // Everything typed is still there.
  await expect(page.getByLabel('问题描述')).toHaveValue(QUESTION);
  const mine = await authed<{ TotalCount: number }>(request, tokens.accessToken, 'IM_AskQuestion/GetMyAskQuestionList', {});
  expect(mine.Result.TotalCount).toBe(0);
  await expect(page.getByRole('button', { name: /模拟支付/ })).toHaveCount(0);
});

/**
 * WCAG 2.2 AA by axe, and at 200 % zoom (half the width) nothing of the page's own content overflows it sideways.
 * (The site's header keeps its desktop width at any zoom, the whole site's matter: this checks what `main` holds.)
 */
async function accessible(page: Page, url: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(url);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), url).toEqual([]);
  await page.setViewportSize({ width: 683, height: 900 });
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    return Array.from(main.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > main.getBoundingClientRect().right + 1)
      .map((el) => `${el.tagName} ${el.textContent?.slice(0, 20)}`);
  });
  expect(overflow, url).toEqual([]);
}

test('the ask form, 我的问诊 and a question page pass axe and reflow at 200 % zoom; the form works from the keyboard', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const { member, tokens, patientId } = await memberWithPatient(request, '赵明');
  const doctor = await onlineDoctor();
  const asked = await authed<{ AskNo: string }>(request, tokens.accessToken, 'IM_AskQuestion/AskQuestion', {
    DoctorID: String(doctor.id), PatientID: patientId, Content: QUESTION, Duration: '一年以上', SeenDoctor: '1', IsPrivate: '1', IdempotencyKey: `e2ea11y${Date.now()}`,
  });
  expect(asked.ErrorNo, asked.ErrorInfo).toBe(1);
  expect((await authed(request, tokens.accessToken, 'IM_AskQuestion/PayAskQuestion', { AskNo: asked.Result.AskNo })).ErrorNo).toBe(1);
  expect((await api(request, 'Dev/AnswerQuestion', { AskNo: asked.Result.AskNo })).ErrorNo).toBe(1);
  await setSessionCookies(context, await apiLogin(request, member));
  await accessible(page, `/ask?doctor=${doctor.code}`);
  await accessible(page, '/dRecord/consultation');
  await accessible(page, `/dRecord/consultation/${asked.Result.AskNo}`);

  // The form from the keyboard alone: the 就诊人, the words, the choices, then Enter on the button.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/ask?doctor=${doctor.code}`);
  await page.getByRole('radio', { name: /赵明（父母）/ }).focus();
  await page.keyboard.press('Space');
  await page.getByLabel('问题描述').focus();
  await page.keyboard.type('失眠多梦一个多月，入睡困难，白天乏力，请问如何调理？');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('患病时长')).toBeFocused();
  await page.getByLabel('患病时长').selectOption('一个月内');
  await page.getByRole('radio', { name: '已去医院就诊' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: /^提交问诊/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '问诊已提交' })).toContainText('就诊人：赵明');
});

test.describe('48 hours later (a second server, its clock 49 hours ahead, on a copy of the database)', () => {
  // +50 is e2e/session.spec.ts's short-TTL server, +51 the appointment journey's, +53 member-price's.
  const port = Number(process.env.E2E_PORT || 3100) + 55;
  const origin = `http://127.0.0.1:${port}`;
  let dir: string | undefined;
  let server: ChildProcess | undefined;

  test('a paid question never answered is refunded and the member told by SMS', async ({ request, playwright, browser }) => {
    test.setTimeout(300_000);
    const { member, tokens, patientId, patientPhone } = await memberWithPatient(request, '张丽华');
    const doctor = await onlineDoctor();
    const asked = await authed<{ AskNo: string }>(request, tokens.accessToken, 'IM_AskQuestion/AskQuestion', {
      DoctorID: String(doctor.id), PatientID: patientId, Content: QUESTION, Duration: '半年内', SeenDoctor: '0', IsPrivate: '1', IdempotencyKey: `e2e48h${Date.now()}`,
    });
    expect(asked.ErrorNo, asked.ErrorInfo).toBe(1);
    expect((await authed(request, tokens.accessToken, 'IM_AskQuestion/PayAskQuestion', { AskNo: asked.Result.AskNo })).ErrorNo).toBe(1);

    // The database as it is now, copied through SQLite's backup API, served by a server whose clock is 49 h ahead.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-ask-48h-'));
    const copy = path.join(dir, 'ask-48h.db');
    const source = new Database(dbPath(), { readonly: true, fileMustExist: true });
    await source.backup(copy);
    source.close();
    const root = process.cwd();
    for (const entry of fs.readdirSync(root)) if (entry !== '.next') fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
    fs.mkdirSync(path.join(dir, '.next', 'cache'), { recursive: true });
    for (const entry of fs.readdirSync(path.join(root, '.next'))) if (entry !== 'cache') fs.symlinkSync(path.join(root, '.next', entry), path.join(dir, '.next', entry));
    const log = fs.openSync(path.join(dir, 'server.log'), 'w');
    server = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: dir,
      env: { ...process.env, DATABASE_PATH: copy, SITE_URL: origin, REQUEST_LOG: '0', ...relaxedSmsLimits, ...demoDeployment, DEV_CLOCK: new Date(Date.now() + 49 * 3_600_000).toISOString() },
      stdio: ['ignore', log, log],
      detached: true,
    });
    const later = await playwright.request.newContext({ baseURL: origin });
    await expect.poll(async () => (await later.get('/healthz').catch(() => null))?.status() ?? 0, { timeout: 200_000 }).toBe(200);

    const context = await browser.newContext({ baseURL: origin });
    const login = (await (await later.post('/api/AuthenticationCenter/PcPwdLogin', { form: { Phone: member.phone, Password: member.password } })).json()) as Envelope<{ access_token: string; refresh_token: string }>;
    expect(login.ErrorNo, login.ErrorInfo).toBe(1);
    await context.addCookies([
      { name: 'Token', value: login.Result.access_token, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' },
      { name: 'refreshToken', value: login.Result.refresh_token, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.goto('/dRecord/consultation');
    await expect(page.getByRole('listitem').filter({ hasText: asked.Result.AskNo })).toContainText('已退款');
    await page.goto(`/dRecord/consultation/${asked.Result.AskNo}`);
    await expect(page.getByText(/医生48小时内未回复，问诊费￥\d+(\.\d+)?已于 .* 全额原路退回/)).toBeVisible();
    const notices = (await (await later.post('/api/Dev/GetSmsNotices', { form: { Phone: patientPhone } })).json()) as Envelope<{ DataList: { Kind: string; RegisterNo: string; Text: string }[] }>;
    const refund = notices.Result.DataList.filter((n) => n.Kind === 'ask-refund' && n.RegisterNo === asked.Result.AskNo);
    expect(refund).toHaveLength(1);
    expect(refund[0]!.Text).toContain('48小时内未获回复');
    await context.close();
    await later.dispose();
  });

  test.afterAll(() => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
});

/**
 * The numeric picture code (SPEC §4) where an SMS send asks for it. The suite's server never asks for the picture
 * (playwright.config.ts relaxes SMS_IMAGE_CODE_AFTER), so this spec runs a server of its own that asks from a
 * client's second send:
 * - its audio alternative (docs/elder-mode.md "The picture code, spoken"): a button beside the picture plays the
 *   same code spoken, made on the server, reached and pressed by keyboard alone;
 * - the consent code of a 就诊人 another account has (docs/api.md "HIS_Register patients") is such a send too: the
 *   就诊人 form shows the picture, sends nothing without the right one, and the consent then goes through; past
 *   strangers' share of that phone's day the form solves the proof of work as the login overlays do.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import Database from '../lib/backend/sqlite';
import { LIMITS } from '../lib/limits';
import { idCardCheckChar } from '../lib/validation';
import { relaxedSmsLimits } from '../playwright.config';
import { api, authed, DEMO, DEMO_PASSWORD, freshPhone, latestSmsCode, openLoginDialog } from './auth-helpers';
import { chinaClockAhead, startFixedClockServer, type FixedClockServer } from './support/fixed-clock-server';
import { loginAs } from './support/members-session';

// +50 session.spec's short-TTL server, +51 the appointment journey's, +53 member-price's, +55 the 图文问诊 refund's.
const port = Number(process.env.E2E_PORT || 3100) + 56;
const origin = `http://127.0.0.1:${port}`;
let server: FixedClockServer | undefined;
// 10:00 China time, a day ahead: what the spec writes into the server's day stays in that day, at any hour of the run.
const clock = chinaClockAhead(10);

test.use({ baseURL: origin });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  server = startFixedClockServer(port, clock, 'image-code', { SMS_IMAGE_CODE_AFTER: '1' });
  const probe = await playwright.request.newContext({ baseURL: origin });
  await expect.poll(async () => (await probe.get('/').catch(() => null))?.status() ?? 0, { timeout: 200_000 }).toBe(200);
  await probe.dispose();
});

test.afterAll(() => server?.stop());

test('the picture code is spoken on request: the button beside the picture, by keyboard, plays a WAV of the live code', async ({ page }) => {
  await page.goto('/');
  // The client's first send goes through; its second asks for the picture code (two of the README's demo members,
  // on this server's own database).
  let dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '短信登录' }).click();
  await dialog.getByLabel('手机号', { exact: true }).fill('13800000004');
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /^\d+秒后重新获取$/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  dialog = await openLoginDialog(page);
  await dialog.getByRole('tab', { name: '短信登录' }).click();
  await dialog.getByLabel('手机号', { exact: true }).fill('13800000005');
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  const pictureCode = dialog.getByLabel('图形验证码', { exact: true });
  await expect(pictureCode).toBeVisible();
  await expect(dialog.getByRole('img', { name: '图形验证码，点击换一张' })).toBeVisible();

  // By keyboard alone: from the picture code's field, Tab to the picture (a new one), Tab to the spoken code.
  await pictureCode.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const listen = dialog.getByRole('button', { name: '听语音验证码' });
  await expect(listen).toBeFocused();
  const spoken = page.waitForResponse((r) => r.url().includes('/session/image-code/audio'));
  await page.keyboard.press('Enter');
  const answer = await spoken;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('audio/wav');
  expect(answer.headers()['cache-control']).toContain('no-store');
  const wav = await answer.body();
  expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
  // Two readings of four digits over noise: seconds of sound, not an empty file.
  expect(wav.length).toBeGreaterThan(16_000);
});

/** This client has sent an SMS code in the last 10 minutes (or is already asked for the picture): its next send needs the picture. */
async function sentBefore(request: APIRequestContext) {
  const earlier = await api<{ NeedImgCode?: boolean }>(request, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: freshPhone(), Type: 'login' });
  expect(earlier.ErrorNo === 1 || earlier.Result?.NeedImgCode === true, earlier.ErrorInfo).toBe(true);
}

/** A read of this spec's own server database (the picture's answer, the SMS outbox). */
function serverDb<T>(sql: string, ...args: unknown[]): T {
  const db = new Database(server!.database, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...args) as T;
  } finally {
    db.close();
  }
}

/** A person on 王雅琴's account (a 就诊人, a phone of their own on file): their ID card and that phone. */
async function onAnotherAccount(request: APIRequestContext, name: string, first17: string): Promise<{ card: string; phone: string }> {
  const card = first17 + idCardCheckChar(first17);
  const phone = freshPhone();
  const owner = await api<{ access_token: string }>(request, 'AuthenticationCenter/PcPwdLogin', { Phone: DEMO.rich.phone, Password: DEMO_PASSWORD });
  expect(owner.ErrorNo, owner.ErrorInfo).toBe(1);
  const added = await authed(request, owner.Result.access_token, 'HIS_Register/AddPatient', { Name: name, Relation: '父母', IDCard: card, Phone: phone });
  expect(added.ErrorNo, added.ErrorInfo).toBe(1);
  return { card, phone };
}

/** 李文博's 添加就诊人 form (open by itself while he has none), filled in for that person as a parent. */
async function addAsParent(page: Page, name: string, card: string, phone: string) {
  await page.goto('/dRecord/patients');
  const form = page.getByRole('form', { name: '添加就诊人' });
  const open = page.getByRole('button', { name: /^添加就诊人（还可添加\d位）$/ });
  await expect(form.or(open)).toBeVisible();
  if (await open.isVisible()) await open.click();
  await form.getByLabel('姓名').fill(name);
  await form.getByLabel('与本人关系').selectOption('父母');
  await form.getByLabel('身份证号').fill(card);
  await form.getByLabel('手机号').fill(phone);
  return form;
}

test('a 就诊人 another account has: the consent code is sent only after the right picture code, then the 就诊人 is added', async ({ page, context, request }) => {
  // 王雅琴's account has 刘建军 as a 就诊人, his phone on file.
  const { card, phone: hisPhone } = await onAnotherAccount(request, '刘建军', '53010219620315123');
  await sentBefore(request);

  // 李文博 adds the same man from his own account.
  await loginAs(context, request, { phone: DEMO.poor.phone, password: DEMO_PASSWORD });
  const form = await addAsParent(page, '刘建军', card, '13900004444');
  const submit = form.getByRole('button', { name: '添加就诊人' });
  const pictureOf = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/session/image-code');
  const keyOf = async (answer: Promise<import('@playwright/test').Response>) => ((await (await answer).json()) as { key: string }).key;
  const answerOf = (key: string) => serverDb<{ code: string }>('SELECT code FROM image_codes WHERE id = ?', key).code;
  const sentToHim = () => serverDb<{ n: number }>('SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = ?', hisPhone).n;

  // The save asks for the picture first and sends nothing.
  let picture = pictureOf();
  await submit.click();
  let key = await keyOf(picture);
  await expect(form.getByRole('alert').filter({ hasText: '请先输入图形验证码' })).toBeVisible();
  const pictureCode = form.getByLabel('图形验证码', { exact: true });
  await expect(pictureCode).toBeVisible();
  await expect(form.getByRole('img', { name: '图形验证码，点击换一张' })).toBeVisible();
  await expect(form.getByRole('button', { name: '听语音验证码' })).toBeVisible();
  expect(sentToHim()).toBe(0);

  // Three digits are refused in the form; a wrong code is spent, answered, and a new picture comes.
  await pictureCode.fill('123');
  await submit.click();
  await expect(form.getByRole('alert').filter({ hasText: '请输入4位图形验证码' })).toBeVisible();
  const right = answerOf(key);
  await pictureCode.fill(right === '0000' ? '1111' : '0000');
  picture = pictureOf();
  await submit.click();
  const next = await keyOf(picture);
  expect(next).not.toBe(key);
  key = next;
  await expect(form.getByRole('alert').filter({ hasText: '图形验证码错误或已过期' })).toBeVisible();
  await expect(pictureCode).toHaveValue('');
  expect(sentToHim()).toBe(0);

  // The right code: the consent code goes to his phone, the picture goes, and his code adds him.
  await pictureCode.fill(answerOf(key));
  await submit.click();
  await expect(form.getByRole('alert').filter({ hasText: '该就诊人需本人同意后才能添加' })).toBeVisible();
  await expect(pictureCode).toHaveCount(0);
  expect(sentToHim()).toBe(1);
  await form.getByLabel('本人同意验证码').fill(await latestSmsCode(request, hisPhone));
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: '已添加就诊人刘建军' })).toBeVisible();
  await expect(page.getByRole('list', { name: '就诊人列表' })).toContainText('刘建军');
});

test('strangers who spent a phone’s share of the day do not close the consent: the 就诊人 form solves the proof of work and sends the code', async ({ page, context, request }) => {
  // 王雅琴's account has 陈桂芳 as a 就诊人; strangers asked her phone for codes all day, from many addresses.
  const { card, phone: herPhone } = await onAnotherAccount(request, '陈桂芳', '53010219580620124');
  // Strangers' share is the limit's allowance times the server's RATE_LIMIT_SCALE (lib/backend/sms.ts checkQuotas).
  const share = LIMITS.smsPhoneDayStrangers.allowance * Number(relaxedSmsLimits.RATE_LIMIT_SCALE);
  const db = new Database(server!.database, { fileMustExist: true });
  try {
    // Sent when the server's clock started (10:00 China time): today, for the rest of the run.
    const at = Math.floor(Date.parse(clock) / 1000);
    const stranger = db.prepare(`INSERT INTO sms_outbox (phone, code, purpose, ip, created_at, expires_at) VALUES (?, '111111', 'login', ?, ?, ?)`);
    db.transaction(() => {
      for (let i = 0; i < share; i++) stranger.run(herPhone, `198.51.${i >> 8}.${i & 255}`, at, at + 300);
    })();
  } finally {
    db.close();
  }
  const consentToHer = () => serverDb<{ n: number; proven: number }>(
    `SELECT COUNT(*) AS n, COUNT(proof_block) AS proven FROM sms_outbox WHERE phone = ? AND purpose = 'consent'`,
    herPhone,
  );

  // 李文博 adds her; his client has sent codes before, so the picture is asked for too.
  await sentBefore(request);
  await loginAs(context, request, { phone: DEMO.poor.phone, password: DEMO_PASSWORD });
  const form = await addAsParent(page, '陈桂芳', card, '13900005555');
  const submit = form.getByRole('button', { name: '添加就诊人' });
  const picture = page.waitForResponse((r) => new URL(r.url()).pathname === '/session/image-code');
  await submit.click();
  // The form solved the first challenge by itself; the send then asked for the picture, and nothing was sent.
  const key = ((await (await picture).json()) as { key: string }).key;
  await expect(form.getByRole('alert').filter({ hasText: '请先输入图形验证码' })).toBeVisible();
  expect(consentToHer().n).toBe(0);
  await form.getByLabel('图形验证码', { exact: true }).fill(serverDb<{ code: string }>('SELECT code FROM image_codes WHERE id = ?', key).code);
  await submit.click();
  await expect(form.getByRole('alert').filter({ hasText: '该就诊人需本人同意后才能添加' })).toBeVisible();
  // One code went to her phone, past strangers' share: sent after a proof (sms_outbox.proof_block).
  expect(consentToHer()).toEqual({ n: 1, proven: 1 });
  await form.getByLabel('本人同意验证码').fill(await latestSmsCode(request, herPhone));
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: '已添加就诊人陈桂芳' })).toBeVisible();
});

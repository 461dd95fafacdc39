/**
 * The picture code's audio alternative (docs/elder-mode.md "The picture code, spoken"): where the SMS send asks for
 * the numeric picture code (SPEC §4), a button beside the picture plays the same code spoken, made on the server,
 * reached and pressed by keyboard alone. The suite's server never asks for the picture (playwright.config.ts
 * relaxes SMS_IMAGE_CODE_AFTER), so this spec runs a server of its own that asks from a client's second send.
 */
import { expect, test } from '@playwright/test';
import { openLoginDialog } from './auth-helpers';
import { startFixedClockServer, type FixedClockServer } from './support/fixed-clock-server';

// +50 session.spec's short-TTL server, +51 the appointment journey's, +53 member-price's, +55 the 图文问诊 refund's.
const port = Number(process.env.E2E_PORT || 3100) + 56;
const origin = `http://127.0.0.1:${port}`;
let server: FixedClockServer | undefined;

test.use({ baseURL: origin });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  server = startFixedClockServer(port, new Date().toISOString(), 'image-code-audio', { SMS_IMAGE_CODE_AFTER: '1' });
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

/**
 * The heaviest request a member may send, inside the memory settings production runs with (deploy/node-memory.env,
 * docs/operations.md "Memory"; playwright.config.ts starts the server with them): three members each send a
 * 图文问诊 with four photos at the size limit (lib/limits.ts ASK_PHOTOS, just under 8 MB each) at the same time.
 * Each is asked with its four photos re-encoded and kept, or (on a machine busy with other tests, past SPEC §9's
 * 8 s for the API call) refused with the message that says nothing was asked; never twice, never a 系统错误. The
 * process serves on afterwards: the heap cap leaves room for the uploads, which are read and decoded outside V8's
 * heap.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { ASK_PHOTOS } from '../lib/limits';
import { apiUrl } from './support/api-origin';
import { queryDb, setSessionCookies } from './support/members-session';
import { memberWithPatient } from './support/patients';

const QUESTION = '舌苔白厚，食欲不振两周，饭后腹胀，大便偏稀，请问应该如何调理？';

/** A photo of noise, which JPEG cannot shrink: 7.9 MB, just under the limit. */
async function photoAtTheLimit(): Promise<Buffer> {
  const [width, height] = [1740, 1620];
  const photo = await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(ASK_PHOTOS.maxBytes * 0.95);
  expect(photo.length).toBeLessThanOrEqual(ASK_PHOTOS.maxBytes);
  return photo;
}

test('three members each send four photos at the size limit at once: each question is asked with its photos or refused as not asked, and the server serves on', async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const doctor = queryDb<{ appointment_code: string }>('SELECT appointment_code FROM doctors WHERE consult_online = 1 AND consult_fee > 0 ORDER BY doctor_id LIMIT 1');
  const photos = await Promise.all(Array.from({ length: ASK_PHOTOS.maxCount }, photoAtTheLimit));
  const members = await Promise.all(['王秀琴', '李建国', '赵明'].map(async (name) => ({ name, ...(await memberWithPatient(request, name)) })));

  const askNos = await Promise.all(
    members.map(async ({ name, tokens }, i) => {
      const context = await browser.newContext({ baseURL });
      try {
        await setSessionCookies(context, tokens);
        const page = await context.newPage();
        await page.goto(`/ask?doctor=${doctor.appointment_code}`);
        await page.getByRole('radio', { name: new RegExp(`${name}（父母）`) }).check();
        await page.getByLabel('问题描述').fill(QUESTION);
        await page.getByLabel('患病时长').selectOption('一个月内');
        await page.getByRole('radio', { name: '尚未就诊' }).check();
        await page.getByLabel(/图片（选填/).setInputFiles(photos.map((buffer, k) => ({ name: `photo-${i}-${k}.jpg`, mimeType: 'image/jpeg', buffer })));
        const submitted = page.getByRole('status').filter({ hasText: '问诊已提交' });
        // The API call has SPEC §9's 8 s. On a machine busy with other tests, three such uploads decoded at once
        // by the embedded backend may take longer; the form then says so, and that sending again is safe.
        const timedOut = page.getByRole('alert').filter({ hasText: '网络异常，请检查网络后重试（问诊未提交，再次提交不会重复提问或扣费）' });
        await page.getByRole('button', { name: /^提交问诊/ }).click();
        await expect(submitted.or(timedOut)).toBeVisible({ timeout: 240_000 });
        if (await timedOut.isVisible()) return null;
        await expect(submitted).toContainText(`就诊人：${name}`);
        return /单号 (Q\w+)/.exec(await submitted.innerText())![1]!;
      } finally {
        await context.close();
      }
    }),
  );

  // Never a question twice, whatever the machine's load.
  for (const { tokens } of members) {
    const mine = await request.post(apiUrl('IM_AskQuestion/GetMyAskQuestionList'), { form: {}, headers: { Authorization: `Bearer ${tokens.accessToken}` } });
    expect(((await mine.json()) as { Result: { TotalCount: number } }).Result.TotalCount).toBeLessThanOrEqual(1);
  }
  for (const askNo of askNos.filter((n): n is string => n !== null)) {
    const kept = queryDb<{ photos: number; sent: number }>(
      'SELECT COUNT(*) AS photos, MIN(p.sent_bytes) AS sent FROM ask_photos p JOIN asks a ON a.id = p.ask_id WHERE a.ask_no = ?',
      askNo,
    );
    expect(kept, askNo).toEqual({ photos: ASK_PHOTOS.maxCount, sent: expect.any(Number) });
    expect(kept.sent).toBeGreaterThan(ASK_PHOTOS.maxBytes * 0.95);
  }
  expect((await request.get('/healthz')).status()).toBe(200);
  expect((await request.get('/')).status()).toBe(200);
});

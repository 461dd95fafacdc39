/**
 * The image code's audio alternative (docs/elder-mode.md "The picture code's audio"): the code spoken from the
 * committed digit clips with noise, for a live code only, under the image codes' own throttle.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@/lib/limits';
import { createBackend, type Backend, type Envelope } from './router';
import { IMAGE_CODE_TTL_SECONDS, imageCodeAnswer } from './sms';
import { speakImageCode } from './image-code-audio';
import { CLIP_RATE, readWav } from './wav';

let backend: Backend;
let dir: string;
let offsetMs = 0;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-audio-'));
  backend = createBackend({
    dbPath: path.join(dir, 'audio.db'),
    jwtSecret: new TextEncoder().encode('audio-test-secret-0123456789abcdef'),
    smsImageCodeAfter: 0,
    now: () => new Date(Date.UTC(2026, 10, 27, 2, 0, 0) + offsetMs),
    log: () => {},
  });
});
afterAll(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function call(apiPath: string, fields: Record<string, string>, ip: string): Promise<Envelope<{ Key: string; Audio: string }>> {
  const res = await backend.handle(
    new Request(`http://x/api/${apiPath}`, { method: 'POST', headers: { 'x-shengai-peer': ip }, body: new URLSearchParams(fields) }),
  );
  return (await res.json()) as Envelope<{ Key: string; Audio: string }>;
}

const wavOf = (audio: string) => readWav(Buffer.from(audio.replace(/^data:audio\/wav;base64,/, ''), 'base64'));
const clip = (d: number) => readWav(fs.readFileSync(path.join('assets', 'image-code-audio', `${d}.wav`))).samples;

describe('speakImageCode', () => {
  it('reads the code twice from the digit clips, with silences and noise: 8 kHz mono, new bytes each time', () => {
    const a = speakImageCode('2580');
    const b = speakImageCode('2580');
    const { samples, rate } = readWav(a);
    expect(rate).toBe(CLIP_RATE);
    // Two readings of four clips (each 0.92–1.08 of its length) and the pauses between them.
    const spoken = [2, 5, 8, 0].reduce((n, d) => n + clip(d).length, 0) * 2;
    expect(samples.length).toBeGreaterThan(spoken * 0.9);
    expect(samples.length).toBeLessThan(spoken * 1.1 + CLIP_RATE * 6);
    expect(a.equals(b)).toBe(false);
    // Noise under everything: no stretch of digital silence.
    const quiet = samples.slice(0, CLIP_RATE / 10);
    expect(quiet.some((s) => s !== 0)).toBe(true);
    // A longer code is a longer answer: the digits are what is read.
    expect(readWav(speakImageCode('25801')).samples.length).toBeGreaterThan(samples.length);
  });

  it('refuses anything but digits', () => {
    expect(() => speakImageCode('12a4')).toThrow();
    expect(() => speakImageCode('')).toThrow();
  });
});

describe('RndVcodeAudio', () => {
  it('speaks a live code; refuses an expired, a spent or an unknown one', async () => {
    const img = await call('AuthenticationCenter/RndVcodeNum', {}, '203.0.113.50');
    expect(img.ErrorNo).toBe(1);
    const heard = await call('AuthenticationCenter/RndVcodeAudio', { Key: img.Result.Key }, '203.0.113.50');
    expect(heard.ErrorNo, heard.ErrorInfo).toBe(1);
    expect(heard.Result.Audio).toMatch(/^data:audio\/wav;base64,/);
    expect(wavOf(heard.Result.Audio).rate).toBe(CLIP_RATE);
    // Hearing it spends nothing: the code still answers.
    expect(imageCodeAnswer(backend.db, img.Result.Key)).toMatch(/^\d{4}$/);

    offsetMs += (IMAGE_CODE_TTL_SECONDS + 1) * 1000;
    const expired = await call('AuthenticationCenter/RndVcodeAudio', { Key: img.Result.Key }, '203.0.113.50');
    expect(expired).toMatchObject({ ErrorNo: -1, ErrorInfo: '图形验证码已过期，请刷新后再听' });

    const unknown = await call('AuthenticationCenter/RndVcodeAudio', { Key: 'no-such-key-0000' }, '203.0.113.50');
    expect(unknown.ErrorNo).toBe(-1);
    const missing = await call('AuthenticationCenter/RndVcodeAudio', {}, '203.0.113.50');
    expect(missing.ErrorNo).toBe(0);

    // Spent by an SMS send that used it: the audio is gone with the picture.
    const next = await call('AuthenticationCenter/RndVcodeNum', {}, '203.0.113.50');
    const answer = imageCodeAnswer(backend.db, next.Result.Key)!;
    const sent = await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: '13900000071', Type: 'register', ImgKey: next.Result.Key, ImgCode: answer }, '203.0.113.50');
    expect(sent.ErrorNo, sent.ErrorInfo).toBe(1);
    expect((await call('AuthenticationCenter/RndVcodeAudio', { Key: next.Result.Key }, '203.0.113.50')).ErrorNo).toBe(-1);
  });

  it('counts against the image codes’ throttle: pictures and audio share one allowance per client', async () => {
    const ip = '203.0.113.77';
    const allowance = LIMITS.imageCodeClient.allowance;
    const img = await call('AuthenticationCenter/RndVcodeNum', {}, ip);
    expect(img.ErrorNo).toBe(1);
    for (let i = 1; i < allowance; i++) {
      const heard = await call('AuthenticationCenter/RndVcodeAudio', { Key: img.Result.Key }, ip);
      expect(heard.ErrorNo, `audio ${i}`).toBe(1);
    }
    // The allowance is spent by one picture and the audio: neither is answered now.
    const spent = [await call('AuthenticationCenter/RndVcodeAudio', { Key: img.Result.Key }, ip), await call('AuthenticationCenter/RndVcodeNum', {}, ip)];
    for (const r of spent) {
      expect(r.ErrorNo).toBe(-1);
      expect(r.ErrorInfo).toMatch(/^图形验证码获取过于频繁/);
      expect((r.Result as unknown as { RetryAfter: number }).RetryAfter).toBeGreaterThan(0);
    }
    // Another client is not affected.
    expect((await call('AuthenticationCenter/RndVcodeNum', {}, '203.0.113.78')).ErrorNo).toBe(1);
  });
});

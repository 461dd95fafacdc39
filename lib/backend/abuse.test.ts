/**
 * Abuse from many clients (docs/security.md "Abuse from many clients"): each attack is made the way it was
 * made from outside, over the backend's HTTP contract, from distinct addresses (the socket's peer, as the
 * server stamps it under PEER_HEADER), at the default limits (scale 1), and shows that it fails:
 * - one address cannot spend a site-wide ceiling and so switch off login, SMS, registration or reset;
 * - strangers cannot lock a member out: passwords, SMS quota and live codes;
 * - refusals are HTTP 429 with Retry-After;
 * - image codes are limited per client; an IPv6 client is its /64; a body stops being read at the limit.
 * The backend's clock is fixed (10:00 China time) and moved by hand: nothing depends on the hour a run starts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PEER_HEADER } from '@/lib/security/client-address';
import { deviceOf } from './device-tokens';
import { MAX_BODY_BYTES, type Backend } from './router';
import { callAsClient, type ClientAnswer } from '@/test/backend-client';
import { createSeededBackend } from '@/test/seeded-backend';
import { latestSmsCode } from './sms';
import { createThrottles } from './throttles';


const secret = new TextEncoder().encode('abuse-test-secret-0123456789abcdef');
/** 2026-03-10 10:00 in China (02:00 UTC): hours of moves stay inside one China day. */
const START = Date.UTC(2026, 2, 10, 2, 0, 0);
let dir: string;
let backend: Backend;
let offsetMs = 0;
const advance = (seconds: number) => {
  offsetMs += seconds * 1000;
};

beforeEach(() => {
  offsetMs = 0;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-abuse-'));
  backend = createSeededBackend(
    { dbPath: path.join(dir, 'abuse.db'), jwtSecret: secret, now: () => new Date(START + offsetMs), log: () => {} },
    createThrottles({ scale: 1, redis: false, log: () => {} }),
  );
});
afterEach(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Answer = ClientAnswer;
const call = (apiPath: string, fields: Record<string, string>, peer: string, device?: string): Promise<Answer> =>
  callAsClient(backend, apiPath, fields, peer, device);

const MEMBER = { phone: '13800000005', password: 'Shengai2026' };
const login = (phone: string, password: string, peer: string, device?: string) =>
  call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: password }, peer, device);
const sendCode = (phone: string, peer: string, device?: string) => call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, peer, device);
const smsLogin = (phone: string, code: string, peer: string, device?: string) =>
  call('AuthenticationCenter/PcPhoneLogin', { Phone: phone, Code: code }, peer, device);
const otherCode = (code: string, i = 1) => String((Number(code) + i) % 1_000_000).padStart(6, '0');
const phoneNo = (prefix: string, i: number) => `${prefix}${String(i).padStart(4, '0')}`;

/** A refusal for a spent limit: HTTP 429, a Retry-After in seconds, the envelope's Chinese message. */
function expectTooMany(r: Answer, message: RegExp) {
  expect(r.status, r.ErrorInfo).toBe(429);
  expect(Number(r.retryAfter)).toBeGreaterThan(0);
  expect(r.Result.RetryAfter).toBe(Number(r.retryAfter));
  expect(r.ErrorNo).toBe(-1);
  expect(r.ErrorInfo).toMatch(message);
}

describe('one address cannot switch off a flow for everyone: per-client limits are spent before the site-wide ceiling', () => {
  it('620 password attempts from one address: refused with 429 after 20, and another address\'s right password logs in', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 620; i++) answers.push(await login(phoneNo('1370000', i), 'Guess2026', '127.0.10.1'));
    expect(answers.slice(0, 20).every((r) => /手机号或密码错误/.test(r.ErrorInfo))).toBe(true);
    for (const r of answers.slice(20)) expectTooMany(r, /登录尝试过于频繁/);
    const other = await login(MEMBER.phone, MEMBER.password, '127.0.10.2');
    expect(other.ErrorNo, other.ErrorInfo).toBe(1);
  });

  it('310 SMS sends from one address: another address still gets its code', async () => {
    for (let i = 0; i < 310; i++) {
      const r = await sendCode(phoneNo('1360000', i), '127.0.11.1');
      if (i >= 10) expectTooMany(r, /过于频繁/);
    }
    const other = await sendCode(MEMBER.phone, '127.0.11.2');
    expect(other.ErrorNo, other.ErrorInfo).toBe(1);
  });

  it('1,210 code checks from one address: another address\'s right code still logs in', async () => {
    for (let i = 0; i < 1210; i++) {
      const r = await call('AuthenticationCenter/VerifyPhoneCode', { Phone: phoneNo('1350000', i % 50), Code: '123456' }, '127.0.12.1');
      expect(r.ErrorNo).not.toBe(1);
    }
    expect((await sendCode(MEMBER.phone, '127.0.12.2')).ErrorNo).toBe(1);
    const r = await smsLogin(MEMBER.phone, latestSmsCode(backend.db, MEMBER.phone)!.Code, '127.0.12.2');
    expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  });

  it('310 registrations and 310 password resets from one address: another address registers and resets', async () => {
    for (let i = 0; i < 310; i++) {
      const reg = await call(
        'VIP_Member/InsertPCVip',
        { Phone: phoneNo('1340000', i), Code: '123456', VipName: '王小明', Password: 'Reg2026x', AgreeFlag: '1' },
        '127.0.13.1',
      );
      if (i >= 10) expectTooMany(reg, /注册过于频繁/);
      const reset = await call('VIP_Member/ResetPwd', { Phone: phoneNo('1330000', i), Code: '123456', Password: 'Reset2026' }, '127.0.13.1');
      if (i >= 10) expectTooMany(reset, /找回密码过于频繁/);
    }
    const phone = '13911112222';
    expect((await sendCode(phone, '127.0.13.2')).ErrorNo).toBe(1);
    const reg = await call(
      'VIP_Member/InsertPCVip',
      { Phone: phone, Code: latestSmsCode(backend.db, phone)!.Code, VipName: '张新会', Password: 'Reg2026x', AgreeFlag: '1' },
      '127.0.13.2',
    );
    expect(reg.ErrorNo, reg.ErrorInfo).toBe(1);
    advance(61);
    expect((await sendCode(MEMBER.phone, '127.0.13.3')).ErrorNo).toBe(1);
    const reset = await call(
      'VIP_Member/ResetPwd',
      { Phone: MEMBER.phone, Code: latestSmsCode(backend.db, MEMBER.phone)!.Code, Password: 'Reset2026' },
      '127.0.13.3',
    );
    expect(reset.ErrorNo, reset.ErrorInfo).toBe(1);
  });
});

describe('strangers cannot lock a member out', () => {
  it('7 addresses × 5 wrong passwords: the member\'s password still works from its address, from its device anywhere, and after a reset', async () => {
    const first = await login(MEMBER.phone, MEMBER.password, '127.0.20.1');
    expect(first.ErrorNo).toBe(1);
    const device: string = first.Result.device_token;
    expect(deviceOf({ jwtSecret: secret }, device)).not.toBeNull();
    for (let a = 0; a < 7; a++) {
      for (let i = 0; i < 5; i++) await login(MEMBER.phone, `Guess${a}${i}xx`, `127.0.21.${a + 1}`);
    }
    // A client that never proved the phone is refused by the phone's ceiling (the bound on strangers' guesses)…
    expectTooMany(await login(MEMBER.phone, MEMBER.password, '127.0.22.1'), /尝试过于频繁/);
    // …the member's own address and device are not.
    expect((await login(MEMBER.phone, MEMBER.password, '127.0.20.1')).ErrorNo).toBe(1);
    const moved = await login(MEMBER.phone, MEMBER.password, '127.0.20.99', device);
    expect(moved.ErrorNo, moved.ErrorInfo).toBe(1);
    // The device keeps its identity: the token it is given back names the same device.
    expect(deviceOf({ jwtSecret: secret }, moved.Result.device_token)).toBe(deviceOf({ jwtSecret: secret }, device));
    // A made-up token is no device.
    expectTooMany(await login(MEMBER.phone, MEMBER.password, '127.0.22.2', `${device.slice(0, 23)}${'A'.repeat(43)}`), /尝试过于频繁/);

    // A new computer resets the password by SMS, then logs in with the new one at once.
    expect((await sendCode(MEMBER.phone, '127.0.22.3')).ErrorNo).toBe(1);
    const reset = await call(
      'VIP_Member/ResetPwd',
      { Phone: MEMBER.phone, Code: latestSmsCode(backend.db, MEMBER.phone)!.Code, Password: 'NewPass2026' },
      '127.0.22.3',
    );
    expect(reset.ErrorNo, reset.ErrorInfo).toBe(1);
    const after = await login(MEMBER.phone, 'NewPass2026', '127.0.22.3');
    expect(after.ErrorNo, after.ErrorInfo).toBe(1);
  });

  it('a client that has just proven the phone by SMS passes the password lock', async () => {
    for (let a = 0; a < 7; a++) {
      for (let i = 0; i < 5; i++) await login(MEMBER.phone, `Guess${a}${i}xx`, `127.0.23.${a + 1}`);
    }
    const laptop = '127.0.23.100';
    expectTooMany(await login(MEMBER.phone, MEMBER.password, laptop), /尝试过于频繁/);
    expect((await sendCode(MEMBER.phone, laptop)).ErrorNo).toBe(1);
    const sms = await smsLogin(MEMBER.phone, latestSmsCode(backend.db, MEMBER.phone)!.Code, laptop);
    expect(sms.ErrorNo, sms.ErrorInfo).toBe(1);
    expect((await login(MEMBER.phone, MEMBER.password, laptop)).ErrorNo).toBe(1);
  });

  it('4 addresses spend the strangers\' share of the phone\'s 20 daily codes: the member\'s own client still gets one', async () => {
    expect((await login(MEMBER.phone, MEMBER.password, '127.0.30.1')).ErrorNo).toBe(1);
    const sent: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let a = 0; a < 4; a++) sent.push((await sendCode(MEMBER.phone, `127.0.31.${a + 1}`)).ErrorNo);
      advance(61);
    }
    // Strangers together get at most 15 of the phone's 20.
    expect(sent.filter((n) => n === 1).length).toBe(15);
    expectTooMany(await sendCode(MEMBER.phone, '127.0.31.9'), /今日获取验证码次数已达上限/);
    const own = await sendCode(MEMBER.phone, '127.0.30.1');
    expect(own.ErrorNo, own.ErrorInfo).toBe(1);
    const sms = await smsLogin(MEMBER.phone, latestSmsCode(backend.db, MEMBER.phone)!.Code, '127.0.30.1');
    expect(sms.ErrorNo, sms.ErrorInfo).toBe(1);
  });

  it('20 wrong guesses of the member\'s live code from other addresses close it to strangers, not to the member', async () => {
    const memberAddress = '127.0.40.1';
    expect((await sendCode(MEMBER.phone, memberAddress)).ErrorNo).toBe(1);
    const code = latestSmsCode(backend.db, MEMBER.phone)!.Code;
    let i = 0;
    for (let a = 0; a < 4; a++) {
      for (let t = 0; t < 5; t++) {
        const r = await smsLogin(MEMBER.phone, otherCode(code, ++i), `127.0.41.${a + 1}`);
        expect(r.ErrorNo).not.toBe(1);
      }
    }
    // The bound on guessing holds: a fifth stranger is refused even with the right code…
    expect((await smsLogin(MEMBER.phone, code, '127.0.41.9')).ErrorInfo).toMatch(/验证码错误次数过多/);
    // …and the member logs in with it.
    const own = await smsLogin(MEMBER.phone, code, memberAddress);
    expect(own.ErrorNo, own.ErrorInfo).toBe(1);
  });

  it('10 hostile addresses for 5 minutes: the member still logs in by password and by SMS from a device it used before', async () => {
    const home = await login(MEMBER.phone, MEMBER.password, '127.0.50.1');
    const device: string = home.Result.device_token;
    for (let minute = 0; minute < 5; minute++) {
      for (let a = 0; a < 10; a++) {
        const peer = `127.0.51.${a + 1}`;
        for (let i = 0; i < 3; i++) await login(MEMBER.phone, `Guess${minute}${a}${i}x`, peer);
        const sent = await sendCode(MEMBER.phone, peer);
        if (sent.ErrorNo === 1) {
          const code = latestSmsCode(backend.db, MEMBER.phone)!.Code;
          for (let i = 1; i <= 5; i++) await smsLogin(MEMBER.phone, otherCode(code, i), peer);
        }
      }
      advance(61);
    }
    // From the member's device on an address it has never used:
    const away = '127.0.50.77';
    const password = await login(MEMBER.phone, MEMBER.password, away, device);
    expect(password.ErrorNo, password.ErrorInfo).toBe(1);
    const sent = await sendCode(MEMBER.phone, away, device);
    expect(sent.ErrorNo, sent.ErrorInfo).toBe(1);
    const sms = await smsLogin(MEMBER.phone, latestSmsCode(backend.db, MEMBER.phone)!.Code, away, device);
    expect(sms.ErrorNo, sms.ErrorInfo).toBe(1);
  });
});

describe('per-client keys and limits', () => {
  it('image codes: 20 per client in 10 minutes, then 429; another client is unaffected', async () => {
    for (let i = 0; i < 20; i++) expect((await call('AuthenticationCenter/RndVcodeNum', {}, '127.0.60.1')).ErrorNo).toBe(1);
    expectTooMany(await call('AuthenticationCenter/RndVcodeNum', {}, '127.0.60.1'), /图形验证码获取过于频繁/);
    expect((await call('AuthenticationCenter/RndVcodeNum', {}, '127.0.60.2')).ErrorNo).toBe(1);
    const rows = (backend.db.prepare('SELECT COUNT(*) AS n FROM image_codes').get() as { n: number }).n;
    expect(rows).toBe(21);
  });

  it('an IPv6 client is its /64: new addresses in the same /64 share one allowance', async () => {
    for (let i = 0; i < 20; i++) await login(phoneNo('1320000', i), 'Guess2026', `2001:db8:1:2::${(i + 1).toString(16)}`);
    expectTooMany(await login(phoneNo('1320000', 99), 'Guess2026', '2001:db8:1:2:ffff:ffff:ffff:fffe'), /登录尝试过于频繁/);
    expectTooMany(await login(phoneNo('1320000', 98), 'Guess2026', '2001:0db8:0001:0002::abcd'), /登录尝试过于频繁/);
    expect((await login(phoneNo('1320000', 97), 'Guess2026', '2001:db8:1:3::1')).ErrorInfo).toMatch(/手机号或密码错误/);
  });

  it('an /api body stops being read once it passes the limit, whatever length it claims', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    // 32 MB without a Content-Length: a reader that reads to the end pulls it all.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 32 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await backend.handle(
      new Request('http://x/api/News/GetNewList?IsWeb=1&Sub=', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', [PEER_HEADER]: '127.0.70.1' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
    );
    const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string };
    expect(body).toMatchObject({ ErrorNo: 0, ErrorInfo: '请求内容过大' });
    // Read no further than the limit and the chunk that passed it (and what the stream had queued).
    expect(pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 3 * chunk.byteLength);
  });
});

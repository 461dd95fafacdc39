/**
 * The member system against an attacker (docs/security.md "Attacks on the member system: backend"):
 * each test is an attack made the way it was made from outside, over the backend's HTTP contract,
 * and shows that it fails. Addresses are set the way the server sets them: the socket's peer
 * (lib/security/peer-stamp.ts) under PEER_HEADER.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PEER_HEADER } from '@/lib/security/client-address';
import { sweepAnonymousRows } from './cleanup';
import { announceDevAids, devAidsEnabled } from './dev-aids';
import { createBackend, type Backend, type Envelope } from './router';
import { settingsFromEnv } from './settings';
import { latestSmsCode } from './sms';
import { createThrottles } from './throttles';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read many wire fields
type Loose = any;

const secret = new TextEncoder().encode('attack-test-secret-0123456789abcdef');
let dir: string;
let backend: Backend;
let offsetMs = 0;
const advance = (seconds: number) => {
  offsetMs += seconds * 1000;
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-attacks-'));
  backend = createBackend(
    { dbPath: path.join(dir, 'attacks.db'), jwtSecret: secret, now: () => new Date(Date.now() + offsetMs), log: () => {} },
    createThrottles({ scale: 1, redis: false, log: () => {} }),
  );
});
afterAll(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function call<T = Loose>(target: Backend, apiPath: string, fields: Record<string, string>, peer: string, extra: Record<string, string> = {}) {
  const res = await target.handle(
    new Request(`http://x/api/${apiPath}?IsWeb=1&Sub=`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', [PEER_HEADER]: peer, ...extra },
      body: new URLSearchParams(fields),
    }),
  );
  expect(res.status).toBeLessThan(500);
  return (await res.json()) as Envelope<T>;
}

describe('development aids', () => {
  const devPaths: [string, Record<string, string>][] = [
    ['Dev/GetSmsOutbox', { Phone: '13800000001' }],
    ['Dev/WechatAuthorize', {}],
    ['Dev/IssueCard', { Phone: '13800000009' }],
    ['Dev/FailNext', { Path: 'AuthenticationCenter/PcPwdLogin' }],
    ['Dev/GetRefreshCount', { Phone: '13800000001' }],
  ];

  it('are off under next start without DEV_AIDS, on with DEV_AIDS=1, on under next dev unless DEV_AIDS=0', () => {
    expect(devAidsEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(devAidsEnabled({ NODE_ENV: 'production', DEV_AIDS: '0' })).toBe(false);
    expect(devAidsEnabled({ NODE_ENV: 'production', DEV_AIDS: 'true' })).toBe(false);
    expect(devAidsEnabled({ NODE_ENV: 'production', DEV_AIDS: '1' })).toBe(true);
    expect(devAidsEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(devAidsEnabled({ NODE_ENV: 'development', DEV_AIDS: '0' })).toBe(false);
  });

  it('a production settings object without DEV_AIDS refuses every Dev path; with DEV_AIDS=1 they answer', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('DEV_AIDS', '');
    vi.stubEnv('API_BASE_URL', '');
    // The demo members the login below uses: a production database has them only when asked for (docs/operations.md).
    vi.stubEnv('DEMO_MEMBERS', '1');
    const off = createBackend({ dbPath: path.join(dir, 'prod-off.db'), jwtSecret: secret }, createThrottles({ redis: false }));
    expect(off.settings.devAids).toBe(false);
    // Someone has asked for a code: the outbox must still not show it.
    expect((await call(off, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: '13800000001' }, '198.51.100.1')).ErrorNo).toBe(1);
    for (const [devPath, fields] of devPaths) {
      const r = await call(off, devPath, fields, '198.51.100.1');
      expect(r.ErrorNo, devPath).toBe(404);
      expect(JSON.stringify(r.Result ?? null), devPath).not.toMatch(/\d{6}/);
    }
    // FailNext did nothing: the next login is not failed on purpose.
    const login = await call(off, 'AuthenticationCenter/PcPwdLogin', { Phone: '13800000001', Password: 'Shengai2026' }, '198.51.100.1');
    expect(login.ErrorNo).toBe(1);
    off.db.close();

    vi.stubEnv('DEV_AIDS', '1');
    const on = createBackend({ dbPath: path.join(dir, 'prod-on.db'), jwtSecret: secret }, createThrottles({ redis: false }));
    expect(on.settings.devAids).toBe(true);
    expect((await call(on, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: '13800000001' }, '198.51.100.1')).ErrorNo).toBe(1);
    for (const [devPath, fields] of devPaths) {
      const r = await call(on, devPath, fields, '198.51.100.1');
      expect(r.ErrorNo, `${devPath}: ${r.ErrorInfo}`).toBe(1);
    }
    on.db.close();
  });

  it('one server log line says they are on; nothing is said when they are off', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(announceDevAids({ NODE_ENV: 'production' })).toBe(false);
    expect(announceDevAids({ NODE_ENV: 'production', DEV_AIDS: '1', API_BASE_URL: 'https://api.example' })).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(announceDevAids({ NODE_ENV: 'production', DEV_AIDS: '1' })).toBe(true);
    expect(announceDevAids({ NODE_ENV: 'production', DEV_AIDS: '1' })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/development aids are ON/);
  });
});

describe('enumeration', () => {
  const member = '13800000001';
  const stranger = '13800000077';

  it('InsertPCVip and ActivationPcVipCard with a made-up code answer a member and a stranger alike', async () => {
    const reg = (phone: string) =>
      call(backend, 'VIP_Member/InsertPCVip', { Phone: phone, Code: '123456', VipName: '王小明', Password: 'Guess2026', AgreeFlag: '1' }, '198.51.100.20');
    const act = (phone: string) =>
      call(backend, 'VIP_Member/ActivationPcVipCard', { Phone: phone, Code: '123456', CardNo: 'SA00000001', Password: 'Guess2026' }, '198.51.100.20');
    const [regMember, regStranger] = [await reg(member), await reg(stranger)];
    expect(regMember).toEqual(regStranger);
    expect(regMember.ErrorInfo).toBe('请先获取短信验证码');
    const [actMember, actStranger] = [await act(member), await act(stranger)];
    expect(actMember).toEqual(actStranger);
    // With a code sent to each phone, a wrong guess is still the same answer for both.
    for (const phone of [member, stranger]) {
      advance(61);
      expect((await call(backend, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, '198.51.100.21')).ErrorNo).toBe(1);
    }
    const wrong = (phone: string) => (latestSmsCode(backend.db, phone)!.Code === '654321' ? '654320' : '654321');
    const a = await call(backend, 'VIP_Member/InsertPCVip', { Phone: member, Code: wrong(member), VipName: '王小明', Password: 'Guess2026', AgreeFlag: '1' }, '198.51.100.22');
    const b = await call(backend, 'VIP_Member/InsertPCVip', { Phone: stranger, Code: wrong(stranger), VipName: '王小明', Password: 'Guess2026', AgreeFlag: '1' }, '198.51.100.22');
    expect(a).toEqual(b);
    expect(a.ErrorInfo).toMatch(/验证码错误/);
  });

  it('password login answers a member and an unknown phone alike, after the same hashing work', async () => {
    const passwords = await import('./passwords');
    const verify = vi.spyOn(passwords, 'verifyPasswordOrDecoy');
    const known = await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: '13800000004', Password: 'Wrong2026' }, '198.51.100.30');
    const unknown = await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: '13800000078', Password: 'Wrong2026' }, '198.51.100.30');
    expect(known).toEqual(unknown);
    // Each ran scrypt once: the decoy hash stands in for the unknown phone.
    expect(verify).toHaveBeenCalledTimes(2);
    expect(passwords.verifyPasswordOrDecoy('Wrong2026', null)).toBe(false);
  });
});

describe('throttles', () => {
  it('200 guesses over 200 phones from one client: refused after 20', async () => {
    const answers: Envelope[] = [];
    for (let i = 0; i < 200; i++) {
      const phone = `1370000${String(i).padStart(4, '0')}`;
      answers.push(await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Guess2026' }, '192.0.2.200'));
    }
    const refused = answers.filter((r) => /过于频繁/.test(r.ErrorInfo));
    expect(answers.slice(0, 20).every((r) => /手机号或密码错误/.test(r.ErrorInfo))).toBe(true);
    expect(refused.length).toBe(180);
    // Another client is not affected.
    const other = await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: '13800000004', Password: 'Shengai2026' }, '192.0.2.201');
    expect(other.ErrorNo).toBe(1);
  });

  it('a client-sent X-Forwarded-For does not buy a fresh budget', async () => {
    const answers: Envelope[] = [];
    for (let i = 0; i < 30; i++) {
      const phone = `1360000${String(i).padStart(4, '0')}`;
      answers.push(
        await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Guess2026' }, '192.0.2.210', {
          'x-forwarded-for': `203.0.113.${i}`,
          'x-real-ip': `203.0.113.${i}`,
        }),
      );
    }
    expect(answers.filter((r) => /过于频繁/.test(r.ErrorInfo)).length).toBe(10);
  });

  it('one phone guessed from many clients: refused after 30 wrong passwords an hour, the member\'s SMS login still works', async () => {
    const phone = '13800000006';
    const answers: Envelope[] = [];
    for (let i = 0; i < 40; i++) {
      answers.push(await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: `Guess${i}xx` }, `192.0.3.${i}`));
    }
    expect(answers.filter((r) => /尝试过于频繁/.test(r.ErrorInfo)).length).toBe(10);
    advance(61);
    expect((await call(backend, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, '203.0.113.60')).ErrorNo).toBe(1);
    const code = latestSmsCode(backend.db, phone)!.Code;
    const sms = await call(backend, 'AuthenticationCenter/PcPhoneLogin', { Phone: phone, Code: code }, '203.0.113.60');
    expect(sms.ErrorNo, sms.ErrorInfo).toBe(1);
  });

  it('registration and password reset are limited per client', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await call(backend, 'VIP_Member/ResetPwd', { Phone: `1350000${String(i).padStart(4, '0')}`, Code: '123456', Password: 'Reset2026' }, '192.0.2.220');
      answers.push(r.ErrorInfo);
    }
    expect(answers.filter((m) => /找回密码过于频繁/.test(m)).length).toBe(2);
    const regs: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await call(
        backend,
        'VIP_Member/InsertPCVip',
        { Phone: `1340000${String(i).padStart(4, '0')}`, Code: '123456', VipName: '王小明', Password: 'Reg2026x', AgreeFlag: '1' },
        '192.0.2.221',
      );
      regs.push(r.ErrorInfo);
    }
    expect(regs.filter((m) => /注册过于频繁/.test(m)).length).toBe(2);
  });
});

describe('locking members out', () => {
  it('a stranger hammering a phone (passwords, SMS sends, wrong codes) cannot lock the member out', async () => {
    const phone = '13800000005';
    const attacker = '192.0.2.230';
    const memberAddress = '203.0.113.70';
    // Wrong passwords until the attacker's own pair is locked.
    for (let i = 0; i < 12; i++) await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: `Guess${i}xx` }, attacker);
    expect((await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' }, attacker)).ErrorInfo).toMatch(/已锁定/);
    // The attacker spends its SMS quota for the phone.
    const sends: number[] = [];
    for (let i = 0; i < 8; i++) {
      advance(61);
      sends.push((await call(backend, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, attacker)).ErrorNo);
    }
    expect(sends.filter((n) => n === 1).length).toBe(5);
    // The member's password works from the member's client…
    expect((await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' }, memberAddress)).ErrorNo).toBe(1);
    // …and so does an SMS code, while the attacker keeps guessing codes.
    expect((await call(backend, 'AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, memberAddress)).ErrorNo).toBe(1);
    const code = latestSmsCode(backend.db, phone)!.Code;
    for (let i = 0; i < 10; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      await call(backend, 'AuthenticationCenter/PcPhoneLogin', { Phone: phone, Code: guess }, attacker);
    }
    const sms = await call(backend, 'AuthenticationCenter/PcPhoneLogin', { Phone: phone, Code: code }, memberAddress);
    expect(sms.ErrorNo, sms.ErrorInfo).toBe(1);
  });
});

describe('image code', () => {
  it('the SVG has no <text> and does not carry its digits', async () => {
    for (let i = 0; i < 20; i++) {
      const r = await call<{ Key: string; Image: string }>(backend, 'AuthenticationCenter/RndVcodeNum', {}, '198.51.100.40');
      const svg = Buffer.from(r.Result.Image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
      const answer = (backend.db.prepare('SELECT code FROM image_codes WHERE id = ?').get(r.Result.Key) as { code: string }).code;
      expect(svg).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>$/);
      expect(svg).not.toMatch(/<text|<tspan|font-family/i);
      // No attribute or text node holds the answer's digits in a row. Left out of the check: the glyph outlines
      // (d), the namespace URI (…/2000/svg: the code 2000 is drawn too) and the random colours (#a12345).
      expect(svg.replace(/<[^>]*>/g, '').trim()).toBe('');
      expect(svg.replace(/\s(?:d|xmlns)="[^"]*"/g, '').replace(/#[0-9a-f]{3,8}\b/gi, '')).not.toContain(answer);
      expect(svg.match(/<path/g)!.length).toBeGreaterThanOrEqual(answer.length + 2);
    }
  });
});

describe('image code read from its path commands (docs/security.md "Abuse from many clients")', () => {
  /** The glyphs of an image code, left to right: each filled path's command letters, the script's signature of a digit. */
  function glyphSignatures(svg: string): string[] {
    return [...svg.matchAll(/<path fill="#[0-9a-f]+" d="([^"]+)"\/>/gi)]
      .map(([, d]) => ({ x: Math.min(...[...d!.matchAll(/[ML]([\d.]+)/g)].map((m) => Number(m[1]))), letters: d!.replace(/[^A-Za-z]/g, '') }))
      .sort((a, b) => a.x - b.x)
      .map((g) => g.letters);
  }
  async function imageCode(peer: string) {
    const r = await call<{ Key: string; Image: string }>(backend, 'AuthenticationCenter/RndVcodeNum', {}, peer);
    expect(r.ErrorNo, r.ErrorInfo).toBe(1);
    const svg = Buffer.from(r.Result.Image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
    const answer = (backend.db.prepare('SELECT code FROM image_codes WHERE id = ?').get(r.Result.Key) as { code: string }).code;
    return { svg, answer };
  }

  it('a script that learns each digit\'s command sequence from 40 codes reads none of 40 others', async () => {
    const learned = new Map<string, string>();
    for (let i = 0; i < 40; i++) {
      const { svg, answer } = await imageCode(`198.51.100.${60 + Math.floor(i / 15)}`);
      glyphSignatures(svg).forEach((letters, k) => learned.set(letters, answer[k]!));
    }
    let read = 0;
    for (let i = 0; i < 40; i++) {
      const { svg, answer } = await imageCode(`198.51.100.${70 + Math.floor(i / 15)}`);
      if (glyphSignatures(svg).map((letters) => learned.get(letters) ?? '?').join('') === answer) read++;
    }
    expect(read).toBe(0);
  });

  it('every glyph outline is M, straight segments and Z, of a random length', async () => {
    const lengths = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const { svg } = await imageCode('198.51.100.80');
      for (const letters of glyphSignatures(svg)) {
        expect(letters).toMatch(/^(?:ML+Z)+$/);
        lengths.add(letters.length);
      }
    }
    expect(lengths.size).toBeGreaterThan(10);
  });
});

describe('clean-up of rows written for anonymous callers', () => {
  it('deletes old attempts, sends, tokens and codes, and keeps what a rule still reads', () => {
    const db = backend.db;
    const now = Math.floor(Date.now() / 1000);
    const old = now - 3 * 24 * 3600;
    db.prepare('INSERT INTO login_attempts (phone, ip, ok, at) VALUES (?, ?, 0, ?), (?, ?, 0, ?)').run('13311110000', 'x', old, '13311110000', 'x', now);
    db.prepare("INSERT INTO sms_outbox (phone, code, purpose, ip, created_at, expires_at) VALUES ('13311110000', '111111', 'login', 'x', ?, ?), ('13311110000', '222222', 'login', 'x', ?, ?)").run(old, old + 300, now, now + 300);
    db.prepare("INSERT INTO wechat_codes (code, openid, created_at, expires_at) VALUES ('old-code', 'wx-x', ?, ?), ('new-code', 'wx-x', ?, ?)").run(old, old + 600, now, now + 600);
    db.prepare("INSERT INTO refresh_tokens (token_hash, family_id, subject, kind, issued_at, expires_at) VALUES ('h-old', 'f', 'v', 'visitor', ?, ?), ('h-new', 'f', 'v', 'visitor', ?, ?)").run(old, old + 60, now, now + 3600);
    db.prepare("INSERT INTO phone_clients (phone, kind, client, proven_at) VALUES ('13311110000', 'address', 'x', ?), ('13311110000', 'address', 'y', ?)").run(now - 91 * 24 * 3600, now);
    const swept = sweepAnonymousRows(db, now);
    expect(swept.phoneClients).toBe(1);
    expect(swept.loginAttempts).toBeGreaterThanOrEqual(1);
    expect(swept.smsOutbox).toBeGreaterThanOrEqual(1);
    expect(swept.wechatCodes).toBeGreaterThanOrEqual(1);
    expect(swept.refreshTokens).toBeGreaterThanOrEqual(1);
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count(`SELECT COUNT(*) AS n FROM login_attempts WHERE at < ${now - 24 * 3600}`)).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM login_attempts WHERE phone = '13311110000'")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = '13311110000'")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM wechat_codes WHERE code IN ('old-code', 'new-code')")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM refresh_tokens WHERE token_hash IN ('h-old', 'h-new')")).toBe(1);
  });
});

describe('backend faults', () => {
  it('a 500 is logged in production too, and answered with the envelope', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const failing = createBackend({ dbPath: path.join(dir, 'fault.db'), jwtSecret: secret }, createThrottles({ redis: false }));
    expect(settingsFromEnv({ jwtSecret: secret }).devAids).toBe(false);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    failing.db.exec('DROP TABLE hot_words');
    const r = await call(failing, 'TW_HotWords/GetHotWordsList', {}, '198.51.100.50');
    expect(r).toMatchObject({ ErrorNo: 500, ErrorInfo: '系统错误，请稍后再试' });
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/\[backend\] error in TW_HotWords\/GetHotWordsList/));
    failing.db.close();
  });
});

/**
 * What a deployment must say on purpose (docs/operations.md): under `next start` a weak JWT_SECRET, a missing
 * API host without EMBEDDED_BACKEND=1 and an unknown payment provider stop the process; a production database
 * has no demo members unless DEMO_MEMBERS=1, and a database that has them is refused by a process that did not
 * ask; without PAYMENT_PROVIDER=simulated paying answers a clear message and nothing is marked paid; a member
 * token without a session id opens nothing (it could not be ended by logout).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createBackend, type Backend } from './router';
import { createThrottles } from './throttles';
import {
  demoMembersEnabled,
  deploymentProblems,
  jwtSecretProblem,
  paymentProviderFromEnv,
  settingsFromEnv,
} from './settings';
import { PAYMENT_UNAVAILABLE_MESSAGE } from './payments';
import { call, ensureMember, memberToken } from '@/test/backend-member-services';
import { idCardFor } from '@/test/id-cards';
import { siteUrlProblem, startProblems } from '@/lib/operations/start-checks';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-production-defaults-'));
const strong = 'a3f1c9e07b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d';
afterEach(() => vi.unstubAllEnvs());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('JWT_SECRET', () => {
  it('refuses the example’s placeholder, short secrets and one repeated character; takes 32 random bytes', () => {
    for (const weak of ['change-me', 'CHANGE_ME_to_something_long_and_random_please', 'secret', 'your-secret-here-0123456789abcdef0123', 'x'.repeat(64), 'short-but-random-7f3a']) {
      expect(jwtSecretProblem(weak), weak).not.toBeNull();
    }
    expect(jwtSecretProblem(strong)).toBeNull();
  });

  it('stops next start with a message naming the remedy; next dev and an unset secret are fine', () => {
    const production = { NODE_ENV: 'production', EMBEDDED_BACKEND: '1' };
    expect(deploymentProblems({ ...production, JWT_SECRET: 'change-me' }).join('\n')).toMatch(/placeholder.*openssl rand -hex 32/);
    expect(deploymentProblems({ ...production, JWT_SECRET: 'abc' }).join('\n')).toMatch(/3 bytes long: at least 32/);
    expect(deploymentProblems({ ...production, JWT_SECRET: strong })).toEqual([]);
    expect(deploymentProblems({ ...production })).toEqual([]);
    expect(deploymentProblems({ NODE_ENV: 'development', JWT_SECRET: 'change-me' })).toEqual([]);
  });

  it('a backend opened under next start with a weak secret refuses to sign anything', () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('JWT_SECRET', 'change-me');
    expect(() => settingsFromEnv({ dbPath: path.join(dir, 'weak.db') })).toThrow(/placeholder/);
  });
});

describe('SITE_URL', () => {
  it('refuses the example’s placeholder, an example host, and a value that is not an http(s) origin; takes a public origin', () => {
    const example = fs.readFileSync('deploy/shengai.env.example', 'utf8').match(/^SITE_URL=(.+)$/m)?.[1];
    expect(example).toBeTruthy();
    expect(siteUrlProblem(example)).toMatch(/placeholder/);
    for (const bad of ['https://www.example.com', 'https://shop.example.org', 'http://x.invalid']) expect(siteUrlProblem(bad), bad).toMatch(/placeholder/);
    for (const bad of ['www.shengai.cn', 'ftp://www.shengai.cn', 'https://www.shengai.cn/site', 'https://www.shengai.cn/?a=1', 'https://u:p@www.shengai.cn']) {
      expect(siteUrlProblem(bad), bad).toMatch(/not an (?:address|origin)/);
    }
    for (const good of ['https://www.shengai-tcm.cn', 'https://www.shengai-tcm.cn/', 'http://127.0.0.1:3000', 'https://example-hospital.cn', undefined, '']) expect(siteUrlProblem(good), String(good)).toBeNull();
  });

  it('stops next start with the placeholder, and only next start', async () => {
    const production = { NODE_ENV: 'production', EMBEDDED_BACKEND: '1', SITE_URL: 'https://www.shengai-tcm.example' };
    expect((await startProblems(production)).join('\n')).toMatch(/SITE_URL=https:\/\/www\.shengai-tcm\.example is an example/);
    expect(await startProblems({ ...production, NODE_ENV: 'development' })).toEqual([]);
  });
});

describe('the access token’s lifetime', () => {
  it('next start refuses one under 60 s (members were logged out at 10 s); the development aids may go lower', async () => {
    const production = { NODE_ENV: 'production', EMBEDDED_BACKEND: '1' };
    for (const ttl of ['10', '8', '59', '0']) {
      expect(deploymentProblems({ ...production, ACCESS_TOKEN_TTL_SECONDS: ttl }).join('\n'), ttl).toMatch(/ACCESS_TOKEN_TTL_SECONDS=\d+ is below 60 s/);
    }
    expect(await startProblems({ ...production, ACCESS_TOKEN_TTL_SECONDS: '10' })).toHaveLength(1);
    expect(deploymentProblems({ ...production, ACCESS_TOKEN_TTL_SECONDS: '60' })).toEqual([]);
    expect(deploymentProblems({ ...production })).toEqual([]);
    expect(deploymentProblems({ ...production, ACCESS_TOKEN_TTL_SECONDS: '8', DEV_AIDS: '1' })).toEqual([]);
  });
});

describe('the API host or the embedded backend, on purpose', () => {
  it('next start without API_BASE_URL needs EMBEDDED_BACKEND=1', () => {
    expect(deploymentProblems({ NODE_ENV: 'production' }).join('\n')).toMatch(/API_BASE_URL is not set.*EMBEDDED_BACKEND=1/);
    expect(deploymentProblems({ NODE_ENV: 'production', API_BASE_URL: 'http://api.example' })).toEqual([]);
    expect(deploymentProblems({ NODE_ENV: 'production', EMBEDDED_BACKEND: '1' })).toEqual([]);
  });

  it('the start check reports each problem, and none under next build', async () => {
    expect(await startProblems({ NODE_ENV: 'production', JWT_SECRET: 'change-me' })).toHaveLength(2);
    expect(await startProblems({ NODE_ENV: 'production', NEXT_PHASE: 'phase-production-build' })).toEqual([]);
  });

  it('an unknown PAYMENT_PROVIDER is refused: the embedded backend has only the simulated one', () => {
    expect(deploymentProblems({ NODE_ENV: 'production', EMBEDDED_BACKEND: '1', PAYMENT_PROVIDER: 'wechat' }).join('\n')).toMatch(/not a provider/);
  });
});

describe('demo members', () => {
  it('are seeded under next dev and the tests, under next start only with DEMO_MEMBERS=1', () => {
    expect(demoMembersEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(demoMembersEnabled({ NODE_ENV: 'test' })).toBe(true);
    expect(demoMembersEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(demoMembersEnabled({ NODE_ENV: 'production', DEMO_MEMBERS: 'true' })).toBe(false);
    expect(demoMembersEnabled({ NODE_ENV: 'production', DEMO_MEMBERS: '1' })).toBe(true);
  });

  it('a production database has no member and no published password: the README’s login fails', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('EMBEDDED_BACKEND', '1');
    // npm test sets the demo's switches for its own server (scripts/test-all.sh): not here.
    vi.stubEnv('DEMO_MEMBERS', '');
    const backend = createBackend({ dbPath: path.join(dir, 'production.db'), jwtSecret: new TextEncoder().encode(strong), log: () => {} }, createThrottles({ redis: false }));
    try {
      expect((backend.db.prepare('SELECT COUNT(*) AS n FROM members').get() as { n: number }).n).toBe(0);
      expect((backend.db.prepare('SELECT COUNT(*) AS n FROM member_cards').get() as { n: number }).n).toBe(0);
      const login = await call(backend, 'AuthenticationCenter/PcPwdLogin', { Phone: '13800000001', Password: 'Shengai2026' });
      expect(login.ErrorNo).not.toBe(1);
      // The public content is all there.
      expect((await call(backend, 'TW_User/GetDoctorSingle', { AppointmentCode: 'D100001' })).ErrorNo).toBe(1);
    } finally {
      backend.db.close();
    }
  });

  it('a database made with them (a demo build) is refused by a process that did not ask for them', () => {
    const file = path.join(dir, 'demo-build.db');
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PAYMENT_PROVIDER', '');
    vi.stubEnv('DEMO_MEMBERS', '1');
    createBackend({ dbPath: file, jwtSecret: new TextEncoder().encode(strong), log: () => {} }, createThrottles({ redis: false })).db.close();
    vi.stubEnv('DEMO_MEMBERS', '');
    expect(() => createBackend({ dbPath: file, jwtSecret: new TextEncoder().encode(strong), log: () => {} }, createThrottles({ redis: false }))).toThrow(
      /holds the demo members, whose password is published/,
    );
  });
});

describe('payment', () => {
  it('is simulated under next dev, and under next start only with PAYMENT_PROVIDER=simulated', () => {
    expect(paymentProviderFromEnv({ NODE_ENV: 'development' }).name).toBe('simulated');
    expect(paymentProviderFromEnv({ NODE_ENV: 'production' }).name).toBe('none');
    expect(paymentProviderFromEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulated' }).name).toBe('simulated');
  });

  it('without a provider, paying answers a clear message and the booking stays unpaid', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('EMBEDDED_BACKEND', '1');
    vi.stubEnv('PAYMENT_PROVIDER', '');
    const backend: Backend = createBackend({ dbPath: path.join(dir, 'no-payment.db'), jwtSecret: new TextEncoder().encode(strong), log: () => {} }, createThrottles({ redis: false }));
    try {
      const id = ensureMember(backend, { phone: '13700009001', vipCode: 'PVIP01', name: '付款测试', points: 0 });
      // Booking is real-name: the holder books for themself with their ID card on file (docs/api.md).
      backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(9001), id);
      const token = await memberToken(backend, id, 'PVIP01');
      const schedule = await call(backend, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: 'D100001' });
      const slot = schedule.Result.DataList.flatMap((d: { Shifts: { ScheduleID: string; BookState: string; Remaining: number }[] }) => d.Shifts)
        .find((s: { BookState: string; Remaining: number }) => s.BookState === 'open' && s.Remaining > 0);
      const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: slot.ScheduleID, IdempotencyKey: `pay${crypto.randomUUID().slice(0, 12)}` }, token);
      expect(booked.ErrorNo, booked.ErrorInfo).toBe(1);
      expect(booked.Result.PayChannel).toBe('none');
      const paid = await call(backend, 'HIS_Register/PayRegister', { RegisterNo: booked.Result.RegisterNo }, token);
      expect(paid.ErrorNo).toBe(-1);
      expect(paid.ErrorInfo).toBe(PAYMENT_UNAVAILABLE_MESSAGE);
      const row = backend.db.prepare('SELECT status, paid_at FROM registrations WHERE register_no = ?').get(booked.Result.RegisterNo) as { status: number; paid_at: string | null };
      expect(row).toEqual({ status: 4, paid_at: null });
      expect(backend.db.prepare(`SELECT COUNT(*) AS n FROM payments WHERE register_no = ? AND status = 'paid'`).get(booked.Result.RegisterNo)).toEqual({ n: 0 });
    } finally {
      backend.db.close();
    }
  });
});

describe('member tokens name their session', () => {
  it('a well-signed member token without a session id opens nothing, so logout cannot be outlived', async () => {
    vi.stubEnv('NODE_ENV', 'test');
    const secret = new TextEncoder().encode(strong);
    const backend = createBackend({ dbPath: path.join(dir, 'sid.db'), jwtSecret: secret, log: () => {} }, createThrottles({ redis: false }));
    try {
      const member = backend.db.prepare(`SELECT id, vip_code AS vipCode, name FROM members WHERE phone = '13800000001'`).get() as { id: number; vipCode: string; name: string };
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT({ VIP: JSON.stringify({ VipCode: member.vipCode, VipName: member.name }), typ: 'member' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(member.id))
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(secret);
      const read = await call(backend, 'VIP_Member/GetVIPMember', {}, forged);
      expect(read.ErrorNo).toBe(4001);
      expect(JSON.stringify(read.Result ?? null)).not.toContain('13800000001');
      // The same member with a session, as a login issues it: answered.
      expect((await call(backend, 'VIP_Member/GetVIPMember', {}, await memberToken(backend, member.id, member.vipCode))).ErrorNo).toBe(1);
    } finally {
      backend.db.close();
    }
  });
});

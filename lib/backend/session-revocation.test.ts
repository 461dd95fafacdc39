/**
 * Logout and password reset end access (docs/security.md "Attacks on the
 * member system: sessions and pages"): the access token of a revoked session
 * is refused at once, not when it expires, and a session has an absolute
 * lifetime of 30 days from its login however often it is refreshed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend, type Envelope } from './router';
import { SESSION_MAX_AGE_SECONDS } from './session-tokens';
import { signAccessToken } from './tokens';

let backend: Backend;
let dir: string;
let offsetMs = 0;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-revocation-'));
  backend = createBackend({
    dbPath: path.join(dir, 'revocation.db'),
    jwtSecret: new TextEncoder().encode('revocation-test-secret-0123456789'),
    smsImageCodeAfter: 1000,
    smsIpLimitPerHour: 1000,
    now: () => new Date(Date.now() + offsetMs),
    log: () => {},
  });
});
afterAll(() => {
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read wire fields
type Loose = any;
let ipCounter = 0;
async function call(apiPath: string, fields: Record<string, string> = {}, token?: string): Promise<Envelope<Loose>> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'x-forwarded-for': `10.9.0.${++ipCounter % 250}`,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await backend.handle(
    new Request(`http://x/api/${apiPath}?IsWeb=1&Sub=`, { method: 'POST', headers, body: new URLSearchParams(fields) }),
  );
  return (await res.json()) as Envelope<Loose>;
}

async function login(phone = '13800000001', password = 'Shengai2026') {
  const r = await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: password });
  expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  return { access: r.Result.access_token as string, refresh: r.Result.refresh_token as string };
}

const profile = (token: string) => call('VIP_Member/GetVIPMember', {}, token);

describe('a revoked session', () => {
  it('refuses its access token after OutLogin, while another session of the member goes on', async () => {
    const mine = await login();
    const other = await login();
    expect((await profile(mine.access)).ErrorNo).toBe(1);
    expect((await call('AuthenticationCenter/OutLogin', { refresh_token: mine.refresh })).ErrorNo).toBe(1);
    const after = await profile(mine.access);
    expect(after.ErrorNo).toBe(4001);
    expect(after.ErrorInfo).toMatch(/登录已失效/);
    expect((await profile(other.access)).ErrorNo).toBe(1);
  });

  it('refuses the access token of a rotated pair once the family is logged out', async () => {
    const first = await login();
    const rotated = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: first.refresh });
    expect(rotated.ErrorNo).toBe(1);
    expect((await call('AuthenticationCenter/OutLogin', { refresh_token: rotated.Result.refresh_token })).ErrorNo).toBe(1);
    expect((await profile(rotated.Result.access_token)).ErrorNo).toBe(4001);
    expect((await profile(first.access)).ErrorNo).toBe(4001);
  });

  it('refuses every access token of the member after ResetPwd', async () => {
    const phone = '13800000002';
    const a = await login(phone);
    const b = await login(phone);
    const sent = await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone, Type: 'reset' });
    expect(sent.ErrorNo, sent.ErrorInfo).toBe(1);
    const { code } = backend.db.prepare('SELECT code FROM sms_outbox WHERE phone = ? ORDER BY id DESC LIMIT 1').get(phone) as {
      code: string;
    };
    expect((await call('VIP_Member/ResetPwd', { Phone: phone, Code: code, Password: 'NewPass2026' })).ErrorNo).toBe(1);
    expect((await profile(a.access)).ErrorNo).toBe(4001);
    expect((await profile(b.access)).ErrorNo).toBe(4001);
    const fresh = await login(phone, 'NewPass2026');
    expect((await profile(fresh.access)).ErrorNo).toBe(1);
  });
});

describe('the absolute lifetime of a session', () => {
  it('ends 30 days after the login however often it was refreshed', async () => {
    let pair = await login();
    const refreshed = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: pair.refresh });
    expect(refreshed.ErrorNo).toBe(1);
    // A refresh token never outlives the session.
    expect(refreshed.Result.refresh_expires_in).toBeLessThanOrEqual(SESSION_MAX_AGE_SECONDS);
    pair = { access: refreshed.Result.access_token, refresh: refreshed.Result.refresh_token };
    // Refreshed every 20 days, a session would live for ever without the absolute limit.
    offsetMs += 20 * 24 * 3600 * 1000;
    const again = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: pair.refresh });
    expect(again.ErrorNo).toBe(1);
    expect(again.Result.refresh_expires_in).toBeLessThanOrEqual(10 * 24 * 3600 + 60);
    offsetMs += 10 * 24 * 3600 * 1000 + 60_000;
    const late = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: again.Result.refresh_token });
    expect(late.ErrorNo).toBe(4003);
  });
});

describe('a disabled member', () => {
  it('opens nothing with a token issued before, on every call, not only those that read the member row', async () => {
    const { access } = await login('13800000004');
    expect((await call('HIS_Register/GetRegisterList', {}, access)).ErrorNo).toBe(1);
    backend.db.prepare("UPDATE members SET status = 'disabled' WHERE phone = ?").run('13800000004');
    try {
      for (const apiPath of ['HIS_Register/GetRegisterList', 'VIP_Member/GetVIPMember', 'TW_Message/GetMessageList']) {
        expect((await call(apiPath, {}, access)).ErrorNo, apiPath).toBe(4001);
      }
    } finally {
      backend.db.prepare("UPDATE members SET status = 'active' WHERE phone = ?").run('13800000004');
    }
  });
});

describe('a member whose row is gone', () => {
  it('opens nothing with a well-signed token naming it, even on calls that do not read the member row', async () => {
    // Signed with the backend's own key, as a token issued before the member was deleted would be.
    const orphan = await signAccessToken(backend.settings, { sub: '999999', VIP: JSON.stringify({ VipCode: 'VIP999999' }), typ: 'member' });
    for (const apiPath of ['HIS_Register/GetRegisterList', 'WX_OrgCollectionClent/GetVipCodeOrgCollection', 'TW_Message/GetMessageList']) {
      expect((await call(apiPath, {}, orphan)).ErrorNo, apiPath).toBe(4001);
    }
  });
});

/**
 * AuthenticationCenter, VIP_Member (auth side), WechatClient and Dev calls of
 * the embedded backend (docs/api.md): happy paths and error numbers (SPEC §4, §8).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend, type Envelope } from '../router';
import { imageCodeAnswer } from '../sms';

let backend: Backend;
let dir: string;
let offsetMs = 0;
const advance = (seconds: number) => {
  offsetMs += seconds * 1000;
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-auth-'));
  backend = createBackend({
    dbPath: path.join(dir, 'auth.db'),
    jwtSecret: new TextEncoder().encode('auth-test-secret-0123456789abcdef'),
    accessTokenTtlSeconds: 60,
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

/** Loose shape of a Result in these tests (the wire is documented in docs/api.md). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read many wire fields
type Loose = any;

let ipCounter = 0;
async function call<T = Loose>(
  apiPath: string,
  fields: Record<string, string> = {},
  { token, ip }: { token?: string; ip?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (token) headers.authorization = `Bearer ${token}`;
  headers['x-shengai-peer'] = ip ?? `10.0.0.${++ipCounter % 250}`;
  const res = await backend.handle(
    new Request(`http://x/api/${apiPath}?IsWeb=1&Sub=`, { method: 'POST', headers, body: new URLSearchParams(fields) }),
  );
  return (await res.json()) as Envelope<T>;
}

async function smsCodeFor(phone: string, type = 'login'): Promise<string> {
  const sent = await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone, Type: type });
  expect(sent.ErrorNo, sent.ErrorInfo).toBe(1);
  const outbox = await call<{ Code: string }>('Dev/GetSmsOutbox', { Phone: phone });
  expect(outbox.ErrorNo).toBe(1);
  return outbox.Result.Code;
}

describe('AuthenticationCenter', () => {
  it('GetVisitorToken issues a visitor token without a refresh token', async () => {
    const r = await call('AuthenticationCenter/GetVisitorToken');
    expect(r.ErrorNo).toBe(1);
    expect(r.Result.access_token).toMatch(/^ey/);
    expect(r.Result.refresh_token).toBe('');
    // A visitor token is not a member's.
    const member = await call('VIP_Member/GetVIPMember', {}, { token: r.Result.access_token });
    expect(member.ErrorNo).toBe(4001);
  });

  it('PcPwdLogin: the demo member logs in; a wrong password is refused with a Chinese message', async () => {
    const ok = await call('AuthenticationCenter/PcPwdLogin', { Phone: '13800000001', Password: 'Shengai2026' });
    expect(ok.ErrorNo).toBe(1);
    expect(ok.Result).toMatchObject({ token_type: 'Bearer', expires_in: 60 });
    const me = await call('VIP_Member/GetVIPMember', {}, { token: ok.Result.access_token });
    expect(me.Result).toMatchObject({ VipCode: 'VIP0001', VipName: '王雅琴', Points: 128600, LevelName: '金卡会员' });
    const bad = await call('AuthenticationCenter/PcPwdLogin', { Phone: '13800000002', Password: 'wrong-pass' });
    expect(bad.ErrorNo).toBe(-1);
    expect(bad.ErrorInfo).toMatch(/手机号或密码错误/);
    const malformed = await call('AuthenticationCenter/PcPwdLogin', { Phone: '123', Password: 'x' });
    expect(malformed).toMatchObject({ ErrorNo: 0, ErrorInfo: '请输入11位手机号' });
  });

  it('5 wrong passwords from one client lock that client out of the phone for 15 minutes, even for the right password', async () => {
    const phone = '13800000006';
    const stranger = { ip: '198.51.100.66' };
    let last: Envelope | undefined;
    for (let i = 0; i < 5; i++) last = await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: `bad-pass-${i}` }, stranger);
    expect(last!.ErrorInfo).toMatch(/已锁定/);
    const right = await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' }, stranger);
    expect(right.ErrorNo).toBe(-1);
    expect(right.ErrorInfo).toMatch(/锁定.*15分钟/);
    // The member, from their own client, is not locked out by the stranger.
    const member = await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' }, { ip: '203.0.113.10' });
    expect(member.ErrorNo, member.ErrorInfo).toBe(1);
    advance(15 * 60 + 1);
    const later = await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' }, stranger);
    expect(later.ErrorNo).toBe(1);
  });

  it('the lock grows: the next five wrong passwords lock the pair for 30 minutes', async () => {
    const phone = '13800000005';
    const stranger = { ip: '198.51.100.67' };
    for (let i = 0; i < 5; i++) await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: `bad-pass-${i}` }, stranger);
    advance(15 * 60 + 1);
    let last: Envelope | undefined;
    for (let i = 0; i < 5; i++) last = await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: `bad-again-${i}` }, stranger);
    expect(last!.ErrorInfo).toMatch(/锁定.*30分钟/);
    advance(15 * 60 + 1);
    expect((await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' }, stranger)).ErrorInfo).toMatch(/已锁定/);
    advance(15 * 60);
    expect((await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' }, stranger)).ErrorNo).toBe(1);
  });

  it('an expired access token answers 4002; a forged one 4001', async () => {
    const login = await call('AuthenticationCenter/PcPwdLogin', { Phone: '13800000004', Password: 'Shengai2026' });
    advance(61);
    expect((await call('VIP_Member/GetVIPMember', {}, { token: login.Result.access_token })).ErrorNo).toBe(4002);
    expect((await call('VIP_Member/GetVIPMember', {}, { token: 'abc.def.ghi' })).ErrorNo).toBe(4001);
    // Token-issuing calls ignore a stale bearer instead of looping 4002.
    const refreshed = await call(
      'AuthenticationCenter/GetPcTokenByURefreshToken',
      { refresh_token: login.Result.refresh_token },
      { token: login.Result.access_token },
    );
    expect(refreshed.ErrorNo).toBe(1);
    expect(refreshed.Result.refresh_token).not.toBe(login.Result.refresh_token);
  });

  it('refresh rotation: a replayed token gets 4003 and revokes the family; unknown → 4003; too fast → 4029', async () => {
    const login = await call('AuthenticationCenter/PcPwdLogin', { Phone: '13800000005', Password: 'Shengai2026' });
    const r1 = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: login.Result.refresh_token });
    const r2 = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: r1.Result.refresh_token });
    const r3 = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: r2.Result.refresh_token });
    expect([r1.ErrorNo, r2.ErrorNo, r3.ErrorNo]).toEqual([1, 1, 1]);
    const tooFast = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: r3.Result.refresh_token });
    expect(tooFast.ErrorNo).toBe(4029);
    advance(11);
    const replay = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: r1.Result.refresh_token });
    expect(replay.ErrorNo).toBe(4003);
    const current = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: r3.Result.refresh_token });
    expect(current.ErrorNo).toBe(4003);
    expect((await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: 'nope' })).ErrorNo).toBe(4003);
    expect((await call('AuthenticationCenter/GetPcTokenByURefreshToken', {})).ErrorNo).toBe(0);
  });

  it('OutLogin revokes the refresh token', async () => {
    const login = await call('AuthenticationCenter/PcPwdLogin', { Phone: '13800000002', Password: 'Shengai2026' });
    const out = await call('AuthenticationCenter/OutLogin', { refresh_token: login.Result.refresh_token });
    expect(out.ErrorNo).toBe(1);
    const after = await call('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: login.Result.refresh_token });
    expect(after.ErrorNo).toBe(4003);
    expect((await call('AuthenticationCenter/OutLogin', { refresh_token: login.Result.refresh_token })).ErrorNo).toBe(-1);
  });
});

describe('SMS codes', () => {
  it('PcPhoneLogin with the code from the outbox; the code works once', async () => {
    const code = await smsCodeFor('13800000001');
    const login = await call('AuthenticationCenter/PcPhoneLogin', { Phone: '13800000001', Code: code });
    expect(login.ErrorNo).toBe(1);
    expect(login.Result.access_token).toBeTruthy();
    const again = await call('AuthenticationCenter/PcPhoneLogin', { Phone: '13800000001', Code: code });
    expect(again.ErrorNo).toBe(-1);
  });

  it('one send a minute and five a day per (phone, client); twenty a day per phone', async () => {
    const phone = '13900000011';
    const first = { ip: '198.51.100.11' };
    expect((await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, first)).ErrorNo).toBe(1);
    const tooSoon = await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, first);
    expect(tooSoon.ErrorNo).toBe(-1);
    expect(tooSoon.ErrorInfo).toMatch(/秒后再试/);
    // Another client's minute is its own: a stranger's sends do not hold up the member's.
    expect((await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, { ip: '198.51.100.12' })).ErrorNo).toBe(1);
    let last: Envelope | undefined;
    for (let i = 0; i < 4; i++) {
      advance(61);
      last = await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, first);
      expect(last.ErrorNo, last.ErrorInfo).toBe(1);
    }
    advance(61);
    last = await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, first);
    expect(last.ErrorInfo).toMatch(/今日.*上限|明天/);
    // 6 sent so far; 9 more from other clients reach the 15 of the phone's 20 that strangers may use, then no stranger
    // gets one (the other 5 are kept for clients that proved the phone before: lib/backend/abuse.test.ts).
    for (let i = 0; i < 9; i++) {
      expect((await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, { ip: `198.51.101.${i}` })).ErrorNo).toBe(1);
    }
    expect((await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, { ip: '198.51.102.1' })).ErrorInfo).toMatch(/今日.*上限/);
  });

  it('a code expires after 5 minutes', async () => {
    advance(3600 * 24);
    const code = await smsCodeFor('13800000002');
    advance(5 * 60 + 1);
    const r = await call('AuthenticationCenter/PcPhoneLogin', { Phone: '13800000002', Code: code });
    expect(r).toMatchObject({ ErrorNo: -1, ErrorInfo: '验证码已过期，请重新获取' });
  });

  it('5 wrong codes spend one client\'s tries, even the right one afterwards; the member\'s client still logs in', async () => {
    advance(61);
    const member = { ip: '203.0.113.44' };
    const stranger = { ip: '198.51.100.44' };
    const sent = await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: '13800000004' }, member);
    expect(sent.ErrorNo).toBe(1);
    const code = (await call<{ Code: string }>('Dev/GetSmsOutbox', { Phone: '13800000004' })).Result.Code;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await call('AuthenticationCenter/PcPhoneLogin', { Phone: '13800000004', Code: wrong }, stranger);
      expect(r.ErrorNo).toBe(-1);
    }
    const strangerRight = await call('AuthenticationCenter/PcPhoneLogin', { Phone: '13800000004', Code: code }, stranger);
    expect(strangerRight.ErrorInfo).toBe('验证码错误次数过多，请重新获取');
    const memberLogin = await call('AuthenticationCenter/PcPhoneLogin', { Phone: '13800000004', Code: code }, member);
    expect(memberLogin.ErrorNo, memberLogin.ErrorInfo).toBe(1);
  });

  it('a newer code sent at a stranger\'s request does not void the member\'s code', async () => {
    advance(61);
    const phone = '13800000002';
    const member = { ip: '203.0.113.45' };
    expect((await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, member)).ErrorNo).toBe(1);
    const code = (await call<{ Code: string }>('Dev/GetSmsOutbox', { Phone: phone })).Result.Code;
    for (let i = 0; i < 3; i++) {
      expect((await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone }, { ip: `198.51.100.${50 + i}` })).ErrorNo).toBe(1);
    }
    const login = await call('AuthenticationCenter/PcPhoneLogin', { Phone: phone, Code: code }, member);
    expect(login.ErrorNo, login.ErrorInfo).toBe(1);
  });

  it('per-IP limit and the image code (RndVcodeNum) asked first', async () => {
    const strict = createBackend({
      dbPath: path.join(dir, 'strict.db'),
      jwtSecret: new TextEncoder().encode('auth-test-secret-0123456789abcdef'),
      smsImageCodeAfter: 2,
      smsIpLimitPerHour: 3,
      log: () => {},
    });
    const send = async (fields: Record<string, string>) =>
      (await (
        await strict.handle(
          new Request('http://x/api/AuthenticationCenter/SendSmsVerifyCode', {
            method: 'POST',
            headers: { 'x-shengai-peer': '203.0.113.9' },
            body: new URLSearchParams(fields),
          }),
        )
      ).json()) as Envelope<Loose>;
    expect((await send({ Phone: '13900000021' })).ErrorNo).toBe(1);
    expect((await send({ Phone: '13900000022' })).ErrorNo).toBe(1);
    const asks = await send({ Phone: '13900000023' });
    expect(asks).toMatchObject({ ErrorNo: -1, ErrorInfo: '请先输入图形验证码', Result: { NeedImgCode: true } });
    const img = (await (await strict.handle(new Request('http://x/api/AuthenticationCenter/RndVcodeNum', { method: 'POST' }))).json()) as Envelope<Loose>;
    expect(img.Result.Image).toMatch(/^data:image\/svg\+xml;base64,/);
    const answer = imageCodeAnswer(strict.db, img.Result.Key)!;
    expect((await send({ Phone: '13900000023', ImgKey: img.Result.Key, ImgCode: answer })).ErrorNo).toBe(1);
    const blocked = await send({ Phone: '13900000024' });
    expect(blocked.ErrorInfo).toMatch(/当前网络/);
    strict.db.close();
  });

  it('VerifyPhoneCode checks without spending; ResetPwd spends it and the new password works', async () => {
    advance(61);
    const phone = '13800000002';
    const code = await smsCodeFor(phone, 'reset');
    expect((await call('AuthenticationCenter/VerifyPhoneCode', { Phone: phone, Code: code })).ErrorNo).toBe(1);
    const reset = await call('VIP_Member/ResetPwd', { Phone: phone, Code: code, Password: 'NewPass2026' });
    expect(reset.ErrorNo).toBe(1);
    expect((await call('VIP_Member/ResetPwd', { Phone: phone, Code: code, Password: 'Other2026' })).ErrorNo).toBe(-1);
    expect((await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'NewPass2026' })).ErrorNo).toBe(1);
    expect((await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' })).ErrorNo).toBe(-1);
    const weak = await call('VIP_Member/ResetPwd', { Phone: phone, Code: '123456', Password: 'a b' });
    expect(weak.ErrorNo).toBe(0);
  });
});

describe('VIP_Member phone check, activation and registration (SPEC §4)', () => {
  it('ReturnCode 4 logs in an online member', async () => {
    advance(61);
    const code = await smsCodeFor('13800000001', 'check');
    const r = await call('VIP_Member/PCVipCheckByPhone', { Phone: '13800000001', Code: code });
    expect(r.Result.ReturnCode).toBe(4);
    expect(r.Result.access_token).toBeTruthy();
  });

  it('ReturnCode 3 lists the cards; ActivationPcVipCard activates one and logs in', async () => {
    const phone = '13800000003';
    const code = await smsCodeFor(phone, 'check');
    const r = await call('VIP_Member/PCVipCheckByPhone', { Phone: phone, Code: code });
    expect(r.Result.ReturnCode).toBe(3);
    expect(r.Result.DataList).toEqual([expect.objectContaining({ CardNo: 'SA20170003', HolderName: '赵春梅' })]);
    const wrongCard = await call('VIP_Member/ActivationPcVipCard', { Phone: phone, Code: code, CardNo: 'SA0000', Password: 'Zhao2026' });
    expect(wrongCard.ErrorNo).toBe(-1);
    const act = await call('VIP_Member/ActivationPcVipCard', { Phone: phone, Code: code, CardNo: 'SA20170003', Password: 'Zhao2026' });
    expect(act.ErrorNo, act.ErrorInfo).toBe(1);
    const me = await call('VIP_Member/GetVIPMember', {}, { token: act.Result.access_token });
    expect(me.Result).toMatchObject({ VipName: '赵春梅', CardNo: 'SA20170003', Points: 3680 });
    expect((await call('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Zhao2026' })).ErrorNo).toBe(1);
  });

  it('ReturnCode 2 for an unregistered phone; InsertPCVip registers (agreement required) and logs in', async () => {
    const phone = '13800000009';
    const code = await smsCodeFor(phone, 'register');
    const r = await call('VIP_Member/PCVipCheckByPhone', { Phone: phone, Code: code });
    expect(r.Result).toMatchObject({ ReturnCode: 2, Message: '未注册账号，请先注册账号' });
    const noAgree = await call('VIP_Member/InsertPCVip', { Phone: phone, Code: code, VipName: '周新', Password: 'Zhou2026' });
    expect(noAgree).toMatchObject({ ErrorNo: 0, ErrorInfo: '请阅读并同意会员服务协议' });
    const reg = await call('VIP_Member/InsertPCVip', { Phone: phone, Code: code, VipName: '周新', Password: 'Zhou2026', AgreeFlag: '1' });
    expect(reg.ErrorNo, reg.ErrorInfo).toBe(1);
    const me = await call('VIP_Member/GetVIPMember', {}, { token: reg.Result.access_token });
    expect(me.Result).toMatchObject({ VipName: '周新', Points: 0, LevelName: '普卡会员' });
    expect(me.Result.VipCode).toMatch(/^VIP\d{5}$/);
    advance(61);
    const again = await smsCodeFor(phone, 'register');
    const twice = await call('VIP_Member/InsertPCVip', { Phone: phone, Code: again, VipName: '周新', Password: 'Zhou2026', AgreeFlag: '1' });
    expect(twice.ErrorInfo).toMatch(/已注册/);
  });

  it('GetVIP_MemberByVipCode reads only the member’s own record', async () => {
    const login = await call('AuthenticationCenter/PcPwdLogin', { Phone: '13800000001', Password: 'Shengai2026' });
    const own = await call('VIP_Member/GetVIP_MemberByVipCode', { VipCode: 'VIP0001' }, { token: login.Result.access_token });
    expect(own.Result.VipName).toBe('王雅琴');
    const other = await call('VIP_Member/GetVIP_MemberByVipCode', { VipCode: 'VIP0002' }, { token: login.Result.access_token });
    expect(other.ErrorNo).toBe(-1);
  });
});

describe('WeChat (SPEC §4) and web url', () => {
  it('a dev-authorized code logs in once; reuse → -1; unknown openid → -2; known without member → 3', async () => {
    const auth = await call<{ Code: string }>('Dev/WechatAuthorize');
    const ok = await call('AuthenticationCenter/PcWechatLogin', { Code: auth.Result.Code });
    expect(ok.ErrorNo).toBe(1);
    expect((await call('AuthenticationCenter/PcWechatLogin', { Code: auth.Result.Code })).ErrorNo).toBe(-1);
    expect((await call('AuthenticationCenter/PcWechatLogin', { Code: 'made-up' })).ErrorNo).toBe(-1);
    const stranger = await call<{ Code: string }>('Dev/WechatAuthorize', { OpenID: 'wx-someone-new' });
    expect(await call('AuthenticationCenter/PcWechatLogin', { Code: stranger.Result.Code })).toMatchObject({ ErrorNo: -2, ErrorInfo: '请先注册或激活' });
    const unbound = await call<{ Code: string }>('Dev/WechatAuthorize', { OpenID: 'wx-demo-openid-unbound' });
    expect((await call('AuthenticationCenter/PcWechatLogin', { Code: unbound.Result.Code })).ErrorNo).toBe(3);
  });

  it('a WeChat code expires after 10 minutes', async () => {
    const auth = await call<{ Code: string }>('Dev/WechatAuthorize');
    advance(10 * 60 + 1);
    expect((await call('AuthenticationCenter/PcWechatLogin', { Code: auth.Result.Code })).ErrorNo).toBe(-1);
  });

  it('PcWebUrl gives the mobile client address carrying the page', async () => {
    const r = await call('WechatClient/PcWebUrl', { PlatformType: 'WeChat', url: '/doctordetail/D001', Parms: 'a=1' });
    expect(r.ErrorNo).toBe(1);
    expect(decodeURIComponent(r.Result.Url)).toContain('/doctordetail/D001?a=1');
    expect((await call('WechatClient/PcWebUrl', { url: 'https://evil.example' })).ErrorNo).toBe(0);
  });

  it('Restapi answers 昆明 for loopback', async () => {
    const r = await call('AuthenticationCenter/Restapi', {}, { ip: '127.0.0.1' });
    expect(r.Result).toMatchObject({ ProvinceID: 215, CityName: '昆明市', IsDefault: false });
  });

  it('dev aids do not exist when devAids is off', async () => {
    const prod = createBackend({ dbPath: path.join(dir, 'prod.db'), devAids: false, log: () => {}, jwtSecret: new TextEncoder().encode('x'.repeat(32)) });
    const res = await prod.handle(new Request('http://x/api/Dev/WechatAuthorize', { method: 'POST' }));
    expect(((await res.json()) as Envelope).ErrorNo).toBe(404);
    prod.db.close();
  });
});

describe('Dev/FailNext', () => {
  async function login(phone: string): Promise<string> {
    const r = await call<{ access_token: string }>('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' });
    expect(r.ErrorNo, r.ErrorInfo).toBe(1);
    return r.Result.access_token;
  }

  it('with a Token fails only the next call made with that token: a test never fails another one running beside it', async () => {
    const mine = await login('13800000001');
    const theirs = await login('13800000006');
    expect((await call('Dev/FailNext', { Path: 'VIP_Member/GetVIPMember', Token: mine })).ErrorNo).toBe(1);
    expect((await call('VIP_Member/GetVIPMember', {}, { token: theirs })).ErrorNo).toBe(1);
    expect((await call('VIP_Member/GetVIPMember')).ErrorNo).not.toBe(-1);
    const failed = await call('VIP_Member/GetVIPMember', {}, { token: mine });
    expect(failed.ErrorNo).toBe(-1);
    expect(failed.ErrorInfo).toBe('服务暂时不可用，请稍后再试');
    expect((await call('VIP_Member/GetVIPMember', {}, { token: mine })).ErrorNo).toBe(1);
  });

  it('a call sent without a bearer (OutLogin) is known by its refresh token: another member’s logout is not failed', async () => {
    const pair = async (phone: string) => {
      const r = await call<{ refresh_token: string }>('AuthenticationCenter/PcPwdLogin', { Phone: phone, Password: 'Shengai2026' });
      expect(r.ErrorNo, r.ErrorInfo).toBe(1);
      return r.Result.refresh_token;
    };
    const mine = await pair('13800000001');
    const theirs = await pair('13800000006');
    expect((await call('Dev/FailNext', { Path: 'AuthenticationCenter/OutLogin', Token: mine })).ErrorNo).toBe(1);
    expect((await call('AuthenticationCenter/OutLogin', { refresh_token: theirs })).ErrorNo).toBe(1);
    expect((await call('AuthenticationCenter/OutLogin', { refresh_token: mine })).ErrorNo).toBe(-1);
    expect((await call('AuthenticationCenter/OutLogin', { refresh_token: mine })).ErrorNo).toBe(1);
  });

  it('with a Match fails only the next call of the path one of whose fields holds it', async () => {
    expect((await call('Dev/FailNext', { Path: 'WechatClient/PcWebUrl', Match: 'stamp-42' })).ErrorNo).toBe(1);
    const ask = (parms: string) => call('WechatClient/PcWebUrl', { PlatformType: 'H5', url: '/trendsInfor', Parms: parms });
    expect((await ask('page=2')).ErrorNo).toBe(1);
    expect((await ask('from=stamp-42')).ErrorNo).toBe(-1);
    expect((await ask('from=stamp-42')).ErrorNo).toBe(1);
  });

  it('without a Token fails the next call of the path, whoever makes it', async () => {
    const anyone = await login('13800000001');
    expect((await call('Dev/FailNext', { Path: 'VIP_Member/GetVIPMember' })).ErrorNo).toBe(1);
    expect((await call('VIP_Member/GetVIPMember', {}, { token: anyone })).ErrorNo).toBe(-1);
    expect((await call('VIP_Member/GetVIPMember', {}, { token: anyone })).ErrorNo).toBe(1);
  });
});

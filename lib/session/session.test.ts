/** loginInfo / VIPInfo decoding (SPEC §3) and the same-origin rule of the session's actions. */
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '@/lib/backend/tokens';
import { settingsFromEnv } from '@/lib/backend/settings';
import { decodeLoginInfo } from './index';
import { isSameOrigin } from './origin';

const settings = settingsFromEnv({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('s'.repeat(32)) });

describe('decodeLoginInfo', () => {
  it('derives VIPInfo from the VIP JSON claim of a member token', async () => {
    const vip = JSON.stringify({ VipCode: 'VIP0001', VipName: '王雅琴', LevelID: 3, LevelName: '金卡会员', CardNo: 'SA20170001' });
    const token = await signAccessToken(settings, { sub: '1', VIP: vip, typ: 'member' });
    const session = decodeLoginInfo(token);
    expect(session?.loginInfo).toMatchObject({ sub: '1', VIP: vip });
    expect(session?.vipInfo).toEqual({ vipCode: 'VIP0001', name: '王雅琴', level: 3, levelName: '金卡会员', cardNo: 'SA20170001' });
  });

  it('is null for a visitor token, an unbound VIP, garbage or nothing', async () => {
    expect(decodeLoginInfo(await signAccessToken(settings, { sub: 'visitor-1', VIP: '', typ: 'visitor' }))).toBeNull();
    expect(decodeLoginInfo(await signAccessToken(settings, { sub: '2', VIP: '{"VipCode":""}', typ: 'member' }))).toBeNull();
    expect(decodeLoginInfo(await signAccessToken(settings, { sub: '2', VIP: '{not json', typ: 'member' }))).toBeNull();
    expect(decodeLoginInfo('not.a.jwt')).toBeNull();
    expect(decodeLoginInfo(null)).toBeNull();
  });
});

describe('isSameOrigin', () => {
  it('accepts the site itself and refuses others or a missing Origin', () => {
    expect(isSameOrigin('http://127.0.0.1:3000', '127.0.0.1:3000')).toBe(true);
    expect(isSameOrigin('https://evil.example', '127.0.0.1:3000')).toBe(false);
    expect(isSameOrigin(null, '127.0.0.1:3000')).toBe(false);
    expect(isSameOrigin('null', '127.0.0.1:3000')).toBe(false);
  });
});

/**
 * SPEC §8 token lifecycle of the contract client against the embedded backend
 * (docs/api.md): single-flight refresh, replay, resets, 4029.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginWithPassword, refreshTokens } from './auth';
import { observeCalls, post } from './client';
import { isApiError } from './errors';
import { idCardCheckChar } from '@/lib/validation';
import { getMemberProfile, updateMemberInfo } from './members';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import {
  createTokenClient,
  isSessionResetError,
  memoryTokenStore,
  resetTokenClientState,
  SessionResetError,
} from './token-client';

let env: TestBackend;
beforeAll(() => {
  env = installTestBackend({ accessTokenTtlSeconds: 60 });
});
afterAll(() => env.close());
beforeEach(() => resetTokenClientState());

async function loggedInStore(phone = '13800000001') {
  const tokens = await loginWithPassword(phone, 'Shengai2026');
  return memoryTokenStore({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
}

function countCalls(path: string) {
  let n = 0;
  const stop = observeCalls((p) => {
    if (p === path) n++;
  });
  return { get count() { return n; }, stop };
}

describe('member client (SPEC §8)', () => {
  it('reads the member profile with the member token', async () => {
    const client = createTokenClient(await loggedInStore());
    const profile = await getMemberProfile(client);
    expect(profile).toMatchObject({ vipCode: 'VIP0001', name: '王雅琴', points: 128600, levelName: '金卡会员' });
  });

  it('100 concurrent calls with an expired token cause exactly one refresh, and all succeed', async () => {
    const store = await loggedInStore();
    const client = createTokenClient(store);
    env.advance(61); // past the access TTL
    const refreshes = countCalls('AuthenticationCenter/GetPcTokenByURefreshToken');
    const profiles = countCalls('VIP_Member/GetVIPMember');
    try {
      const results = await Promise.all(Array.from({ length: 100 }, () => getMemberProfile(client)));
      expect(results.every((p) => p.vipCode === 'VIP0001')).toBe(true);
      expect(refreshes.count).toBe(1);
      expect(profiles.count).toBe(200); // each call: one 4002, one replay
    } finally {
      refreshes.stop();
      profiles.stop();
    }
  });

  it('without a refresh token, a 4002 takes a visitor token, and the member call then resets (4001)', async () => {
    const { accessToken } = await loginWithPassword('13800000002', 'Shengai2026');
    const store = memoryTokenStore({ accessToken });
    const client = createTokenClient(store);
    env.advance(61);
    const visitor = countCalls('AuthenticationCenter/GetVisitorToken');
    try {
      const error = await client.post('VIP_Member/GetVIPMember').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SessionResetError);
      expect((error as SessionResetError).errorNo).toBe(4001);
      expect(visitor.count).toBeGreaterThanOrEqual(1);
    } finally {
      visitor.stop();
    }
  });

  it('a refresh token used twice gets 4003 and revokes its family', async () => {
    const first = await loginWithPassword('13800000004', 'Shengai2026');
    const second = await refreshTokens(first.refreshToken);
    await expect(refreshTokens(first.refreshToken)).rejects.toSatisfy((e) => isApiError(e, 4003));
    // The family is revoked: the newest token no longer works either.
    await expect(refreshTokens(second.refreshToken)).rejects.toSatisfy((e) => isApiError(e, 4003));
  });

  it('4003 clears the session, takes a visitor token and throws SessionResetError', async () => {
    const store = await loggedInStore('13800000005');
    const rt = store.getRefreshToken()!;
    await refreshTokens(rt); // someone else rotated it: ours is now a replay
    env.advance(61);
    const client = createTokenClient(store);
    const error = await getMemberProfile(client).catch((e: unknown) => e);
    expect(isSessionResetError(error)).toBe(true);
    expect((error as SessionResetError).errorNo).toBe(4003);
    expect(store.getRefreshToken()).toBeNull();
    const visitor = store.getAccessToken();
    expect(visitor).toBeTruthy();
    // The visitor token is not a member token.
    await expect(client.post('VIP_Member/GetVIPMember')).rejects.toBeInstanceOf(SessionResetError);
  });

  it('4001 for a visitor calling a member endpoint resets', async () => {
    const store = memoryTokenStore();
    const client = createTokenClient(store);
    const error = await client.post('VIP_Member/GetVIPMember').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionResetError);
    expect((error as SessionResetError).errorNo).toBe(4001);
  });

  it('refreshing too fast answers 4029; the third 4029 within 2 s resets the session', async () => {
    const store = await loggedInStore('13800000006');
    const client = createTokenClient(store);
    // Three allowed rotations in the window...
    for (let i = 0; i < 3; i++) await client.renew();
    // ...then 4029: the first two are shown, the third resets.
    const first = await client.renew().catch((e: unknown) => e);
    expect(isApiError(first, 4029)).toBe(true);
    expect((first as { errorInfo: string }).errorInfo).toMatch(/频繁/);
    const second = await client.renew().catch((e: unknown) => e);
    expect(isApiError(second, 4029)).toBe(true);
    const third = await client.renew().catch((e: unknown) => e);
    expect(third).toBeInstanceOf(SessionResetError);
    expect(store.getRefreshToken()).toBeNull();
  });

  it('updates the member info and validates it', async () => {
    const client = createTokenClient(await loggedInStore('13800000002'));
    const updated = await updateMemberInfo(client, { name: '李文博', email: 'wenbo@example.com', address: '昆明市五华区' });
    expect(updated).toMatchObject({ email: 'wenbo@example.com', address: '昆明市五华区' });
    await expect(updateMemberInfo(client, { name: '李' })).rejects.toSatisfy(
      (e) => isApiError(e) && e.errorNo === 0 && /姓名/.test(e.errorInfo),
    );
    // SPEC §5: a valid ID card sets birthday and sex (odd penultimate digit = 1).
    const first17 = '53010219900721003';
    const withId = await updateMemberInfo(client, { name: '李文博', idCard: first17 + idCardCheckChar(first17) });
    expect(withId).toMatchObject({ birthday: '1990-07-21', sex: 1 });
    expect(withId.idCardMasked).toMatch(/^530102\*+/);
    await expect(updateMemberInfo(client, { name: '李文博', idCard: `${first17}0`.replace(/.$/, idCardCheckChar(first17) === '0' ? '1' : '0') })).rejects.toSatisfy(
      (e) => isApiError(e, 0) && /校验位/.test(e.errorInfo),
    );
  });

  it('the visitor-token request is allowed once before blocking (SPEC §9)', async () => {
    // The next GetVisitorToken fails at the API.
    await post('Dev/FailNext', { Path: 'AuthenticationCenter/GetVisitorToken' }, { write: true });
    const visitor = countCalls('AuthenticationCenter/GetVisitorToken');
    try {
      const client = createTokenClient(memoryTokenStore());
      await expect(client.post('VIP_Member/GetVIPMember')).rejects.toSatisfy((e) => isApiError(e, -1));
      // Blocked: a second call does not ask again right away.
      await expect(client.post('VIP_Member/GetVIPMember')).rejects.toSatisfy((e) => isApiError(e, -2));
      expect(visitor.count).toBe(1);
    } finally {
      visitor.stop();
    }
  });

  it('a write is sent once even when its answer asks for a refresh: 4002 is refused before acting, then replayed once', async () => {
    const store = await loggedInStore('13800000001');
    const client = createTokenClient(store);
    env.advance(61);
    const updates = countCalls('VIP_Member/UpdateVipinformation');
    try {
      await updateMemberInfo(client, { name: '王雅琴', address: '昆明市盘龙区' });
      // One refused by 4002 (nothing written), one replay that wrote.
      expect(updates.count).toBe(2);
      expect((await getMemberProfile(client)).address).toBe('昆明市盘龙区');
    } finally {
      updates.stop();
    }
  });
});

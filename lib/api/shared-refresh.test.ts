/**
 * The site's shared refresh (token-client.ts) against the embedded backend:
 * logout and any refusal make it forget a pair, so a revoked refresh token
 * replayed inside the 60 s window gets nothing (docs/security.md "Attacks on
 * the member system: sessions and pages").
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginWithPassword, logout } from './auth';
import { observeCalls } from './client';
import { isApiError } from './errors';
import { getMemberProfile } from './members';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import {
  createTokenClient,
  forgetRefresh,
  memoryTokenStore,
  resetTokenClientState,
  SessionResetError,
  sharedRefresh,
} from './token-client';

let env: TestBackend;
beforeAll(() => {
  env = installTestBackend({ accessTokenTtlSeconds: 60 });
});
afterAll(() => env.close());
beforeEach(() => resetTokenClientState());

function countRefreshCalls() {
  let n = 0;
  const stop = observeCalls((p) => {
    if (p === 'AuthenticationCenter/GetPcTokenByURefreshToken') n++;
  });
  return { get count() { return n; }, stop };
}

describe('the shared refresh after a logout', () => {
  it('hands the same pair to a second asker with the same token while the session lives', async () => {
    const { refreshToken } = await loginWithPassword('13800000001', 'Shengai2026');
    const first = await sharedRefresh(refreshToken);
    const second = await sharedRefresh(refreshToken);
    expect(second.accessToken).toBe(first.accessToken);
  });

  it('gives nothing to a replayed old refresh token once the member logged out (the site forgets it)', async () => {
    const { refreshToken: old } = await loginWithPassword('13800000001', 'Shengai2026');
    const rotated = await sharedRefresh(old);
    // The member logs out with the current token (lib/session endSession forgets it).
    await logout(rotated.refreshToken);
    forgetRefresh(rotated.refreshToken);
    const replay = await sharedRefresh(old).catch((e: unknown) => e);
    expect(isApiError(replay)).toBe(true);
    expect((replay as { errorNo: number }).errorNo).toBe(4003);
    // And the pair handed out before the logout no longer opens anything.
    const stale = createTokenClient(memoryTokenStore({ accessToken: rotated.accessToken, refreshToken: rotated.refreshToken }));
    await expect(getMemberProfile(stale)).rejects.toBeInstanceOf(SessionResetError);
  });

  it('forgets a pair the host refused, even when the logout happened elsewhere', async () => {
    const { refreshToken: old } = await loginWithPassword('13800000001', 'Shengai2026');
    const rotated = await sharedRefresh(old);
    // Logged out by another server process: this process's cache was not told.
    await logout(rotated.refreshToken);
    const client = createTokenClient(memoryTokenStore({ accessToken: rotated.accessToken, refreshToken: rotated.refreshToken }));
    await expect(getMemberProfile(client)).rejects.toBeInstanceOf(SessionResetError);
    // The refusal made the cache forget the pair: the replayed old token reaches the host and is refused.
    const calls = countRefreshCalls();
    try {
      const replay = await sharedRefresh(old).catch((e: unknown) => e);
      expect(isApiError(replay, 4003)).toBe(true);
      expect(calls.count).toBe(1);
    } finally {
      calls.stop();
    }
  });
});

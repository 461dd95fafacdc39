/**
 * Access tokens verified once are kept (lib/backend/tokens.ts; docs/bench.md "Render cost"): the same token with
 * the same secret is not verified by jose again, its expiry is judged against the clock of each call exactly as
 * jose judges it, and nothing else about a token changes its verdict (another secret, another signature).
 */
import * as jose from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { KEPT_VERIFICATIONS, signAccessToken, verifyAccessToken } from './tokens';
import type { BackendSettings } from './types';

vi.mock('jose', async (importOriginal) => {
  const actual = await importOriginal<typeof import('jose')>();
  return { ...actual, jwtVerify: vi.fn(actual.jwtVerify) };
});
const jwtVerify = vi.mocked(jose.jwtVerify);

const T0 = Date.parse('2026-11-27T08:00:00Z');
let nowMs = T0;
const secret = (text: string) => new TextEncoder().encode(text.padEnd(32, '0'));
const settingsOf = (jwtSecret: Uint8Array) => ({ jwtSecret, now: () => new Date(nowMs), accessTokenTtlSeconds: 60 }) as unknown as BackendSettings;

beforeEach(() => {
  nowMs = T0;
  jwtVerify.mockClear();
});

describe('verifyAccessToken keeps what it verified', () => {
  it('verifies a token once with jose, and answers the same claims for it after that', async () => {
    const settings = settingsOf(secret('once'));
    const token = await signAccessToken(settings, { sub: '7', VIP: '{"VipCode":"V7"}', typ: 'member', sid: 's7' });
    const first = await verifyAccessToken(settings, token);
    expect(first).toEqual({ status: 'valid', claims: { sub: '7', VIP: '{"VipCode":"V7"}', typ: 'member', sid: 's7' }, expiresAt: T0 / 1000 + 60 });
    expect(await verifyAccessToken(settings, token)).toEqual(first);
    expect(jwtVerify).toHaveBeenCalledTimes(1);
  });

  it("judges a kept token's expiry against each call's clock, as jose does at the same instants", async () => {
    const kept = settingsOf(secret('expiry'));
    const token = await signAccessToken(kept, { sub: '1', VIP: '', typ: 'visitor' });
    await verifyAccessToken(kept, token);
    for (const [atMs, status] of [
      [T0 + 59_999, 'valid'],
      [T0 + 60_000, 'expired'],
      [T0 + 120_000, 'expired'],
      [T0 + 1_000, 'valid'],
    ] as const) {
      nowMs = atMs;
      expect((await verifyAccessToken(kept, token)).status, `kept, at +${atMs - T0} ms`).toBe(status);
      // jose itself, with an equal secret it has not seen (a new array: nothing kept for it).
      expect((await verifyAccessToken(settingsOf(secret('expiry')), token)).status, `jose, at +${atMs - T0} ms`).toBe(status);
    }
  });

  it('keeps a verdict for its secret only, and a changed signature is verified, and refused', async () => {
    const settings = settingsOf(secret('mine'));
    const token = await signAccessToken(settings, { sub: '2', VIP: '', typ: 'visitor' });
    expect((await verifyAccessToken(settings, token)).status).toBe('valid');
    expect((await verifyAccessToken(settingsOf(secret('theirs')), token)).status).toBe('invalid');
    const [head, body, signature] = token.split('.');
    const forged = `${head}.${body}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect((await verifyAccessToken(settings, forged)).status).toBe('invalid');
  });

  it("hands out copies: a caller's change to the claims does not reach the next caller", async () => {
    const settings = settingsOf(secret('copies'));
    const token = await signAccessToken(settings, { sub: '3', VIP: '', typ: 'visitor' });
    const first = await verifyAccessToken(settings, token);
    if (first.status === 'valid') first.claims.sub = '999';
    const again = await verifyAccessToken(settings, token);
    expect(again.status === 'valid' && again.claims.sub).toBe('3');
  });

  it('keeps the most recently used KEPT_VERIFICATIONS tokens of a secret', async () => {
    const settings = settingsOf(secret('bounded'));
    const tokens = await Promise.all(Array.from({ length: KEPT_VERIFICATIONS + 1 }, (_, i) => signAccessToken(settings, { sub: String(i), VIP: '', typ: 'visitor' })));
    for (const t of tokens) await verifyAccessToken(settings, t);
    expect(jwtVerify).toHaveBeenCalledTimes(KEPT_VERIFICATIONS + 1);
    await verifyAccessToken(settings, tokens.at(-1)!);
    expect(jwtVerify).toHaveBeenCalledTimes(KEPT_VERIFICATIONS + 1);
    // The first was dropped to make room for the last: verified again.
    await verifyAccessToken(settings, tokens[0]!);
    expect(jwtVerify).toHaveBeenCalledTimes(KEPT_VERIFICATIONS + 2);
  });
});

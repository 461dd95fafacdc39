import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accessTokenExpired, EXPIRY_MARGIN_SECONDS } from './token-expiry';

const key = new TextEncoder().encode('token-expiry-test-key-0123456789abcdef');
const token = (exp: number) => new SignJWT({ sub: '1', typ: 'member' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(key);
const NOW = Date.UTC(2026, 2, 10, 15, 55, 0);

describe('accessTokenExpired (proxy.ts refreshes an expired access cookie where cookies can be set)', () => {
  it('an expired token, or one ending within the margin, is expired; a live one is not', async () => {
    const now = NOW / 1000;
    expect(accessTokenExpired(await token(now - 1), NOW)).toBe(true);
    expect(accessTokenExpired(await token(now + EXPIRY_MARGIN_SECONDS - 1), NOW)).toBe(true);
    expect(accessTokenExpired(await token(now + 3600), NOW)).toBe(false);
  });

  it('leaves what it cannot read to the API host', () => {
    for (const junk of ['', 'not-a-jwt', 'a.b.c']) expect(accessTokenExpired(junk, NOW)).toBe(false);
  });
});

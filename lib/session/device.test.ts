/**
 * The device cookie (docs/security.md "A member is never locked out by strangers"): a login through the site
 * keeps the API's device token in the httpOnly cookie `deviceToken`, and the site sends it back on its calls,
 * so the member's browser logs in from any address while strangers have closed the phone to everyone else.
 * The overlays' server actions as Next runs them, next/headers replaced by a cookie jar and the request's
 * headers (the socket's peer under PEER_HEADER), on a throwaway embedded backend.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PEER_HEADER } from '@/lib/security/client-address';
import { installTestBackend, type TestBackend } from '@/test/test-backend';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));
const { jar, request } = await import('@/test/next-headers-jar');
const overlays = await import('@/components/overlays/actions');
const { DEVICE_COOKIE } = await import('./device');

let backend: TestBackend;
beforeAll(() => {
  backend = installTestBackend();
});
afterAll(() => backend.close());

const PHONE = '13800000004';
const from = (peer: string) => request.headers.set(PEER_HEADER, peer);

async function strangerGuesses() {
  for (let a = 0; a < 7; a++) {
    for (let i = 0; i < 5; i++) {
      await backend.backend.handle(
        new Request('http://x/api/AuthenticationCenter/PcPwdLogin?IsWeb=1&Sub=', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', [PEER_HEADER]: `127.0.95.${a + 1}` },
          body: new URLSearchParams({ Phone: PHONE, Password: `Guess${a}${i}xx` }),
        }),
      );
    }
  }
}

describe('the device cookie', () => {
  it('a login keeps the device token in its cookie; from a new address the browser still logs in after strangers closed the phone', async () => {
    jar.clear();
    from('127.0.94.1');
    expect(await overlays.loginWithPasswordAction(PHONE, 'Shengai2026')).toMatchObject({ ok: true });
    const device = jar.get(DEVICE_COOKIE);
    expect(device).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    await strangerGuesses();
    // The same browser (its cookies, the device among them) on an address it never used.
    jar.delete('Token');
    jar.delete('refreshToken');
    from('127.0.94.2');
    expect(await overlays.loginWithPasswordAction(PHONE, 'Shengai2026')).toMatchObject({ ok: true });
    expect(jar.get(DEVICE_COOKIE)).toBe(device);

    // Another browser on that address, without the cookie, is a stranger: the phone's ceiling refuses it.
    jar.clear();
    from('127.0.94.3');
    expect(await overlays.loginWithPasswordAction(PHONE, 'Shengai2026')).toMatchObject({ ok: false, message: expect.stringMatching(/尝试过于频繁/) });
    // A cookie it made up is no device.
    jar.set(DEVICE_COOKIE, `${device!.split('.')[0]}.${'A'.repeat(43)}`);
    expect(await overlays.loginWithPasswordAction(PHONE, 'Shengai2026')).toMatchObject({ ok: false });
  });
});

import { afterAll, describe, expect, it, vi } from 'vitest';
import { sendSmsCode } from './auth';
import { isApiError } from './errors';
import { installTestBackend } from '@/test/test-backend';

// docs/api.md: SMS sends are limited per IP. Every call reaches the API host from
// this server, so the visitor's address must travel with the call, or one
// visitor's sends would use up the whole site's allowance.
const test = installTestBackend({ smsIpLimitPerHour: 2 });
afterAll(() => test.close());

describe('the per-IP SMS limit sees each visitor', () => {
  it('counts forwarded addresses separately', async () => {
    await sendSmsCode('13900000001', 'login', undefined, '203.0.113.1');
    await sendSmsCode('13900000002', 'login', undefined, '203.0.113.1');
    const third = await sendSmsCode('13900000003', 'login', undefined, '203.0.113.1').catch((e: unknown) => e);
    expect(isApiError(third)).toBe(true);
    // Another visitor behind the same server still gets a code.
    await expect(sendSmsCode('13900000004', 'login', undefined, '198.51.100.4')).resolves.toHaveProperty('resendAfterSeconds');
  });

  it('a client-sent X-Forwarded-For gets no fresh budget: the peer address counts (no trusted proxy)', async () => {
    // 203.0.113.1 used up its 2 sends above through the site; now it calls /api/... itself, 12 times,
    // each time claiming another address (docs/security.md "Attacks on the member system: backend").
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await test.backend.handle(
        new Request('http://x/api/AuthenticationCenter/SendSmsVerifyCode?IsWeb=1&Sub=', {
          method: 'POST',
          body: new URLSearchParams({ Phone: `1390000010${i % 10}`, Type: 'login' }),
          headers: {
            'x-shengai-peer': '203.0.113.1',
            'x-forwarded-for': `198.51.100.${i}`,
            'x-shengai-client': `198.51.100.${i}`,
            'x-shengai-site-secret': 'not-the-secret',
          },
        }),
      );
      answers.push(((await r.json()) as { ErrorNo: number }).ErrorNo);
    }
    expect(answers).toEqual(Array(12).fill(-1));
  });

  it('with TRUSTED_PROXY_HOPS=1 the entry the proxy wrote counts, not the ones the client claimed', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    try {
      const r = await test.backend.handle(
        new Request('http://x/api/AuthenticationCenter/SendSmsVerifyCode?IsWeb=1&Sub=', {
          method: 'POST',
          body: new URLSearchParams({ Phone: '13900000005', Type: 'login' }),
          headers: { 'x-shengai-peer': '127.0.0.1', 'x-forwarded-for': '198.51.100.77, 203.0.113.1' },
        }),
      );
      expect(((await r.json()) as { ErrorNo: number }).ErrorNo).toBe(-1);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

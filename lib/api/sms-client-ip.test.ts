import { afterAll, describe, expect, it } from 'vitest';
import { sendSmsCode } from './auth';
import { isApiError } from './errors';
import { installTestBackend } from '@/test/test-backend';

// Issue 3: SMS sends are limited per IP. Every call reaches the API host from
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

  it('trusts the rightmost X-Forwarded-For entry, not what a client claims', async () => {
    const r = await test.backend.handle(
      new Request('http://x/api/AuthenticationCenter/SendSmsVerifyCode?IsWeb=1&Sub=', {
        method: 'POST',
        body: new URLSearchParams({ Phone: '13900000005', Type: 'login' }),
        headers: { 'x-forwarded-for': '198.51.100.77, 203.0.113.1' },
      }),
    );
    const body = (await r.json()) as { ErrorNo: number };
    expect(body.ErrorNo).not.toBe(1);
  });
});

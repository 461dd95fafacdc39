/**
 * The embedded backend called in-process (lib/api/transport.ts callEmbeddedBackend, docs/decisions.md "The embedded
 * backend, called in-process") answers every call as the same call over HTTP does (SPEC §7, §8): the status, the
 * envelope and a 429's Retry-After, for a public read, an unknown call, a member call with, without and with a
 * forged token, and a spent limit. A call only HTTP carries as sent (a file, a body that may pass the limit) goes
 * over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '@/lib/backend/router';
import { DEVICE_HEADER } from '@/lib/security/client-address';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { loginWithPassword } from './auth';
import { REQUEST_TIMEOUT_MS } from '@/lib/constants';
import { post, resetHostHealth, type FieldMap } from './client';
import { isApiError, NETWORK_ERROR_NO } from './errors';
import { asSent, callEmbeddedBackend, type CallParty, transportFetch } from './transport';

let env: TestBackend;
beforeAll(() => {
  env = installTestBackend({ smsIpLimitPerHour: 2 });
});
afterAll(() => env.close());

/** The same call as ky sends it to transportFetch: a form POST, IsWeb and Sub in the query, the party's headers. */
async function overHttp(path: string, fields: Record<string, string>, party: CallParty) {
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' });
  if (party.token) headers.set('authorization', `Bearer ${party.token}`);
  if (party.clientIp) headers.set('x-forwarded-for', party.clientIp);
  if (party.deviceToken) headers.set(DEVICE_HEADER, party.deviceToken);
  const query = new URLSearchParams({ IsWeb: '1', Sub: party.sub });
  const response = await transportFetch(new Request(`http://embedded.backend/api/${path}?${query}`, { method: 'POST', body: new URLSearchParams(fields), headers }));
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, body: await response.json(), ...(retryAfter === null ? {} : { retryAfter }) };
}

async function bothWays(path: string, fields: Record<string, string>, party: CallParty = { sub: '' }) {
  const inProcess = await callEmbeddedBackend(path, fields, party);
  expect(inProcess).not.toBeNull();
  return { inProcess: inProcess!, http: await overHttp(path, fields, party) };
}

describe('in-process calls answer as HTTP does', () => {
  it('a public read, with the characters a form must escape', async () => {
    const { inProcess, http } = await bothWays('News/GetNewList', { PageIndex: '1', PageSize: '3', keyword: '' });
    expect(inProcess).toStrictEqual(http);
    expect((inProcess.body.Result as { TotalCount: number }).TotalCount).toBeGreaterThan(3);
    const odd = await bothWays('News/GetNewList', { PageIndex: '1', PageSize: '3', keyword: 'a+b&c=d %20 失眠' });
    expect(odd.inProcess).toStrictEqual(odd.http);
  });

  it('an unknown call, and a member call without a token or with a forged one', async () => {
    const unknown = await bothWays('Nope/Nothing', {});
    expect(unknown.inProcess).toStrictEqual(unknown.http);
    expect(unknown.inProcess.status).toBe(404);
    for (const token of [undefined, 'forged.token.value']) {
      const { inProcess, http } = await bothWays('WX_OrgCollectionClent/GetVipCodeOrgCollection', { PageIndex: '1', PageSize: '5' }, { sub: '', token });
      expect(inProcess).toStrictEqual(http);
      expect(inProcess.body.ErrorNo).not.toBe(1);
    }
  });

  it("a member's call with the member's token", async () => {
    const tokens = await loginWithPassword('13800000001', 'Shengai2026');
    const { inProcess, http } = await bothWays('WX_DoctorCollectionClent/GetDoctorCollection', { PageIndex: '1', PageSize: '20' }, { sub: '', token: tokens.accessToken });
    expect(inProcess).toStrictEqual(http);
    expect(inProcess.body.ErrorNo).toBe(1);
  });

  it("a spent limit: 429 with Retry-After, counted for the visitor's own address", async () => {
    const party = { sub: '', clientIp: '203.0.113.77' };
    const send = (phone: string) => callEmbeddedBackend('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone, Type: 'login' }, party);
    // Two codes an address an hour (this backend's smsIpLimitPerHour); the third is refused.
    expect((await send('13900000071'))?.status).toBe(200);
    expect((await send('13900000072'))?.status).toBe(200);
    const refused = await send('13900000073');
    const http = await overHttp('AuthenticationCenter/SendSmsVerifyCode', { Phone: '13900000074', Type: 'login' }, party);
    expect(refused?.status).toBe(429);
    expect(http.status).toBe(429);
    expect(refused?.body).toEqual(http.body);
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    expect(Math.abs(Number(refused?.retryAfter) - Number(http.retryAfter))).toBeLessThanOrEqual(1);
    // Another address is not refused: the in-process call carries the visitor's address, not this server's.
    expect((await callEmbeddedBackend('AuthenticationCenter/SendSmsVerifyCode', { Phone: '13900000075', Type: 'login' }, { sub: '', clientIp: '198.51.100.78' }))?.status).toBe(200);
  });

  it('the answer is the wire’s: dates as text, no undefined, no object shared with the backend', async () => {
    const kept = { Title: '院内新闻' };
    const at = new Date('2026-11-28T02:00:00.000Z');
    vi.spyOn(env.backend, 'call').mockResolvedValueOnce({ status: 200, body: { ErrorNo: 1, ErrorInfo: '成功', Result: { kept, at, gone: undefined } } });
    const answer = await callEmbeddedBackend('News/GetNewList', {}, { sub: '' });
    expect(answer?.body.Result).toStrictEqual({ kept: { Title: '院内新闻' }, at: '2026-11-28T02:00:00.000Z' });
    (answer?.body.Result as { kept: { Title: string } }).kept.Title = 'changed by the site';
    expect(kept.Title).toBe('院内新闻');
  });
});

it('a backend that hangs (a shared Redis that stops answering) costs one timeout, as a host that hangs does', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const hanging = vi.spyOn(env.backend, 'call').mockReturnValue(new Promise(() => {}));
    const failed = post('News/GetNewList', { PageIndex: 1, PageSize: 1 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await failed;
    expect(isApiError(error) && error.errorNo).toBe(NETWORK_ERROR_NO);
    // The host counts as down for a while: the next read fails at once, without a call.
    hanging.mockClear();
    expect(isApiError(await post('News/GetNewList', { PageIndex: 1, PageSize: 1 }).catch((e: unknown) => e))).toBe(true);
    expect(hanging).not.toHaveBeenCalled();
  } finally {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetHostHealth();
  }
});

describe('calls only HTTP carries as sent', () => {
  it('a file part, and fields that may pass the body limit, go over HTTP; there the limit refuses them', async () => {
    const photo: FieldMap = { Title: 'x', Photo: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }) };
    expect(await callEmbeddedBackend('IM_AskQuestion/AskQuestion', photo, { sub: '' })).toBeNull();
    const huge = 'x'.repeat(Math.ceil(MAX_BODY_BYTES / 9) + 1);
    expect(await callEmbeddedBackend('News/GetNewList', { keyword: huge }, { sub: '' })).toBeNull();
    // Through the client, the call that could pass the limit is sent, and refused as over HTTP.
    const refusal = await post('News/GetNewList', { keyword: 'x'.repeat(MAX_BODY_BYTES + 1) }).catch((e: unknown) => e);
    expect(isApiError(refusal) && refusal.errorInfo).toBe('请求内容过大');
  });

  it('a field as a form carries it: UTF-8, a lone surrogate replaced', () => {
    expect(asSent('失眠 a+b')).toBe('失眠 a+b');
    expect(asSent('😀')).toBe('😀');
    expect(asSent('a\uD800b')).toBe('a\uFFFDb');
    expect(new URLSearchParams(new URLSearchParams({ k: 'a\uD800b' }).toString()).get('k')).toBe(asSent('a\uD800b'));
  });
});

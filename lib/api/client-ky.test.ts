/**
 * The contract client lets ky do its job (ARCHITECTURE "The contract client",
 * SPEC §9): retry 3 for reads on network faults and timeouts, never for a
 * write; the Bearer header and IsWeb/Sub from its hooks and options. Calls are
 * counted on a fake fetch given to ky in place of the transport.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fakeFetch = vi.fn<(input: Request) => Promise<Response>>();

vi.mock('./transport', () => ({
  apiBaseUrl: () => 'http://api.test',
  usesEmbeddedBackend: () => false,
  transportFetch: (input: Request) => fakeFetch(input),
}));
vi.mock('@/lib/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/constants')>()),
  REQUEST_TIMEOUT_MS: 400,
}));

const { post, resetHostHealth } = await import('./client');
const { isApiError, NETWORK_ERROR_NO } = await import('./errors');

const envelope = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const networkFault = () => Promise.reject(new TypeError('fetch failed'));
/** Never answers; rejects when ky aborts it (its timeout or the call's deadline). */
const hang = (request: Request) =>
  new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));

beforeEach(() => {
  fakeFetch.mockReset();
  resetHostHealth();
});

describe('ky retry (SPEC §9: 3, reads only)', () => {
  it('a read is retried 3 times on a network error: 4 calls, then the SPEC §8 network error', async () => {
    fakeFetch.mockImplementation(networkFault);
    const err = await post('News/GetNewList', { type: 1 }).catch((e: unknown) => e);
    expect(isApiError(err, NETWORK_ERROR_NO)).toBe(true);
    expect(fakeFetch).toHaveBeenCalledTimes(4);
  });

  it('a read that fails twice and then answers returns the answer (3 calls)', async () => {
    fakeFetch.mockImplementationOnce(networkFault).mockImplementationOnce(networkFault).mockResolvedValue(envelope({ ErrorNo: 1, ErrorInfo: '', Result: { n: 7 } }));
    expect(await post('News/GetNewList')).toEqual({ n: 7 });
    expect(fakeFetch).toHaveBeenCalledTimes(3);
  });

  it('a write is tried exactly once on a network error', async () => {
    fakeFetch.mockImplementation(networkFault);
    const err = await post('PointsMall/ExchangeGoods', { SN: 'PG0001', IdempotencyKey: 'k-ky-0001' }, { write: true }).catch((e: unknown) => e);
    expect(isApiError(err, NETWORK_ERROR_NO)).toBe(true);
    expect(fakeFetch).toHaveBeenCalledTimes(1);
  });

  it('a write that times out is tried exactly once', async () => {
    fakeFetch.mockImplementation(hang);
    const err = await post('PointsMall/ExchangeGoods', { SN: 'PG0001', IdempotencyKey: 'k-ky-0001' }, { write: true }).catch((e: unknown) => e);
    expect(isApiError(err, NETWORK_ERROR_NO)).toBe(true);
    expect(fakeFetch).toHaveBeenCalledTimes(1);
  });

  it('an answer is never retried, whatever its status or ErrorNo', async () => {
    fakeFetch.mockResolvedValueOnce(new Response('<h1>502</h1>', { status: 502 }));
    await expect(post('News/GetNewList')).rejects.toMatchObject({ errorNo: -3 });
    fakeFetch.mockResolvedValueOnce(envelope({ ErrorNo: 4029, ErrorInfo: '请求过于频繁，请稍后再试', Result: null }));
    await expect(post('News/GetNewList')).rejects.toMatchObject({ errorNo: 4029 });
    expect(fakeFetch).toHaveBeenCalledTimes(2);
  });
});

describe('ky hooks and options (SPEC §7)', () => {
  it('POSTs form fields with IsWeb and Sub in the query and the Bearer header from the hook', async () => {
    let body = '';
    fakeFetch.mockImplementation(async (request) => {
      body = await request.clone().text();
      return envelope({ ErrorNo: 1, ErrorInfo: '', Result: null });
    });
    await post('PointsMall/GetPointsLog', { PageIndex: 2, PageSize: undefined }, { token: 'tok-1', sub: 'VIP001', clientIp: '203.0.113.9' });
    const request = fakeFetch.mock.calls[0]![0];
    const url = new URL(request.url);
    expect(request.method).toBe('POST');
    expect(url.pathname).toBe('/api/PointsMall/GetPointsLog');
    expect(url.searchParams.get('IsWeb')).toBe('1');
    expect(url.searchParams.get('Sub')).toBe('VIP001');
    expect(request.headers.get('authorization')).toBe('Bearer tok-1');
    expect(request.headers.get('x-forwarded-for')).toBe('203.0.113.9');
    expect(body).toBe('PageIndex=2');
  });

  it('a call without a token sends no Authorization header', async () => {
    fakeFetch.mockResolvedValue(envelope({ ErrorNo: 1, ErrorInfo: '', Result: null }));
    await post('News/GetNewList');
    expect(fakeFetch.mock.calls[0]![0].headers.has('authorization')).toBe(false);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusedUrl, startFaultServer, type FaultServer } from '@/test/fault-server';

// docs/security.md "Faults": lib/api against a misbehaving API host (API_BASE_URL).
// A short per-call timeout keeps the hang case quick; the logic is the same at 8 s.
vi.mock('@/lib/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/constants')>()),
  REQUEST_TIMEOUT_MS: 600,
  RETRY_COUNT: 3,
}));

const { post, observeCalls, resetHostHealth } = await import('./client');
const { publicRead } = await import('./public');
const { ApiError, BAD_RESPONSE_ERROR_NO, NETWORK_ERROR_NO } = await import('./errors');

let fault: FaultServer;
const savedBase = process.env.API_BASE_URL;

beforeAll(async () => {
  fault = await startFaultServer({ hangMs: 5_000 });
});
afterAll(async () => {
  await fault.close();
  if (savedBase === undefined) delete process.env.API_BASE_URL;
  else process.env.API_BASE_URL = savedBase;
});
afterEach(() => {
  fault.hits.length = 0;
  resetHostHealth();
});

/** Runs `fn` and returns the error it threw plus the number of raw calls it made. */
async function failure(fn: () => Promise<unknown>) {
  let calls = 0;
  const stop = observeCalls(() => calls++);
  try {
    await fn();
  } catch (err) {
    return { err: err as InstanceType<typeof ApiError>, calls };
  } finally {
    stop();
  }
  throw new Error('expected a failure');
}

describe('a host that refuses connections', () => {
  it('a read retries 3 times, then fails with the SPEC §8 network message', async () => {
    process.env.API_BASE_URL = await refusedUrl();
    const { err, calls } = await failure(() => post('News/GetNewList', { type: 1 }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.errorNo).toBe(NETWORK_ERROR_NO);
    expect(err.errorInfo).toBe('网络异常，请检查网络后重试');
    expect(calls).toBe(4);
  });

  it('a host that stops listening: reads fail after their retries, with the same message', async () => {
    process.env.API_BASE_URL = fault.url;
    await fault.setMode('refuse');
    const { err, calls } = await failure(() => post('News/GetNewList', { type: 1 }));
    expect(err.errorNo).toBe(NETWORK_ERROR_NO);
    expect(calls).toBe(4);
    await fault.setMode('ok');
    await expect(post('News/GetNewList', { type: 1 })).resolves.toBeTruthy();
  });

  it('a write is never retried', async () => {
    process.env.API_BASE_URL = await refusedUrl();
    const { err, calls } = await failure(() => post('PointsMall/ExchangeGoods', { SN: 'x', IdempotencyKey: 'k-faults-1' }, { write: true }));
    expect(err.errorNo).toBe(NETWORK_ERROR_NO);
    expect(calls).toBe(1);
  });
});

describe('a host that hangs past the timeout', () => {
  it('a read gives up after one timeout: the retries share one deadline', async () => {
    process.env.API_BASE_URL = fault.url;
    await fault.setMode('hang');
    const { err, calls } = await failure(() => post('News/GetNewList', { type: 1 }));
    expect(err.errorNo).toBe(NETWORK_ERROR_NO);
    expect(calls).toBe(1);
    expect(fault.hits).toEqual(['News/GetNewList']);
  });

  it('after a timeout, further reads fail at once for a while (a page with several calls answers within one timeout)', async () => {
    process.env.API_BASE_URL = fault.url;
    await fault.setMode('hang');
    await failure(() => post('News/GetNewList', { type: 1 }));
    await fault.setMode('ok');
    const { err, calls } = await failure(() => post('TW_User/GetDoctorList', {}));
    expect(err.errorNo).toBe(NETWORK_ERROR_NO);
    expect(calls).toBe(0);
    expect(fault.hits).toEqual(['News/GetNewList']);
    // A write is still attempted.
    await expect(post('VIP_Member/UpdateVipinformation', { VipName: '张三' }, { write: true })).resolves.toBeTruthy();
  });

  it('a write that timed out (proxy.ts’s token refresh) spares the page’s reads a second wait, in every bundle of the process', async () => {
    process.env.API_BASE_URL = fault.url;
    await fault.setMode('hang');
    await failure(() => post('AuthenticationCenter/GetPcTokenByURefreshToken', { refresh_token: 'r' }, { write: true }));
    await fault.setMode('ok');
    // The app's bundle has its own copy of this module: the host's health is read from globalThis.
    vi.resetModules();
    const appBundle = await import('./client');
    const { err } = await failure(() => appBundle.post('TW_User/GetDoctorList', {}));
    expect(err.errorNo).toBe(NETWORK_ERROR_NO);
    // The read was never sent: the host answered nothing but the refresh.
    expect(fault.hits).toEqual(['AuthenticationCenter/GetPcTokenByURefreshToken']);
  });

  it('publicRead with a hanging host ends in the network error, not a throw of another kind', async () => {
    process.env.API_BASE_URL = fault.url;
    await fault.setMode('hang');
    const { err } = await failure(() => publicRead('News/GetNewList', { type: 1 }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.errorNo).toBe(NETWORK_ERROR_NO);
  });
});

describe('a host that answers garbage', () => {
  it.each([['http500'], ['badjson']] as const)('%s → a readable Chinese error, not retried, no raw body leaked', async (mode) => {
    process.env.API_BASE_URL = fault.url;
    await fault.setMode(mode);
    const { err, calls } = await failure(() => post('News/GetNewList', { type: 1 }));
    expect(err.errorNo).toBe(BAD_RESPONSE_ERROR_NO);
    expect(err.errorInfo).toMatch(/[\u4e00-\u9fff]/);
    expect(err.errorInfo).not.toMatch(/unterminated|Internal Server Error/);
    expect(calls).toBe(1);
  });
});

describe('a host that answers 4029 in bursts', () => {
  it('each 4029 reaches the caller with its ErrorInfo and is not retried; the host recovers after the burst', async () => {
    process.env.API_BASE_URL = fault.url;
    await fault.setMode('burst4029', { burst: 3 });
    for (let i = 0; i < 3; i++) {
      const { err, calls } = await failure(() => post('News/GetNewList', { type: 1 }));
      expect(err.errorNo).toBe(4029);
      expect(err.errorInfo).toBe('请求过于频繁，请稍后再试');
      expect(calls).toBe(1);
    }
    await expect(post('News/GetNewList', { type: 1 })).resolves.toBeTruthy();
    expect(fault.hits).toHaveLength(4);
  });

  it('a write during a burst is made once and fails with 4029 (never done twice)', async () => {
    process.env.API_BASE_URL = fault.url;
    await fault.setMode('burst4029', { burst: 1 });
    const { err } = await failure(() => post('PointsMall/ExchangeGoods', { SN: 'x', IdempotencyKey: 'k-faults-1' }, { write: true }));
    expect(err.errorNo).toBe(4029);
    expect(fault.hits.filter((h) => h === 'PointsMall/ExchangeGoods')).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFaultServer, type FaultServer } from '@/test/fault-server';

// A hanging API host (docs/security.md "Attacks on the member system"): a
// failed refresh is remembered for a few seconds, so proxy.ts and the page
// that follows it wait for one timeout, not two. A short per-call timeout
// keeps the case quick; the logic is the same at 8 s.
vi.mock('@/lib/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/constants')>()),
  REQUEST_TIMEOUT_MS: 600,
}));

const { observeCalls, resetHostHealth } = await import('./client');
const { NETWORK_ERROR_NO, isApiError } = await import('./errors');
const { resetTokenClientState, sharedRefresh } = await import('./token-client');

let fault: FaultServer;
const savedBase = process.env.API_BASE_URL;

beforeAll(async () => {
  fault = await startFaultServer({ hangMs: 5_000 });
});
afterAll(async () => {
  await fault.close();
  if (savedBase === undefined) delete process.env.API_BASE_URL;
  else process.env.API_BASE_URL = savedBase;
  resetHostHealth();
  resetTokenClientState();
});

describe('a refresh against a hanging host', () => {
  it('is attempted once: the next asker with the same token gets the remembered failure without a second call', async () => {
    process.env.API_BASE_URL = fault.url;
    await fault.setMode('hang');
    let calls = 0;
    const stop = observeCalls((p) => {
      if (p === 'AuthenticationCenter/GetPcTokenByURefreshToken') calls++;
    });
    try {
      const first = await sharedRefresh('a-refresh-token').catch((e: unknown) => e);
      expect(isApiError(first, NETWORK_ERROR_NO)).toBe(true);
      // proxy.ts asked first; the page's own session check asks next.
      const second = await sharedRefresh('a-refresh-token').catch((e: unknown) => e);
      expect(isApiError(second, NETWORK_ERROR_NO)).toBe(true);
      expect(calls).toBe(1);
      expect(fault.hits.filter((p) => p === 'AuthenticationCenter/GetPcTokenByURefreshToken')).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

/**
 * The contract client's retry rules (ARCHITECTURE "The contract client"):
 * reads retry 3 times on network faults only; a write is never repeated, even
 * when it timed out and the server did act on it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from './client';
import { isApiError } from './errors';

let server: http.Server;
const seen: Record<string, number> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    seen[path] = (seen[path] ?? 0) + 1;
    if (path.endsWith('/Hang')) return; // never answers: the client times out
    if (path.endsWith('/Reset')) return req.socket.destroy(); // a network fault
    if (path.endsWith('/Refused')) {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ ErrorNo: -1, ErrorInfo: '积分不足', Result: null }));
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ErrorNo: 1, ErrorInfo: '成功', Result: { ok: true } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.API_BASE_URL;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('contract client over the network', () => {
  it('unwraps the envelope', async () => {
    expect(await post('Test/Ok')).toEqual({ ok: true });
  });

  it('a non-1 ErrorNo is an ApiError with ErrorInfo and is not retried', async () => {
    const err = await post('Test/Refused').catch((e: unknown) => e);
    expect(isApiError(err, -1)).toBe(true);
    expect(seen['/api/Test/Refused']).toBe(1);
  });

  it('a read retries 3 times on a network fault, then reports the network message', async () => {
    const err = await post('Test/Reset').catch((e: unknown) => e);
    expect(isApiError(err, -2)).toBe(true);
    expect(seen['/api/Test/Reset']).toBe(4);
  });

  it('a write that fails on the network is not repeated', async () => {
    const err = await post('Write/Reset', {}, { write: true }).catch((e: unknown) => e);
    expect(isApiError(err, -2)).toBe(true);
    expect(seen['/api/Write/Reset']).toBe(1);
  });

  it('a write that times out (8000 ms) is not repeated: the server saw it once', async () => {
    const err = await post('Write/Hang', { OrderKey: 'k-1' }, { write: true }).catch((e: unknown) => e);
    expect(isApiError(err, -2)).toBe(true);
    expect(seen['/api/Write/Hang']).toBe(1);
  }, 20_000);
});

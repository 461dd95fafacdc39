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

// Paths of the endpoint table that this fake host answers in one way each (any other path: a success).
const REFUSED = 'News/GetTW_Notice';
const RESET_READ = 'News/GetyearList';
const RESET_WRITE = 'TW_HotWords/InsertHotWords';
const HANG_WRITE = 'PointsMall/ExchangeGoods';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    seen[path] = (seen[path] ?? 0) + 1;
    if (path === `/api/${HANG_WRITE}`) return; // never answers: the client times out
    if (path === `/api/${RESET_READ}` || path === `/api/${RESET_WRITE}`) return req.socket.destroy(); // a network fault
    if (path === `/api/${REFUSED}`) {
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
    expect(await post('News/GetNewList')).toEqual({ ok: true });
  });

  it('a non-1 ErrorNo is an ApiError with ErrorInfo and is not retried', async () => {
    const err = await post(REFUSED).catch((e: unknown) => e);
    expect(isApiError(err, -1)).toBe(true);
    expect(seen[`/api/${REFUSED}`]).toBe(1);
  });

  it('a read retries 3 times on a network fault, then reports the network message', async () => {
    const err = await post(RESET_READ).catch((e: unknown) => e);
    expect(isApiError(err, -2)).toBe(true);
    expect(seen[`/api/${RESET_READ}`]).toBe(4);
  });

  it('a write that fails on the network is not repeated', async () => {
    const err = await post(RESET_WRITE, { Word: '针灸' }, { write: true }).catch((e: unknown) => e);
    expect(isApiError(err, -2)).toBe(true);
    expect(seen[`/api/${RESET_WRITE}`]).toBe(1);
  });

  it('a write that times out (8000 ms) is not repeated: the server saw it once', async () => {
    const err = await post(HANG_WRITE, { SN: 'PG0001', IdempotencyKey: 'k-hang-0001' }, { write: true }).catch((e: unknown) => e);
    expect(isApiError(err, -2)).toBe(true);
    expect(seen[`/api/${HANG_WRITE}`]).toBe(1);
  }, 20_000);
});

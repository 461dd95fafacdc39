/**
 * The Node-level request guard (docs/security.md "Request bodies", "Broken percent-escapes", "Server actions and
 * internal headers"), on a real server whose handler reads bodies the way Next does (to the end, into memory).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionOwners, routeOfWorker } from './action-owners';
import { routeMatcher } from '@/lib/observability/route-pattern';
import { API_BODY_LIMIT_BYTES, bodyLimitOf, installRequestGuard, NOT_FOUND_PATH } from './request-guard';
import { ACTION_BODY_LIMIT_BYTES } from './action-request';
import { BODY_LIMITS } from '@/lib/limits';
import { MAX_BODY_BYTES } from '@/lib/backend/router';

const OWNED = 'a'.repeat(42);

interface Seen {
  url: string;
  bytes: number;
  ended: boolean;
  errored: boolean;
}

let server: http.Server;
let port = 0;
const seen: Seen[] = [];

beforeAll(async () => {
  // The booking page has action OWNED; any other page does not.
  await installRequestGuard({ ownsAction: (pathname, id) => (id === OWNED ? pathname === '/booking' : null) });
  server = http.createServer((req, res) => {
    const entry: Seen = { url: req.url ?? '', bytes: 0, ended: false, errored: false };
    seen.push(entry);
    req.on('data', (chunk: Buffer) => (entry.bytes += chunk.byteLength));
    req.on('error', () => (entry.errored = true));
    req.on('end', () => {
      entry.ended = true;
      // As Next would, after the guard answered: these go nowhere, and throw nothing.
      res.setHeader('x-app', '1');
      res.writeHead(200);
      res.end(`app read ${entry.bytes}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of body the client managed to write before the answer came (or the socket went). */
  sent: number;
}

/**
 * Sends a request; `total` bytes of body, chunked when `chunked`, else with Content-Length `declared ?? total`.
 * The body is written in 64 KB pieces as fast as the socket takes them, and writing stops at the answer.
 */
function send(path: string, opts: { method?: string; total?: number; chunked?: boolean; declared?: number; headers?: Record<string, string> } = {}): Promise<Answer> {
  const total = opts.total ?? 0;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (!opts.chunked && (total > 0 || opts.declared !== undefined)) headers['content-length'] = String(opts.declared ?? total);
    const req = http.request({ host: '127.0.0.1', port, path, method: opts.method ?? 'POST', headers, agent: false });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent }));
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const piece = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (!answered && sent < total && !req.destroyed) {
        const n = Math.min(piece.byteLength, total - sent);
        sent += n;
        if (!req.write(piece.subarray(0, n))) return void req.once('drain', pump);
      }
      if (!answered && !req.destroyed && opts.declared === undefined) req.end();
    };
    if (opts.chunked) req.flushHeaders();
    if (opts.declared !== undefined && total === 0) req.flushHeaders();
    else pump();
  });
}

describe('request bodies', () => {
  it('the API’s limit is the embedded backend’s, a page’s is Next’s server-action limit', () => {
    expect(API_BODY_LIMIT_BYTES).toBe(MAX_BODY_BYTES);
    expect(bodyLimitOf('/api/News/GetNewList')).toBe(API_BODY_LIMIT_BYTES);
    expect(bodyLimitOf('/booking?x=1')).toBe(ACTION_BODY_LIMIT_BYTES);
    // The photos of a 图文问诊 question travel through the /ask page's action and the backend's upload call only.
    expect(bodyLimitOf('/ask?doctor=D1')).toBe(BODY_LIMITS.upload);
    expect(bodyLimitOf('/api/IM_AskQuestion/AskQuestion?IsWeb=1')).toBe(BODY_LIMITS.upload);
    expect(bodyLimitOf('/asking')).toBe(ACTION_BODY_LIMIT_BYTES);
    expect(bodyLimitOf('/api/IM_AskQuestion/RateAskQuestion')).toBe(API_BODY_LIMIT_BYTES);
    expect(BODY_LIMITS.upload).toBeGreaterThan(4 * 8 * 1024 * 1024);
  });

  it('a body that declares 64 MB is refused unread: 413, the connection closed, the app never sees it', async () => {
    const before = seen.length;
    for (const path of ['/api/News/GetNewList', '/booking']) {
      const r = await send(path, { declared: 64 * 1024 * 1024 });
      expect(r.status, path).toBe(413);
      expect(r.headers.connection).toBe('close');
      expect(r.body).toContain('请求内容过大');
      expect(r.sent).toBe(0);
    }
    expect(seen.length).toBe(before);
  });

  it('a chunked body is cut one byte past the limit: 413, closed, and the app reads an ended stream, not an aborted one', async () => {
    for (const [path, limit] of [['/api/News/GetNewList', API_BODY_LIMIT_BYTES], ['/booking', ACTION_BODY_LIMIT_BYTES]] as const) {
      const before = seen.length;
      const r = await send(path, { total: 64 * 1024 * 1024, chunked: true });
      expect(r.status, path).toBe(413);
      expect(r.headers.connection).toBe('close');
      expect(r.headers['x-app']).toBeUndefined();
      // The client stopped long before its 64 MB: what it wrote past the limit was never kept.
      expect(r.sent).toBeLessThan(16 * 1024 * 1024);
      await expect.poll(() => seen[before]?.ended).toBe(true);
      expect(seen[before]).toMatchObject({ bytes: limit + 1, errored: false });
    }
  });

  it('a body within the limit, chunked or not, reaches the app whole', async () => {
    const chunked = await send('/api/News/GetNewList', { total: API_BODY_LIMIT_BYTES, chunked: true });
    expect(chunked).toMatchObject({ status: 200, body: `app read ${API_BODY_LIMIT_BYTES}` });
    const sized = await send('/booking', { total: 300_000 });
    expect(sized).toMatchObject({ status: 200, body: 'app read 300000' });
  });
});

describe('broken percent-escapes', () => {
  it('outside /api/ the app is handed the 404 page’s address; under /api/ the path is left for proxy.ts', async () => {
    for (const path of ['/share-card/doctor/%E0%A4%A.png', '/share-card/doctor/%zz.png', '/x/%.js']) {
      const before = seen.length;
      expect((await send(path, { method: 'GET' })).status).toBe(200);
      expect(seen[before]!.url, path).toBe(NOT_FOUND_PATH);
    }
    const before = seen.length;
    await send('/api/News%E0%A4%A/GetNewList', { method: 'GET' });
    expect(seen[before]!.url).toBe('/api/News%E0%A4%A/GetNewList');
    await send('/share-card/doctor/D100001.png?v=%zz', { method: 'GET' });
    expect(seen[before + 1]!.url).toBe('/share-card/doctor/D100001.png?v=%zz');
  });
});

describe('a server action posted to a page that does not have it', () => {
  it('answers 404 as Next answers an unknown action, without reaching the app; its own page is reached', async () => {
    const before = seen.length;
    const elsewhere = await send('/', { total: 20, headers: { 'next-action': OWNED } });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers['x-nextjs-action-not-found']).toBe('1');
    expect(seen.length).toBe(before);
    expect((await send('/booking', { total: 20, headers: { 'next-action': OWNED } })).status).toBe(200);
    // An id nobody has is Next's to answer.
    expect((await send('/', { total: 20, headers: { 'next-action': 'b'.repeat(42) } })).status).toBe(200);
  });

  it('reads the owners from the build’s manifest: route groups dropped, unmatched paths render the 404 page', () => {
    expect(routeOfWorker('app/(care)/doctorlist/[[...provinceId]]/page')).toBe('/doctorlist/[[...provinceId]]');
    expect(routeOfWorker('app/page')).toBe('/');
    expect(routeOfWorker('app/(news)/(about)/trendsInfor/page')).toBe('/trendsInfor');
    expect(routeOfWorker('app/api/[...path]/route')).toBeNull();
    const routeOf = routeMatcher({
      staticRoutes: [
        { page: '/', regex: '^/(?:/)?$' },
        { page: '/booking', regex: '^/booking(?:/)?$' },
      ],
      dynamicRoutes: [{ page: '/doctordetail/[code]', regex: '^/doctordetail/([^/]+?)(?:/)?$' }],
    });
    const owns = actionOwners(
      {
        node: {
          book: { workers: { 'app/(care)/booking/page': {} } },
          login: { workers: { 'app/page': {}, 'app/(care)/doctordetail/[code]/page': {}, 'app/_not-found/page': {} } },
        },
      },
      routeOf,
    );
    expect(owns('/booking', 'book')).toBe(true);
    expect(owns('/booking/', 'book')).toBe(true);
    expect(owns('/', 'book')).toBe(false);
    expect(owns('/doctordetail/D1', 'book')).toBe(false);
    expect(owns('/doctordetail/D1', 'login')).toBe(true);
    expect(owns('/no-such-page', 'login')).toBe(true);
    expect(owns('/x.png', 'login')).toBe(true);
    expect(owns('/booking', 'login')).toBe(false);
    expect(owns('/', 'unknown')).toBeNull();
  });
});

/**
 * The one hook into Node's HTTP server (lib/observability/http-server.ts, docs/operations.md): request ids, the
 * duration histogram by route pattern, the page cache's outcome read and kept from the visitor, and the drain
 * of a release: no new connection is accepted, a kept connection's next answer closes it, an idle connection is
 * left for the proxy to close (closing it here races a proxy's next write), and the drain ends when none is left.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_RENDER_HEADERS, PAGE_CACHE_OUTCOME_HEADER, installHttpServerHook, isDraining, startDrain } from './http-server';
import { siteMetrics } from './metrics';
import { routeMatcher } from './route-pattern';
import { PAGE_CACHE_HEADER, RENDER_HEADER } from '@/lib/page-cache/serve';

let server: http.Server;
let port = 0;

beforeAll(async () => {
  installHttpServerHook({
    routeOf: routeMatcher({ staticRoutes: [{ page: '/', regex: '^/(?:/)?$' }], dynamicRoutes: [{ page: '/doctordetail/[code]', regex: '^/doctordetail/([^/]+?)(?:/)?$' }] }),
    env: { NODE_ENV: 'production', REQUEST_LOG: '0' },
  });
  server = http.createServer((req, res) => {
    if (req.url === '/slow') {
      setTimeout(() => res.end('slow'), 300);
      return;
    }
    if (req.url?.startsWith('/doctordetail/')) res.appendHeader(PAGE_CACHE_OUTCOME_HEADER, 'HIT');
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => server.closeAllConnections());

function get(path: string, agent: http.Agent, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('the request hook', () => {
  it('names the header constants the page cache uses', () => {
    expect(PAGE_CACHE_OUTCOME_HEADER).toBe(PAGE_CACHE_HEADER);
    expect(INTERNAL_RENDER_HEADERS).toEqual([RENDER_HEADER]);
  });

  it('answers with a request id (nginx’s when it is one), counts by route pattern, and keeps the cache outcome to itself', async () => {
    const agent = new http.Agent({ keepAlive: false });
    const own = await get('/doctordetail/D100001', agent, { 'x-request-id': 'a1b2c3d4e5f60718293a4b5c6d7e8f90' });
    expect(own.headers['x-request-id']).toBe('a1b2c3d4e5f60718293a4b5c6d7e8f90');
    expect(own.headers[PAGE_CACHE_OUTCOME_HEADER]).toBeUndefined();
    const forged = await get('/doctordetail/D100002', agent, { 'x-request-id': 'x'.repeat(200) });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await get('/made-up/path-91', agent);
    const text = await siteMetrics().registry.metrics();
    expect(text).toMatch(/shengai_http_request_duration_seconds_count\{route="\/doctordetail\/\[code\]",method="GET",status="200"\} 2/);
    expect(text).toMatch(/shengai_page_cache_answers_total\{outcome="hit"\} 2/);
    expect(text).toContain('route="(unmatched)"');
    expect(text).not.toContain('made-up');
  });
});

describe('the drain', () => {
  it('stops accepting, closes a kept connection after its next answer, leaves an idle one to the proxy, and ends when none is left', async () => {
    const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get('/', kept)).headers.connection).toBe('keep-alive');
    expect((await get('/', idle)).headers.connection).toBe('keep-alive');
    const inFlight = get('/slow', new http.Agent({ keepAlive: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));

    let drained = false;
    const drain = startDrain(60_000).then(() => (drained = true));
    expect(isDraining()).toBe(true);
    // No new connection.
    await expect(new Promise((resolve, reject) => net.connect(port, '127.0.0.1').on('connect', resolve).on('error', reject))).rejects.toThrow(/ECONNREFUSED/);
    // The request in flight is answered, and closes its connection.
    const slow = await inFlight;
    expect(slow.body).toBe('slow');
    expect(slow.headers.connection).toBe('close');
    // A kept connection is used once more, and closed after that answer.
    const last = await get('/', kept);
    expect(last.status).toBe(200);
    expect(last.headers.connection).toBe('close');
    // The idle connection is still open: the server never closed it under the proxy.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(drained).toBe(false);
    expect(Object.values(idle.freeSockets).flat().some((s) => s && !s.destroyed)).toBe(true);
    // The proxy closes it (nginx's keepalive_timeout): the drain is over.
    idle.destroy();
    kept.destroy();
    await drain;
    expect(drained).toBe(true);
  });
});

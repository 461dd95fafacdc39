/** TRACE and other unsupported methods answer 405, at the Node server (docs/security.md). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installUnsupportedMethodGuard, isSupportedMethod } from './unsupported-methods';

let server: http.Server;
let port = 0;

beforeAll(async () => {
  await installUnsupportedMethodGuard();
  // A handler that fails the way Next does for TRACE (new Request() throws): reached only when the guard lets a method through.
  server = http.createServer((req, res) => {
    res.writeHead(req.method === 'GET' || req.method === 'POST' || req.method === 'HEAD' || req.method === 'OPTIONS' ? 200 : 500);
    res.end('app');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, path = '/'): Promise<{ status: number; allow?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow as string | undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('unsupported methods', () => {
  it('TRACE and the like answer 405 with Allow on any path, never reaching the app', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'DELETE', 'PUT', 'PATCH']) {
      for (const path of ['/', '/api/News/GetNewList', '/_next/static/x.js', '/doctordetail/D001']) {
        const r = await send(method, path);
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.allow).toBe('GET, HEAD, POST, OPTIONS');
      }
    }
  });

  it('OPTIONS outside /api/ answers 204 with Allow, files under public/ included; under /api/ it reaches the app', async () => {
    for (const path of ['/', '/doctorlist', '/images/share-card.png', '/logo.svg', '/media/x.mp4', '/robots.txt', '/no-such-file.pdf', '*']) {
      const r = await send('OPTIONS', path);
      expect(r.status, path).toBe(204);
      expect(r.allow, path).toBe('GET, HEAD, POST');
    }
    expect((await send('OPTIONS', '/api/News/GetNewList')).status).toBe(200);
  });

  it('the methods the site serves reach the app', async () => {
    for (const method of ['GET', 'HEAD', 'POST']) expect((await send(method)).status).toBe(200);
    expect(isSupportedMethod('get')).toBe(true);
    expect(isSupportedMethod(undefined)).toBe(false);
  });
});

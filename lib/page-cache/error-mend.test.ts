/**
 * lib/page-cache/error-mend.ts on a real Node server standing in for Next: each handler writes its answer the ways
 * Next does (a head set before the body, an implicit head, chunks, gzip), and the visitor must get the whole page in
 * place of Next's empty error shell, or the answer exactly as written.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, createGzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mendErrors, mendsErrorsOf } from './error-mend';
import { FALLBACK_KEYS, RETRY_AFTER_SECONDS } from './fallback';
import { freezeBody } from './precompress';
import { RENDER_HEADER } from './serve';
import { pageCacheState, purgePageCache } from './store';

const SHELL = '<!DOCTYPE html><html id="__next_error__"><head><script nonce="abc">self.__next_f=[]</script></head><body></body></html>';
const NOT_FOUND_PAGE = '<!DOCTYPE html><html lang="zh-CN"><head><script>window.a=1</script></head><body><h1>页面不存在</h1></body></html>';
const ERROR_PAGE = '<!DOCTYPE html><html lang="zh-CN"><head></head><body><h1>页面暂时无法显示</h1></body></html>';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const handlers: Record<string, Handler> = {
  // A page's notFound(): the head set first, the shell gzipped and written in two chunks.
  '/gone': (_req, res) => {
    res.statusCode = 404;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-encoding', 'gzip');
    res.setHeader('set-cookie', 'Token=fresh; HttpOnly');
    res.setHeader('content-security-policy', "script-src 'nonce-abc'");
    const zipped = gzipSync(SHELL);
    res.write(zipped.subarray(0, 10));
    res.end(zipped.subarray(10));
  },
  // A render that throws: the shell with 500, its head implicit in end().
  '/broken': (_req, res) => {
    res.statusCode = 500;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(SHELL);
  },
  // An unmatched address: Next's whole not-found page, written with writeHead.
  '/unmatched': (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!DOCTYPE html><html><body><h1>本页的 404</h1></body></html>');
  },
  // A page that streams: its first chunk reaches the visitor before the rest is written.
  '/streams': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write('<!DOCTYPE html><html><body><p>first</p>');
    streamed.push(() => res.end('<p>second</p></body></html>'));
  },
  // Next's compression wraps the response's write and end after the mending did, as the `compression` package
  // does: a 200 page goes through it, gzipped, and a 404 shell is held gzipped.
  '/compressed': (req, res) => {
    const zip = createGzip();
    const { write, end } = res;
    zip.on('data', (chunk: Buffer) => Reflect.apply(write, res, [chunk]));
    zip.on('end', () => Reflect.apply(end, res, []));
    res.write = ((chunk: string) => zip.write(chunk)) as typeof res.write;
    res.end = ((chunk?: string) => {
      if (chunk) zip.write(chunk);
      zip.end();
      return res;
    }) as typeof res.end;
    res.statusCode = req.url?.includes('gone') ? 404 : 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-encoding', 'gzip');
    res.write(res.statusCode === 404 ? SHELL : '<!DOCTYPE html><html><body><p>member page</p>');
    res.end(res.statusCode === 404 ? '' : '</body></html>');
  },
  // An error of a route handler (JSON): not a page.
  '/json': (_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end('{"ErrorNo":-1}');
  },
};
const streamed: (() => void)[] = [];

let server: http.Server;
let origin = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (mendsErrorsOf(req)) mendErrors(req, res);
    const path = (req.url ?? '/').split('?')[0]!;
    const name = path.replace(/^\/(?:member|curl)/, '').replace(/^\/compressed.*/, '/compressed');
    (handlers[name] ?? handlers['/gone']!)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function keep(key: string, html: string) {
  const now = Date.now();
  const body = await freezeBody(html, pageCacheState().placeholderNonce);
  pageCacheState().shared.set(key, {
    status: 200,
    headers: [['content-type', 'text/html; charset=utf-8'], ['cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate']],
    body,
    bytes: body.gzip.byteLength + body.br.byteLength,
    renderedAt: now,
    refreshAt: now + 3_600_000,
  });
}

beforeEach(async () => {
  vi.stubEnv('NODE_ENV', 'production');
  vi.stubEnv('PAGE_CACHE', '');
  purgePageCache();
  // The kept error pages (lib/page-cache/serve.ts fallbackPage), as the page cache renders them once.
  await keep(FALLBACK_KEYS.notFound, NOT_FOUND_PAGE);
  await keep(FALLBACK_KEYS.unavailable, ERROR_PAGE);
});

const BROWSER = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'identity' };

async function load(path: string, headers: Record<string, string> = BROWSER) {
  const res = await fetch(origin + path, { headers });
  return { res, body: await res.text() };
}

describe('error answers made whole on Node’s response (one render per request)', () => {
  it('a page’s notFound() shell, gzipped and in chunks, becomes the whole not-found page: 404, its hash CSP, noindex, no-store, the answer’s cookies kept', async () => {
    const { res, body } = await load('/member/gone');
    expect(res.status).toBe(404);
    expect(body).toBe(NOT_FOUND_PAGE);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src[^;]*'sha256-/);
    expect(res.headers.get('content-security-policy')).not.toContain('nonce-');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBe('Token=fresh; HttpOnly');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(NOT_FOUND_PAGE));
  });

  it('a render that throws becomes the error page with 503 and Retry-After; curl’s `Accept: */*` is mended too, in the encoding it accepts', async () => {
    const { res, body } = await load('/broken');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(body).toBe(ERROR_PAGE);
    const raw = await new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get(`${origin}/curl/broken`, { headers: { accept: '*/*', 'accept-encoding': 'br' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(raw.status).toBe(503);
    expect(raw.encoding).toBe('br');
    expect(brotliDecompressSync(raw.body).toString('utf8')).toBe(ERROR_PAGE);
  });

  it('a whole 404 page, a route handler’s error, the page cache’s own render and a router fetch are sent as written', async () => {
    const unmatched = await load('/unmatched');
    expect(unmatched.res.status).toBe(404);
    expect(unmatched.body).toContain('本页的 404');
    const json = await load('/json', { accept: '*/*' });
    expect(json.res.status).toBe(500);
    expect(json.body).toBe('{"ErrorNo":-1}');
    // The page cache reads Next's own answer (it keeps the last good copy of a page that fails).
    const own = await load('/broken', { ...BROWSER, [RENDER_HEADER]: 'x' });
    expect(own.res.status).toBe(500);
    expect(own.body).toBe(SHELL);
    const router = await load('/broken', { accept: '*/*', rsc: '1' });
    expect(router.res.status).toBe(500);
    expect(router.body).toBe(SHELL);
  });

  it('under a compression that wraps the response after it (as Next’s does): a 200 page arrives whole and decoded, a 404 shell is mended', async () => {
    const page = await load('/compressed/page', { ...BROWSER, 'accept-encoding': 'gzip' });
    expect(page.res.status).toBe(200);
    expect(page.body).toBe('<!DOCTYPE html><html><body><p>member page</p></body></html>');
    const gone = await load('/compressed/gone', { ...BROWSER, 'accept-encoding': 'gzip' });
    expect(gone.res.status).toBe(404);
    expect(gone.body).toBe(NOT_FOUND_PAGE);
  });

  it('a 200 page streams: its first chunk arrives before the render has written the rest', async () => {
    const res = await fetch(`${origin}/streams`, { headers: BROWSER });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain('<p>first</p>');
    expect(first).not.toContain('second');
    streamed.shift()!();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    expect(rest).toContain('<p>second</p>');
  });

  it('without a kept error page, the shell is sent as written (never an empty answer)', async () => {
    purgePageCache();
    vi.stubEnv('PAGE_CACHE_ORIGIN', 'http://127.0.0.1:9');
    const { res, body } = await load('/broken');
    expect(res.status).toBe(500);
    expect(body).toBe(SHELL);
  });
});

/**
 * The release's prerender (scripts/prerender-pages.mjs, deploy/release.sh): every page of the sitemap asked for
 * once, a few at a time, of a server on loopback only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types.
import { isLoopback, prerenderPages, sitemapPaths } from './prerender-pages.mjs';

const asked: string[] = [];
let inFlight = 0;
let mostAtOnce = 0;
let refusedOnce = false;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/sitemap.xml') {
      const pages = ['/', '/newtdetail/1', '/newtdetail/2', '/doctorlist?page=2&amp;sort=1', '/gone', '/'];
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0"?><urlset>${pages.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`);
      return;
    }
    asked.push(url);
    // The site's render limit, once: a page the prerender must wait for and ask again.
    if (url === '/newtdetail/2' && !refusedOnce) {
      refusedOnce = true;
      res.writeHead(429, { 'retry-after': '0' });
      res.end();
      return;
    }
    inFlight++;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    setImmediate(() => {
      inFlight--;
      res.writeHead(url === '/gone' ? 404 : 200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the release prerender', () => {
  it('asks for each page of the sitemap once, two at a time, waits out the render limit, and counts the answers', async () => {
    const r = await prerenderPages(origin, { concurrency: 2 });
    expect(r.pages).toBe(5);
    expect(r.statuses).toEqual({ 200: 4, 404: 1 });
    expect(r.waits).toBe(1);
    expect([...asked].sort()).toEqual(['/', '/doctorlist?page=2&sort=1', '/gone', '/newtdetail/1', '/newtdetail/2', '/newtdetail/2']);
    expect(mostAtOnce).toBeLessThanOrEqual(2);
  });

  it('asks only a server on loopback', async () => {
    expect(isLoopback('http://127.0.0.1:3001')).toBe(true);
    expect(isLoopback('http://127.8.9.10:3001')).toBe(true);
    expect(isLoopback('http://localhost:3001')).toBe(true);
    expect(isLoopback('https://www.shengai-tcm.example')).toBe(false);
    expect(isLoopback('http://127.0.0.1.evil.example')).toBe(false);
    await expect(prerenderPages('http://10.0.0.5:3001')).rejects.toThrow(/not a loopback address/);
  });

  it('reads the sitemap’s addresses as paths, each once', () => {
    expect(sitemapPaths('<loc>https://x.example/a?b=1&amp;c=2</loc><loc> https://x.example/a?b=1&amp;c=2 </loc><loc>not a url</loc>')).toEqual(['/a?b=1&c=2']);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLengthHeader, ENCODING_HEADER, installPassThrough, LENGTH_HEADER, passThroughInstalled, translatedHeader } from './pass-through';

const page = Buffer.from('<p>圣爱中医</p>'.repeat(200), 'utf8');
const br = brotliCompressSync(page);
let server: http.Server;
let base = '';

beforeAll(async () => {
  installPassThrough();
  installPassThrough(); // idempotent: a second call does not wrap twice
  // Like Next's sendResponse: appendHeader for each header of the Response, then the bytes.
  server = http.createServer((req, res) => {
    res.appendHeader('content-type', 'text/html; charset=utf-8');
    if (req.url === '/cached') {
      res.appendHeader(ENCODING_HEADER, 'br');
      res.appendHeader(LENGTH_HEADER, String(br.byteLength));
      res.end(br);
    } else {
      res.setHeader('x-other', '1');
      res.end(page);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the precompressed pass-through', () => {
  it('turns the page cache’s headers into Content-Encoding and Content-Length on the wire', async () => {
    expect(passThroughInstalled()).toBe(true);
    const res = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/cached`, resolve));
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(br.byteLength));
    expect(res.headers[ENCODING_HEADER]).toBeUndefined();
    expect(res.headers[LENGTH_HEADER]).toBeUndefined();
    expect(brotliDecompressSync(Buffer.concat(chunks)).equals(page)).toBe(true);
  });

  it('leaves every other header alone', async () => {
    const res = await fetch(`${base}/plain`);
    expect(res.headers.get('x-other')).toBe('1');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(page)).toBe(true);
    expect(translatedHeader('Content-Type')).toBeNull();
    expect(translatedHeader('X-Page-Cache-Encoding')).toBe('Content-Encoding');
  });

  it('gives a body its length only where it reaches the wire', () => {
    expect(bodyLengthHeader(679)).toEqual({ [LENGTH_HEADER]: '679' });
    expect(translatedHeader(Object.keys(bodyLengthHeader(679))[0]!)).toBe('Content-Length');
  });
});

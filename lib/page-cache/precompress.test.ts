import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BROTLI_QUALITY, chooseEncoding, freezeBody, headerWithoutNonce, identityBytes, withoutNonce } from './precompress';

const P = 'Placeholder0123456789abcd';

describe('freezeBody', () => {
  it('takes every trace of the placeholder out, and brotli and gzip decode to the same bytes, kept only compressed', async () => {
    const html = `<script src="/a.js" nonce="${P}"></script><p>${'圣爱中医 '.repeat(500)}</p><script nonce="${P}">self.__next_f.push([1,"{\\"nonce\\":\\"${P}\\"}"])</script>`;
    const body = await freezeBody(html, P);
    const raw = identityBytes(body);
    const text = raw.toString('utf8');
    expect(Object.keys(body).sort()).toEqual(['br', 'csp', 'gzip']);
    expect(text).not.toContain(P);
    expect(text).not.toContain('nonce="');
    expect(text).toBe(withoutNonce(html, P));
    expect(brotliDecompressSync(body.br).equals(raw)).toBe(true);
    expect(gunzipSync(body.gzip).equals(raw)).toBe(true);
    expect(body.br.byteLength).toBeLessThan(body.gzip.byteLength);
    expect(body.gzip.byteLength).toBeLessThan(raw.byteLength / 10);
    expect(body.csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='/);
  });

  it("stores brotli at BROTLI_QUALITY, below brotli's costly levels (9 and up)", async () => {
    const html = `<main>${Array.from({ length: 400 }, (_, i) => `<a href="/doctordetail/D${i}">医生 ${i} 号</a>`).join('')}</main>`;
    const body = await freezeBody(html, P);
    const raw = identityBytes(body);
    const at = (quality: number) =>
      brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } });
    expect(body.br.equals(at(BROTLI_QUALITY))).toBe(true);
    // Quality 9 costs 6–9× the CPU of 8 and 10 about 15–20× for 6 % fewer bytes (docs/bench.md "Render cost"):
    // every render and refresh pays it on the cores that render.
    expect(BROTLI_QUALITY).toBeLessThanOrEqual(8);
    expect(body.br.equals(at(10))).toBe(false);
  });

  it('drops the nonce parameter of a Link header', () => {
    expect(headerWithoutNonce(`</a.css>; rel=preload; as="style"; nonce="${P}", </b.js>; rel=preload; nonce=${P}`, P)).toBe(
      '</a.css>; rel=preload; as="style", </b.js>; rel=preload',
    );
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['gzip;q=0, *;q=0', 'identity'],
    ['', 'identity'],
    [null, 'identity'],
  ])('%s → %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});

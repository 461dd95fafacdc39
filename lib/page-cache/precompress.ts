/**
 * A rendered page made ready to be sent many times (docs/decisions.md "Cached
 * pages: script hashes instead of a nonce"):
 * 1. the render's placeholder nonce is taken out (attributes, Link headers, the
 *    RSC payload), so the body is the same for every visitor;
 * 2. its inline scripts are allowed by hash (lib/security/csp-hashes.ts);
 * 3. the body is compressed once, brotli and gzip, kept beside the raw bytes.
 * An answer then picks the encoding the browser accepts and sends the bytes
 * as they are: no per-answer compression, no per-answer copy.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib';
import { buildHashCsp } from '@/lib/security/csp-hashes';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface FrozenBody {
  /**
   * No raw bytes are kept: a page is 7–9 times its gzip, and nearly every client takes br or gzip. An answer
   * without compression is the gzip inflated when asked for (`identityBytes`), which keeps the process's memory
   * within its goal (docs/operations.md "Memory").
   */
  gzip: Buffer;
  br: Buffer;
  /** The page's Content-Security-Policy (its inline scripts by hash). */
  csp: string;
}

/** Removes every trace of the placeholder nonce from a page. */
export function withoutNonce(html: string, placeholder: string): string {
  if (!placeholder) return html;
  return html
    .split(` nonce="${placeholder}"`)
    .join('')
    .split(placeholder)
    .join('');
}

/** A Link header without the placeholder nonce parameter. */
export function headerWithoutNonce(value: string, placeholder: string): string {
  return value.replace(new RegExp(`;\\s*nonce="?${placeholder}"?`, 'g'), '').split(placeholder).join('');
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality: 8, the last before brotli's costly levels. On the home page and the doctor list (128–136 KB)
 * quality 8 takes 1.7–2.7 ms of CPU for 13.2–14.7 KB, 9 takes 15 ms, 10 takes 32–35 ms for 12.3–13.9 KB (6 %
 * fewer bytes) and 11 over 100 ms (docs/bench.md "Render cost"). Every render and every 30 s refresh of a page
 * pays it, on the same 2 cores that render: at 10 it cost about as much CPU as rendering the page.
 */
export const BROTLI_QUALITY = 8;

export async function freezeBody(html: string, placeholder: string): Promise<FrozenBody> {
  const text = withoutNonce(html, placeholder);
  const raw = Buffer.from(text, 'utf8');
  // Once per render, on libuv's thread pool: the event loop keeps answering meanwhile.
  const [br, gz] = await Promise.all([
    brotliAsync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    }),
    gzipAsync(raw, { level: 9 }),
  ]);
  return { br, gzip: gz, csp: buildHashCsp(text) };
}

/** The page's bytes without compression, for a client that takes none (a bare curl, some crawlers). */
export function identityBytes(body: FrozenBody): Buffer {
  return gunzipSync(body.gzip);
}

/**
 * The best encoding the request accepts (RFC 9110 §12.5.3): brotli, then gzip,
 * else the raw bytes. `q=0` refuses a coding; `*` stands for any not named.
 */
export function chooseEncoding(acceptEncoding: string | null): Encoding {
  if (!acceptEncoding) return 'identity';
  const q = new Map<string, number>();
  for (const item of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = item.trim().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (q.get('x-gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

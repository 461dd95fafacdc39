/**
 * Lets `next start` send the page cache's precompressed bytes as they are
 * (docs/decisions.md "Cached pages: script hashes instead of a nonce").
 *
 * Next 16 drops Content-Encoding and Content-Length from every Response that
 * proxy.ts or a route returns (next/dist/server/send-response.js, because a
 * fetch may have decoded the body), then compresses the body again with its
 * own gzip (the `compress` option). A brotli page would be gzipped a second
 * time and sent as "gzip": unreadable. So the page cache names its encoding in
 * headers of its own, and this patch, installed once per server process by
 * instrumentation.ts, turns them back into the real headers the moment Next
 * copies them onto the Node response. Next's compression then sees the body is
 * already encoded and passes it through (compression: "already encoded").
 *
 * Until the patch is installed, the page cache sends raw bytes and Next
 * compresses them per answer as before (never a mislabelled body).
 */
import { ServerResponse } from 'node:http';

/** The page cache's own names for Content-Encoding and Content-Length (never reach the browser). */
export const ENCODING_HEADER = 'x-page-cache-encoding';
export const LENGTH_HEADER = 'x-page-cache-length';

const INSTALLED = Symbol.for('shengai.page-cache.pass-through');

type HeaderValue = number | string | readonly string[];

/** True once this process translates the headers (proxy.ts and instrumentation share globalThis). */
export function passThroughInstalled(): boolean {
  return (globalThis as Record<symbol, unknown>)[INSTALLED] === true;
}

/**
 * The header that gives Node's response a body's length, once the patch is installed (else none: Next drops a
 * Content-Length). Next's compression leaves an answer under its threshold (1 KB) uncompressed only when it
 * knows the length: a small JSON read (app/session/_lib/member-read.ts) then costs no gzip that saves nothing.
 */
export function bodyLengthHeader(byteLength: number): Record<string, string> {
  return passThroughInstalled() ? { [LENGTH_HEADER]: String(byteLength) } : {};
}

/** The real header for one of ours, or null for any other header. */
export function translatedHeader(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower === ENCODING_HEADER) return 'Content-Encoding';
  if (lower === LENGTH_HEADER) return 'Content-Length';
  return null;
}

/** Patches ServerResponse so our headers become Content-Encoding/Content-Length when set. Idempotent. */
export function installPassThrough(prototype: ServerResponse = ServerResponse.prototype): void {
  if (passThroughInstalled()) return;
  const setHeader = prototype.setHeader;
  const appendHeader = prototype.appendHeader;
  prototype.setHeader = function (this: ServerResponse, name: string, value: HeaderValue) {
    const real = translatedHeader(name);
    return setHeader.call(this, real ?? name, value);
  } as typeof prototype.setHeader;
  prototype.appendHeader = function (this: ServerResponse, name: string, value: string | readonly string[]) {
    const real = translatedHeader(name);
    // Content-Encoding and Content-Length hold one value: set, never appended.
    return real ? setHeader.call(this, real, value) : appendHeader.call(this, name, value);
  } as typeof prototype.appendHeader;
  (globalThis as Record<symbol, unknown>)[INSTALLED] = true;
}

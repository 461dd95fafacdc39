/**
 * Error answers made whole where Next writes them (docs/decisions.md "Errors render on the server"), so that every
 * page is rendered once per request. In a production build a page that calls notFound() answers 404 with Next's
 * empty error shell, `<html id="__next_error__">` (the not-found UI only in the RSC payload), and a page whose
 * render throws answers the same shell with 500. The page cache swaps such shells in its own renders; the document
 * loads it does not answer (a member's page, the search, the redirect helper, a load with `Accept: *\/*`) are
 * mended here instead, on Node's response, as Next writes them:
 * - an answer whose status is 404 or 5xx and whose type is HTML is held back (it is small: an error page);
 * - at its end, if it is the empty shell (read through its Content-Encoding), the kept not-found page (404) or
 *   error page (503, Retry-After) is sent in its place, with its own hash CSP, `noindex` and `no-store`, and the
 *   answer's own cookies; anything else, a whole page, is sent as it was written.
 * Every other answer is passed on untouched from its first byte: a page streams as it did.
 * This replaced a second render of each such load on loopback (the page rendered twice per request).
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { isEmptyErrorShell, RETRY_AFTER_SECONDS } from './fallback';
import { isDocumentRequest, isPlainDocumentRequest, isRouteHandlerPath, siteVaryOfHeaders } from './policy';
import { RENDER_HEADER, fallbackPage, pageCacheEnabled, storedAnswer } from './serve';

const INSTALLED = Symbol.for('shengai.page-cache.error-mend');

/** Headers of the written answer that the whole page replaces (its body, its encoding, its nonce CSP). */
const REPLACED = ['content-type', 'content-length', 'content-encoding', 'content-security-policy', 'etag', 'vary', 'link', 'cache-control', 'x-robots-tag', 'transfer-encoding'];

function nodeHeaders(request: http.IncomingMessage): Pick<Headers, 'get' | 'has'> {
  const one = (name: string) => {
    const value = request.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  return { get: one, has: (name: string) => one(name) !== null };
}

/** A page load whose error answer needs the whole site (never the page cache's own render, which mends its own). */
export function mendsErrorsOf(request: http.IncomingMessage): boolean {
  if (request.method !== 'GET' || !pageCacheEnabled()) return false;
  if (request.headers[RENDER_HEADER] !== undefined) return false;
  const pathname = (request.url ?? '/').split('?')[0] ?? '/';
  // Route handlers answer for themselves; Next's assets are not pages.
  if (isRouteHandlerPath(pathname) || pathname.startsWith('/_next/')) return false;
  const headers = nodeHeaders(request);
  return isDocumentRequest(headers) || isPlainDocumentRequest(headers);
}

function decoded(body: Buffer, encoding: string): string | null {
  try {
    if (encoding === '' || encoding === 'identity') return body.toString('utf8');
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  } catch {
    /* not what it said it was: sent as written */
  }
  return null;
}

type WriteHead = http.ServerResponse['writeHead'];
type Write = http.ServerResponse['write'];
type End = http.ServerResponse['end'];
type Callback = (error?: Error | null) => void;

/** Holds back this response's error answer and sends the whole page in place of an empty shell. */
export function mendErrors(request: http.IncomingMessage, response: http.ServerResponse): void {
  const writeHead: WriteHead = response.writeHead;
  const write: Write = response.write;
  const end: End = response.end;
  let decided: 'pass' | 'hold' | null = null;
  let headArgs: unknown[] = [];
  const chunks: Buffer[] = [];
  const chunkOf = (chunk: unknown, encoding?: unknown): Buffer | null => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
    if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    return Buffer.from(chunk as Uint8Array);
  };

  response.writeHead = function mendingWriteHead(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (decided === 'hold') return this; // the implicit head of a later write: already held
    const type = String(this.getHeader('content-type') ?? (rest.find((r) => r && typeof r === 'object') as Record<string, unknown> | undefined)?.['content-type'] ?? '');
    if ((statusCode === 404 || statusCode >= 500) && /text\/html/i.test(type)) {
      decided = 'hold';
      this.statusCode = statusCode;
      headArgs = [statusCode, ...rest];
      return this;
    }
    // Passed on from here: the wrappers stay (Next's compression wraps them in turn), and only hand on.
    decided = 'pass';
    return Reflect.apply(writeHead, this, [statusCode, ...rest]) as http.ServerResponse;
  } as WriteHead;

  response.write = function mendingWrite(this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (decided === null) this.writeHead(this.statusCode);
    if (decided !== 'hold') return Reflect.apply(write, this, [chunk, ...rest]) as boolean;
    const bytes = chunkOf(chunk, rest[0]);
    if (bytes) chunks.push(bytes);
    const callback = rest.find((r) => typeof r === 'function') as Callback | undefined;
    if (callback) process.nextTick(callback);
    return true;
  } as Write;

  response.end = function mendingEnd(this: http.ServerResponse, ...args: unknown[]) {
    if (decided === null) this.writeHead(this.statusCode);
    if (decided !== 'hold') return Reflect.apply(end, this, args) as http.ServerResponse;
    const callback = args.find((a) => typeof a === 'function') as Callback | undefined;
    const bytes = chunkOf(args[0], args[1]);
    if (bytes) chunks.push(bytes);
    void sendMended(request, this, Buffer.concat(chunks), headArgs, { writeHead, end }).then(() => callback?.());
    return this;
  } as End;
}

async function sendMended(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  body: Buffer,
  headArgs: unknown[],
  original: { writeHead: WriteHead; end: End },
): Promise<void> {
  const status = headArgs[0] as number;
  const html = decoded(body, String(response.getHeader('content-encoding') ?? '').toLowerCase());
  const kind = html !== null && isEmptyErrorShell(html) ? (status === 404 ? 'notFound' : 'unavailable') : null;
  const page = kind ? await fallbackPage(kind, siteVaryOfHeaders(nodeHeaders(request))).catch(() => null) : null;
  if (!page || response.destroyed) {
    Reflect.apply(original.writeHead, response, headArgs);
    Reflect.apply(original.end, response, [body]);
    return;
  }
  const whole = storedAnswer(page, nodeHeaders(request).get('accept-encoding'));
  for (const name of REPLACED) response.removeHeader(name);
  for (const [name, value] of [...page.headers, ...whole.headers]) response.setHeader(name, value);
  response.setHeader('cache-control', 'no-store');
  response.setHeader('x-robots-tag', 'noindex');
  const mendedStatus = kind === 'unavailable' ? 503 : 404;
  if (mendedStatus === 503) response.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
  // Headers given to writeHead itself (not set before it) other than those replaced: its cookies, above all.
  const given = headArgs.find((a) => a && typeof a === 'object' && !Array.isArray(a)) as Record<string, string | string[]> | undefined;
  for (const [name, value] of Object.entries(given ?? {})) if (!REPLACED.includes(name.toLowerCase())) response.setHeader(name, value);
  Reflect.apply(original.writeHead, response, [mendedStatus]);
  Reflect.apply(original.end, response, [whole.bytes]);
}

/** Installs the mending on every request of this process (lib/operations/node-patches.ts). Idempotent. */
export function installErrorMend(): void {
  const g = globalThis as Record<symbol, unknown>;
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithErrorMend(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request' && args[0] instanceof http.IncomingMessage && args[1] instanceof http.ServerResponse && mendsErrorsOf(args[0])) {
      mendErrors(args[0], args[1]);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

/**
 * What the Node server refuses or mends before Next reads a request (docs/security.md "Request bodies",
 * "Broken percent-escapes", "Server actions and internal headers"). Next reads a request's whole body before
 * proxy.ts runs (it clones it for the proxy), and its route matcher throws on a broken escape outside the
 * proxy's matcher, so these checks sit at the server itself (installed from lib/operations/node-patches.ts):
 *
 * - **a body over its path's limit** (lib/limits.ts BODY_LIMITS: 256 KB under /api/, the embedded backend's; 1 MB
 *   elsewhere, Next's server-action limit; the photos and their fields on /ask and its backend call): one that declares more is answered 413 unread and its connection closed; a chunked
 *   one (or one that lies about its length) is cut as soon as it passes the limit: the rest is never kept, the
 *   answer is 413 and the connection is closed. What Next had started keeps running on the truncated body,
 *   its answer going nowhere, so nothing inside Next sees an aborted stream;
 * - **a path with a broken percent-escape** (`/share-card/doctor/%E0%A4%A.png`, `%zz.png`) outside /api/ is
 *   handed to Next as the 404 page's address, so it answers the whole 404 page (as proxy.ts does for a page);
 *   under /api/ proxy.ts answers the JSON envelope with 400;
 * - **a server action posted to a page that does not have it** (lib/security/action-owners.ts) answers 404
 *   as Next answers an unknown action, instead of Next forwarding it to the page that has it, which logged an
 *   `uncaughtException: aborted` per request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BODY_LIMITS, bodyLimitOf } from '@/lib/limits';
import { hasMalformedEscape } from './malformed-url';

/** The embedded backend's body limit (lib/backend/router.ts MAX_BODY_BYTES is this). */
export const API_BODY_LIMIT_BYTES = BODY_LIMITS.api;

/** The largest body a path takes: lib/limits.ts BODY_LIMITS (the photo upload's page and call take more). */
export { bodyLimitOf };

const TOO_LARGE = '请求内容过大';
const ACTION_NOT_FOUND = '请求的操作不存在，请刷新页面后重试';

/** The address Next is handed for a path it cannot decode (routes.notFound(): the whole 404 page). */
export const NOT_FOUND_PATH = '/404';

function answer(res: ServerResponse, url: string, status: 404 | 413, message: string, extra: Record<string, string> = {}): void {
  const api = url.startsWith('/api/');
  const body = api ? JSON.stringify({ ErrorNo: 0, ErrorInfo: message, Result: null }) : message;
  res.writeHead(status, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
    ...extra,
  });
  res.end(body);
}

/**
 * After the guard has answered, whatever Next still writes to the response goes nowhere (it would throw:
 * headers already sent, or write after end).
 */
function silence(res: ServerResponse): void {
  const self = res as unknown as Record<string, unknown>;
  for (const name of ['writeHead', 'setHeader', 'appendHeader', 'removeHeader', 'flushHeaders', 'addTrailers', 'writeContinue', 'writeEarlyHints']) {
    self[name] = function ignored(this: ServerResponse) {
      return this;
    };
  }
  self.write = () => true;
  self.end = function ended(this: ServerResponse, ...args: unknown[]) {
    const done = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    if (done) queueMicrotask(done);
    return this;
  };
}

/**
 * Counts the body as Node's parser hands it over (IncomingMessage#push) and cuts it one byte past `limit`: the
 * stream ends there, every later chunk is dropped, and the request is answered 413 with `Connection: close`.
 * The one byte over is on purpose: every reader behind (proxy.ts's action check, Next's action handler, the
 * embedded backend) refuses a body over the same limit, so none acts on a cut body; ending the stream rather
 * than destroying it leaves no reader with an aborted stream.
 */
function cutBodyAt(req: IncomingMessage, res: ServerResponse, limit: number): void {
  const push = req.push.bind(req);
  let seen = 0;
  let cut = false;
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (cut) return false;
    if (chunk !== null && chunk !== undefined) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : (chunk as Uint8Array);
      const before = seen;
      seen += bytes.byteLength;
      if (seen > limit) {
        cut = true;
        push(bytes.subarray(0, limit + 1 - before));
        if (!res.headersSent) {
          answer(res, req.url ?? '/', 413, TOO_LARGE);
          silence(res);
        }
        // Nothing more is read from this client: the answer is written, then the socket goes.
        res.once('finish', () => req.socket?.destroy());
        if (res.writableFinished) req.socket?.destroy();
        return push(null);
      }
    }
    return push(chunk, encoding);
  };
}

export interface GuardOptions {
  /** Whether the page at this path has the server action `id` (null: cannot tell, let Next decide). */
  ownsAction?: (pathname: string, id: string) => boolean | null;
}

/** Checks one request before Next sees it. Returns true when the guard answered it (Next is not to see it). */
export function guardRequest(req: IncomingMessage, res: ServerResponse, options: GuardOptions = {}): boolean {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const limit = bodyLimitOf(url);
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    answer(res, url, 413, TOO_LARGE);
    return true;
  }
  const action = req.headers['next-action'];
  if (req.method === 'POST' && typeof action === 'string' && !url.startsWith('/api/') && options.ownsAction?.(pathname, action) === false) {
    // Next's own answer to an action it does not know; the small body is read, so the connection stays sound.
    answer(res, url, 404, ACTION_NOT_FOUND, { 'x-nextjs-action-not-found': '1' });
    req.resume();
    return true;
  }
  if (!pathname.startsWith('/api/') && hasMalformedEscape(pathname)) {
    req.url = NOT_FOUND_PATH;
  }
  // A body with a declared length under the limit is what it says (Node stops at Content-Length).
  if (declared === undefined && req.method !== 'GET' && req.method !== 'HEAD') cutBodyAt(req, res, limit);
  return false;
}

const installed = globalThis as typeof globalThis & { __shengaiRequestGuard?: boolean };

/** Wraps http.Server's 'request' event so every server of the process runs the guard first. */
export async function installRequestGuard(options: GuardOptions = {}): Promise<void> {
  if (installed.__shengaiRequestGuard) return;
  installed.__shengaiRequestGuard = true;
  const http = await import('node:http');
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function patchedEmit(this: unknown, event: string | symbol, ...rest: unknown[]): boolean {
    if (event === 'request' && guardRequest(rest[0] as IncomingMessage, rest[1] as ServerResponse, options)) return true;
    return (emit as (...a: unknown[]) => boolean).apply(this, [event, ...rest]);
  } as typeof emit;
}

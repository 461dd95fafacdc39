/**
 * TRACE and other methods the site does not serve answer 405 on every path
 * (docs/security.md "Attacks on the member system"). Next hands every request
 * to a WHATWG Request, which throws for TRACE, TRACK and CONNECT: that was a
 * 500 on every path, before proxy.ts could see it. So the check sits at the
 * Node server itself (instrumentation.ts installs it once per process).
 *
 * OPTIONS outside /api/ is answered here too, 204 with Allow: Next answered it
 * with 500 for any file under public/ and 400 for a page (docs/security.md
 * "Abuse from many clients"). The site grants no cross-origin requests, so the
 * answer carries no CORS header. Under /api/ the route handlers answer OPTIONS.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the site answers: pages and the API (GET, HEAD, POST) and CORS preflight (OPTIONS). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const ALLOWED: ReadonlySet<string> = new Set(ALLOWED_METHODS);

export function isSupportedMethod(method: string | undefined): boolean {
  return ALLOWED.has((method ?? '').toUpperCase());
}

/** What a page or a file of the site answers to: GET and HEAD, and POST for the server actions. */
export const PAGE_METHODS = 'GET, HEAD, POST';

/** Answers an unsupported method with 405 and Allow, and OPTIONS outside /api/ with 204. Returns true when it answered. */
export function refuseUnsupportedMethod(req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method ?? '').toUpperCase() === 'OPTIONS' && !(req.url ?? '').startsWith('/api/')) {
    res.writeHead(204, { allow: PAGE_METHODS, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-length': '0' });
    res.end();
    return true;
  }
  if (isSupportedMethod(req.method)) return false;
  res.writeHead(405, {
    allow: ALLOWED_METHODS.join(', '),
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end('请求方法不受支持');
  return true;
}

const installed = globalThis as typeof globalThis & { __shengaiMethodGuard?: boolean };

/** Wraps http.Server's 'request' event so every server of the process answers 405 first. */
export async function installUnsupportedMethodGuard(): Promise<void> {
  if (installed.__shengaiMethodGuard) return;
  installed.__shengaiMethodGuard = true;
  const http = await import('node:http');
  const emit = http.Server.prototype.emit;
  const patched = function patchedEmit(this: unknown, event: string | symbol, ...rest: unknown[]): boolean {
    if (event === 'request' && refuseUnsupportedMethod(rest[0] as IncomingMessage, rest[1] as ServerResponse)) return true;
    return (emit as (...a: unknown[]) => boolean).apply(this, [event, ...rest]);
  };
  http.Server.prototype.emit = patched as unknown as typeof emit;
}

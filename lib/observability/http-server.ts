/**
 * The one hook into Node's HTTP server (docs/operations.md "Logs", "Metrics", "Restarts"), installed once per
 * `next start` by instrumentation.ts. Next gives no place that sees every request with its final status and
 * duration, nor the server to stop accepting on SIGTERM, so this wraps `http.Server.prototype.emit` (as
 * lib/security/peer-stamp.ts does) and, for each request:
 * - gives it a request id (nginx's X-Request-Id when it is one, else a new one) and answers with it;
 * - on its end, writes one JSON line (lib/observability/request-log.ts) and observes the duration histogram
 *   by route pattern (lib/observability/route-pattern.ts) and status;
 * - reads the page cache's outcome (x-page-cache, which lib/page-cache/serve.ts sets while this hook is
 *   installed) and keeps it from the visitor unless PAGE_CACHE_DEBUG=1.
 *
 * Draining (a release, docs/deploying.md "Zero-downtime restart"): on SIGTERM (Next leaves the signal to the
 * app with NEXT_MANUAL_SIG_HANDLE=1, set by the systemd unit and scripts/deploy-local.sh), the process
 * 1. says so on /readyz (503) and stops accepting connections: nginx's next connect is refused, so nginx
 *    retries that request on another process (any method: nothing was sent) and leaves this one alone;
 * 2. answers every request it still gets (in flight, or on a connection nginx had open) with
 *    `Connection: close`, so nginx drops each connection after its answer and never writes to one this
 *    process is closing; idle connections are left for nginx to close (its upstream keepalive_timeout, 4 s,
 *    is shorter than Node's 5 s). Closing them here instead is what dropped requests: a POST that nginx
 *    wrote on a connection as Node closed it cannot be retried;
 * 3. exits when no connection is left, or after DRAIN_TIMEOUT_SECONDS (default 20, below the unit's
 *    TimeoutStopSec), with the log flushed.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { recordPageCacheAnswer, siteMetrics } from './metrics';
import { logRequest, requestLogEnabled, requestLogger } from './request-log';
import { buildRouteMatcher, type RouteMatcher } from './route-pattern';
import { hookState, isDraining, pageCacheOutcomeObserved, type HookState } from './hook-state';

/** lib/page-cache/serve.ts PAGE_CACHE_HEADER, RENDER_HEADER (a test holds them equal). */
export const PAGE_CACHE_OUTCOME_HEADER = 'x-page-cache';
export const INTERNAL_RENDER_HEADERS = ['x-page-cache-render'] as const;
/** The health and metrics routes: neither logged nor counted as requests. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);
const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

const state = hookState;
export { isDraining, pageCacheOutcomeObserved };

const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

function observe(s: HookState, request: http.IncomingMessage, response: http.ServerResponse) {
  const started = process.hrtime.bigint();
  const pathname = (request.url ?? '/').split('?')[0] ?? '/';
  if (s.draining) response.setHeader('Connection', 'close');
  if (PROBE_PATHS.has(pathname)) return;
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  response.setHeader('X-Request-Id', id);
  const internal = INTERNAL_RENDER_HEADERS.some((h) => request.headers[h] !== undefined);

  // The page cache's outcome travels as a header Next copies onto this response: read it, and keep it
  // from the visitor unless asked for (it tells an outsider what is cached: docs/security.md).
  let cache: string | undefined;
  const { setHeader, appendHeader } = response;
  const own = (name: string, value: unknown): boolean => {
    if (name.toLowerCase() !== PAGE_CACHE_OUTCOME_HEADER) return false;
    cache = String(Array.isArray(value) ? value[0] : value);
    return !s.debugCache;
  };
  response.setHeader = function (this: http.ServerResponse, name: string, value: number | string | readonly string[]) {
    return own(name, value) ? this : setHeader.call(this, name, value);
  } as typeof response.setHeader;
  response.appendHeader = function (this: http.ServerResponse, name: string, value: string | readonly string[]) {
    return own(name, value) ? this : appendHeader.call(this, name, value);
  } as typeof response.appendHeader;

  s.inFlight.add(response);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    s.inFlight.delete(response);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = s.routeOf ? s.routeOf(pathname) : '(unmatched)';
    const method = METHODS.has(request.method ?? '') ? request.method! : 'OTHER';
    const status = response.statusCode;
    if (!internal) {
      siteMetrics().requestDuration.observe({ route, method, status: String(status) }, seconds);
      if (cache) recordPageCacheAnswer(cache);
    }
    if (s.log) {
      const bytes = Number(response.getHeader('content-length')) || undefined;
      logRequest({
        id,
        method,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        ...(cache ? { cache } : {}),
        ...(bytes ? { bytes } : {}),
        ...(response.writableFinished ? {} : { aborted: true }),
        ...(internal ? { internal: true } : {}),
      });
    }
  };
  response.once('finish', finish);
  response.once('close', finish);
}

export interface HookOptions {
  routeOf?: RouteMatcher;
  env?: Readonly<Record<string, string | undefined>>;
}

/** Installs the hook once per process (instrumentation.ts). */
export function installHttpServerHook(options: HookOptions = {}): void {
  const s = state();
  if (s.installed) return;
  const env = options.env ?? process.env;
  s.installed = true;
  s.routeOf = options.routeOf ?? buildRouteMatcher();
  s.log = requestLogEnabled(env);
  s.debugCache = env.NODE_ENV !== 'production' || env.PAGE_CACHE_DEBUG === '1';
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function hookedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'connection' || event === 'request') s.servers.add(this);
    if (event === 'request' && args[0] instanceof http.IncomingMessage && args[1] instanceof http.ServerResponse) {
      observe(s, args[0], args[1]);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

function openConnections(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)));
}

export function drainTimeoutMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const seconds = Number(env.DRAIN_TIMEOUT_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 20) * 1000;
}

/**
 * Takes this process out of rotation and waits for its connections to end (see the top of this file).
 * Resolves when none is left, or at the deadline, after closing what is left.
 */
export function startDrain(timeoutMs = drainTimeoutMs()): Promise<void> {
  const s = state();
  if (s.drained) return s.drained;
  s.draining = true;
  for (const response of s.inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
  // net.Server's close: stop listening, and leave the open connections be (http.Server's would close the idle
  // ones at once, racing nginx's next write on them).
  for (const server of s.servers) if (server.listening) net.Server.prototype.close.call(server);
  const deadline = Date.now() + timeoutMs;
  s.drained = (async () => {
    for (;;) {
      const counts = await Promise.all([...s.servers].map(openConnections));
      if (counts.every((n) => n === 0)) return;
      if (Date.now() >= deadline) {
        console.warn(`[drain] ${counts.reduce((a, b) => a + b, 0)} connection(s) still open after ${timeoutMs} ms: closing them`);
        for (const server of s.servers) server.closeAllConnections();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return s.drained;
}

/**
 * SIGTERM and SIGINT drain, then exit 0 (systemd's stop, scripts/deploy-local.sh restart). Only when Next
 * leaves the signals to the app (NEXT_MANUAL_SIG_HANDLE): otherwise Next's own handler closes idle
 * connections at once and exits, and the log says so.
 */
export function drainOnSignals(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  if (!env.NEXT_MANUAL_SIG_HANDLE) {
    if (env.NODE_ENV === 'production') {
      console.warn('[drain] NEXT_MANUAL_SIG_HANDLE is not set: on SIGTERM Next stops at once, not draining (docs/operations.md "Restarts")');
    }
    return false;
  }
  const stop = (signal: NodeJS.Signals) => {
    const startedAt = Date.now();
    console.log(`[drain] ${signal}: out of rotation, answering the requests in flight`);
    void startDrain().then(() => {
      console.log(`[drain] drained in ${Date.now() - startedAt} ms: exiting`);
      requestLogger().flush(() => process.exit(0));
      // The flush's callback never comes if stdout is gone: exit regardless.
      setTimeout(() => process.exit(0), 1000).unref();
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return true;
}

/**
 * One JSON line per request on standard output (docs/operations.md "Logs"), through pino: systemd's journal
 * keeps them on a server, .deploy/logs/next-PORT.log on the local stack. What a line holds is fixed here and
 * nothing else: time, request id, method, route pattern (never the path or its query, which may hold a
 * phone number or a code), status, duration, page-cache outcome, bytes, and whether the client went away.
 * Never a header, so never a token, a cookie or a password.
 */
import pino, { type Logger } from 'pino';

export interface RequestLine {
  id: string;
  method: string;
  route: string;
  status: number;
  /** Milliseconds from the request's arrival to the end of its answer. */
  ms: number;
  /** The page cache's answer (HIT, STALE, MISS, LAST-GOOD, FALLBACK), or absent when it did not answer. */
  cache?: string;
  bytes?: number;
  /** The client closed the connection before the answer was complete. */
  aborted?: boolean;
  /** The page cache's or a member page's own render on loopback (lib/page-cache), not a visitor's request. */
  internal?: boolean;
}

const KEY = Symbol.for('shengai.request-log');

function create(): Logger {
  return pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Asynchronous writes: a request never waits for the log (flushed on exit, lib/observability/http-server.ts).
    pino.destination({ dest: 1, sync: false }),
  );
}

export function requestLogger(): Logger {
  const g = globalThis as typeof globalThis & { [KEY]?: Logger };
  g[KEY] ??= create();
  return g[KEY];
}

/** Whether request lines are written: on under `next start`, off under `next dev` unless REQUEST_LOG=1. */
export function requestLogEnabled(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  if (env.REQUEST_LOG === '0') return false;
  return env.NODE_ENV === 'production' || env.REQUEST_LOG === '1';
}

export function logRequest(line: RequestLine): void {
  requestLogger().info(line, 'request');
}

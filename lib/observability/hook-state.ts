/**
 * The state of this process's HTTP server hook (lib/observability/http-server.ts), on globalThis so that every
 * bundle of the process (proxy.ts, the routes, instrumentation.ts) reads the same one. No imports: proxy.ts
 * and the health routes read it without pulling the hook in.
 */
import type http from 'node:http';
import type { RouteMatcher } from './route-pattern';

export interface HookState {
  installed: boolean;
  draining: boolean;
  drained?: Promise<void>;
  servers: Set<http.Server>;
  inFlight: Set<http.ServerResponse>;
  routeOf?: RouteMatcher;
  log: boolean;
  debugCache: boolean;
}

const KEY = Symbol.for('shengai.http-server-hook');

export function hookState(): HookState {
  const g = globalThis as typeof globalThis & { [KEY]?: HookState };
  g[KEY] ??= { installed: false, draining: false, servers: new Set(), inFlight: new Set(), log: false, debugCache: false };
  return g[KEY];
}

/** This process is stopping (SIGTERM): /readyz answers 503 and every answer closes its connection. */
export function isDraining(): boolean {
  return hookState().draining;
}

/** Whether the page cache should name its outcome (lib/page-cache/serve.ts): the hook reads and strips it. */
export function pageCacheOutcomeObserved(): boolean {
  return hookState().installed;
}

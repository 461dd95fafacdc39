/**
 * Runs once when a server process starts (Next's instrumentation hook). On the Node.js runtime:
 * - under `next start`, a deployment without what production needs (a strong JWT_SECRET, an API host or
 *   EMBEDDED_BACKEND=1, a known payment provider) stops with the reason and exit status 78
 *   (lib/operations/start-checks.ts, docs/operations.md);
 * - Node's HTTP classes are patched, all from lib/operations/node-patches.ts, which warns when the installed
 *   Next is outside the versions they were written for: every request is timed, counted and logged as one
 *   JSON line (lib/observability/http-server.ts); unsupported methods such as TRACE answer 405 on every path
 *   (lib/security/unsupported-methods.ts); each request is stamped with its socket's peer address
 *   (lib/security/peer-stamp.ts), which lib/security/client-address.ts reads when no trusted proxy is
 *   configured; each request may be answered with 429 by code deep inside it, a server action included
 *   (lib/security/answer-status.ts); the page cache may send its precompressed pages as they are
 *   (lib/page-cache/pass-through.ts);
 * - the metrics are served on a loopback listener of their own, never on the site's port
 *   (lib/observability/metrics-listener.ts);
 * - SIGTERM drains the process before it exits (lib/observability/http-server.ts);
 * - the server log says when the embedded backend's development aids are on (lib/backend/dev-aids.ts);
 * - with REDIS_URL, the shared connection is made and page-cache purges are heard from the start, so the
 *   first request of a new process already shares with the others (lib/shared-state/redis.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // First: a deployment that is not what production needs stops here, before it serves anyone.
  const { refuseUnsafeStart } = await import('./lib/operations/start-checks');
  await refuseUnsafeStart();
  // Every patch of Node's HTTP classes, in one place that knows the Next version it was written for.
  const { installNodePatches } = await import('./lib/operations/node-patches');
  await installNodePatches();
  const { startMetricsListener } = await import('./lib/observability/metrics-listener');
  void startMetricsListener();
  const { drainOnSignals } = await import('./lib/observability/http-server');
  drainOnSignals();
  const { announceDevAids } = await import('./lib/backend/dev-aids');
  announceDevAids();
  const { sharedRedis } = await import('./lib/shared-state/redis');
  if (sharedRedis()) {
    const { pageCacheState } = await import('./lib/page-cache/store');
    pageCacheState();
  }
}

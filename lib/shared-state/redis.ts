/**
 * The one Redis connection of a server process, for what several `next start` processes behind nginx
 * must share (ARCHITECTURE "Production"): rate limits, the single-flight token refresh, page-cache purges.
 *
 * Unset `REDIS_URL`: `sharedRedis()` is null and every caller keeps its state in its own process, which is
 * right for one process (`npm run dev`, `npm test`). Set but unreachable: commands fail fast instead of
 * queueing (no offline queue), so a caller can fall back to per-process state; the first failure of each
 * outage is logged once, and the recovery too.
 */
import Redis from 'ioredis';

interface RedisState {
  /** undefined: not asked yet; null: no REDIS_URL. */
  client: Redis | null | undefined;
  down: boolean;
}

/**
 * One connection per process, on globalThis: proxy.ts, the app's routes and instrumentation are separate
 * bundles with their own copies of this module. With a module-level client each bundle made its own, and
 * a bundle's first command found it still connecting (so a page-cache purge or a shared refresh was
 * silently done per process: the cross-process defect of docs/deploying.md).
 */
const STATE = Symbol.for('shengai.shared-redis');

function state(): RedisState {
  const g = globalThis as typeof globalThis & { [STATE]?: RedisState };
  g[STATE] ??= { client: undefined, down: false };
  return g[STATE];
}

export function sharedRedis(): Redis | null {
  const s = state();
  if (s.client !== undefined) return s.client;
  const url = process.env.REDIS_URL?.trim();
  if (!url) return (s.client = null);
  const client = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnect forever, at most every 2 s: Redis coming back ends the fallback by itself.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  s.client = client;
  client.on('error', (error: Error) => {
    if (s.down) return;
    s.down = true;
    console.error(`[redis] unreachable (${error.message}): shared state falls back to this process until it returns`);
  });
  client.on('ready', () => {
    if (!s.down) return;
    s.down = false;
    console.info('[redis] reachable again: shared state is shared again');
  });
  return client;
}

/** True while a configured Redis answers; callers use it to skip a round trip that would fail anyway. */
export function sharedRedisReady(): boolean {
  return state().client?.status === 'ready';
}

/**
 * The shared connection once it is ready, or null: without Redis, while it is known to be down (no wait,
 * the caller falls back at once), or when the first connection takes longer than `waitMs`. Only a
 * connection still being made for the first time is waited for, so a process that has just started
 * shares from its first request instead of acting alone.
 */
export async function sharedRedisWhenReady(waitMs = 2000): Promise<Redis | null> {
  const client = sharedRedis();
  if (!client) return null;
  if (client.status === 'ready') return client;
  if (state().down || (client.status !== 'wait' && client.status !== 'connecting' && client.status !== 'connect')) return null;
  return new Promise((resolve) => {
    const done = (value: Redis | null) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
      resolve(value);
    };
    const onReady = () => done(client);
    const onError = () => done(null);
    const timer = setTimeout(() => done(null), waitMs);
    client.on('ready', onReady);
    client.on('error', onError);
  });
}

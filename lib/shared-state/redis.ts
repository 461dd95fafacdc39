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

let client: Redis | null | undefined;
let down = false;

export function sharedRedis(): Redis | null {
  if (client !== undefined) return client;
  const url = process.env.REDIS_URL?.trim();
  if (!url) return (client = null);
  client = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnect forever, at most every 2 s: Redis coming back ends the fallback by itself.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    console.error(`[redis] unreachable (${error.message}): shared state falls back to this process until it returns`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    console.info('[redis] reachable again: shared state is shared again');
  });
  return client;
}

/** True while a configured Redis answers; callers use it to skip a round trip that would fail anyway. */
export function sharedRedisReady(): boolean {
  return client?.status === 'ready';
}

/**
 * Page-cache purges across `next start` processes (ARCHITECTURE "Production";
 * docs/deploying.md). An exchange changes the stock a cached product page
 * shows; purgePageCache() empties this process's cache and, with REDIS_URL,
 * publishes on one channel, so every other process empties its own. Without
 * Redis (or while it is down) the purge stays local, as with one process;
 * pages then refresh within PAGE_FRESH_MS anyway.
 */
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { sharedRedis, sharedRedisReady } from './redis';

export const PURGE_CHANNEL = 'shengai:page-cache:purge';

interface PurgeState {
  /** This process's id: its own messages are not applied twice. */
  id: string;
  subscriber: Redis | null;
}

const STATE = Symbol.for('shengai.page-cache-purge');

function state(): PurgeState {
  const g = globalThis as typeof globalThis & { [STATE]?: PurgeState };
  g[STATE] ??= { id: randomBytes(8).toString('hex'), subscriber: null };
  return g[STATE];
}

/** Subscribes once per process; `purgeHere` empties this process's cache. No-op without Redis. */
export function listenForPurges(purgeHere: () => void): void {
  const s = state();
  if (s.subscriber) return;
  const redis = sharedRedis();
  if (!redis) return;
  // A subscribed connection cannot run other commands: a second one.
  const subscriber = redis.duplicate();
  s.subscriber = subscriber;
  subscriber.on('error', () => {
    /* the shared connection logs the outage once (lib/shared-state/redis.ts) */
  });
  subscriber.on('message', (channel: string, from: string) => {
    if (channel === PURGE_CHANNEL && from !== s.id) purgeHere();
  });
  // Subscribed on every (re)connection: commands are not queued while offline (lib/shared-state/redis.ts).
  // A purge published while this process was cut off is missed, so it purges itself on reconnecting.
  subscriber.on('ready', () => {
    void subscriber.subscribe(PURGE_CHANNEL).catch(() => undefined);
    purgeHere();
  });
}

/** Tells the other processes to purge (after this one purged itself). */
export function publishPurge(): void {
  const redis = sharedRedis();
  if (!redis || !sharedRedisReady()) return;
  void redis.publish(PURGE_CHANNEL, state().id).catch(() => undefined);
}

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
import { sharedRedis, sharedRedisWhenReady } from './redis';

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

/** A purge message: who sent it and the data-cache tags the write changed. */
export interface PurgeMessage {
  from: string;
  tags: string[];
}

/** Parses a message; anything malformed counts as a purge of pages only (never throws). */
export function parsePurgeMessage(text: string): PurgeMessage {
  try {
    const value = JSON.parse(text) as Partial<PurgeMessage>;
    const tags = Array.isArray(value.tags) ? value.tags.filter((t): t is string => typeof t === 'string' && t.length <= 200).slice(0, 50) : [];
    return { from: typeof value.from === 'string' ? value.from : '', tags };
  } catch {
    return { from: text, tags: [] };
  }
}

/**
 * Subscribes once per process. `onRemote(tags)` handles another process's purge; `onReconnect` runs on
 * every (re)connection (a purge missed meanwhile). No-op without Redis.
 */
export function listenForPurges(onRemote: (tags: string[]) => void, onReconnect: () => void = () => onRemote([])): void {
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
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== PURGE_CHANNEL) return;
    const message = parsePurgeMessage(text);
    if (message.from !== s.id) onRemote(message.tags);
  });
  // Subscribed on every (re)connection: commands are not queued while offline (lib/shared-state/redis.ts).
  // A purge published while this process was cut off is missed, so it purges itself on reconnecting.
  subscriber.on('ready', () => {
    void subscriber.subscribe(PURGE_CHANNEL).catch(() => undefined);
    onReconnect();
  });
}

/** Tells the other processes to expire `tags` and purge their pages (after this one did both). */
export async function publishPurge(tags: string[] = []): Promise<void> {
  const redis = await sharedRedisWhenReady();
  if (!redis) return;
  const message: PurgeMessage = { from: state().id, tags };
  await redis.publish(PURGE_CHANNEL, JSON.stringify(message)).catch(() => undefined);
}

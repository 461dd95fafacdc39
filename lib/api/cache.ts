import 'server-only';
/**
 * Caching of public data in the fetcher, not in the page (STYLE.md §3). Each
 * cached read has a key, tags (one per list and per item, names in CACHE_TAGS)
 * and a revalidation time. Entries are served while they revalidate in the
 * background, so a page keeps answering while the API host is slow or down.
 * Member data is never cached here (ARCHITECTURE.md).
 *
 * Next keeps this data cache on disk, one file per key, and deletes nothing, so
 * nothing an anonymous request names may become a key of it (docs/security.md
 * "Abuse from many clients": every distinct keyword of the header search wrote
 * three entries, every unknown doctor code one, 2.8 GB an hour from one client):
 * - a read whose key holds text a visitor chose (a search keyword) is marked
 *   `visitorChosen` and kept only in a bounded memory, briefly;
 * - an answer that names nothing (null: an unknown or malformed id; an empty page
 *   past the first) is never written to the data cache: it is remembered in the
 *   same bounded memory, so the API host is not asked again at once.
 * What reaches the disk is bounded by the site's content: its items, lists and pages.
 */
import { unstable_cache } from 'next/cache';

/** Revalidation times, in seconds. */
export const REVALIDATE = {
  /** Lists and details that editors change during the day. */
  content: 300,
  /** Reference data: provinces, shifts, menus, agreements. */
  reference: 3600,
  /** Near-live data: online status, stock. */
  live: 30,
} as const;

/** Tag names, one module for all (STYLE.md §3). */
export const CACHE_TAGS = {
  provinces: 'provinces',
  clinics: 'clinics',
  clinic: (code: string) => `clinic:${code}`,
  doctors: 'doctors',
  doctor: (code: string) => `doctor:${code}`,
  evaluations: 'evaluations',
  questions: 'questions',
  specialties: 'specialties',
  studios: 'studios',
  illnesses: 'illnesses',
  news: 'news',
  newsItem: (id: string | number) => `news:${id}`,
  help: 'help',
  home: 'home',
  hotWords: 'hot-words',
  jobs: 'jobs',
  memberRights: 'member-rights',
  agreements: 'agreements',
  pointsGoods: 'points-goods',
  pointsItem: (sn: string) => `points-goods:${sn}`,
  messageSources: 'message-sources',
  system: 'system',
  prices: 'prices',
} as const;

/** The bounded memory: at most this many answers, each for at most this long. */
export const BOUNDED_READS = { maxEntries: 1000, ttlMs: 60_000 } as const;

interface Remembered {
  value: Promise<unknown>;
  until: number;
}

const MEMORY = Symbol.for('shengai.bounded-reads');

/** One memory per process (each route bundle has its own copy of this module). */
function memory(): Map<string, Remembered> {
  const g = globalThis as typeof globalThis & { [MEMORY]?: Map<string, Remembered> };
  g[MEMORY] ??= new Map();
  return g[MEMORY];
}

/** Forgets every remembered answer (tests). */
export function forgetBoundedReads(): void {
  memory().clear();
}

function remember(key: string, value: Promise<unknown>, ttlMs: number): void {
  const entries = memory();
  entries.delete(key);
  while (entries.size >= BOUNDED_READS.maxEntries) entries.delete(entries.keys().next().value!);
  entries.set(key, { value, until: Date.now() + ttlMs });
}

function recalled<T>(key: string): Promise<T> | undefined {
  const entry = memory().get(key);
  if (!entry) return undefined;
  if (entry.until <= Date.now()) {
    memory().delete(key);
    return undefined;
  }
  return entry.value as Promise<T>;
}

/** An answer that names nothing: an unknown item, or an empty page past the first. */
function namesNothing(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object' || !('items' in value) || !('page' in value)) return false;
  const { items, page } = value as { items: unknown; page: unknown };
  return Array.isArray(items) && items.length === 0 && typeof page === 'number' && page > 1;
}

/** Thrown through unstable_cache, which keeps nothing for a call that throws. */
class NotKept {
  constructor(readonly value: unknown) {}
}

/**
 * Runs `read` through the data cache under `key`. Results must be JSON values:
 * return null, not undefined, for "not found". `visitorChosen`: the key holds
 * text a visitor chose (a search keyword): kept in the bounded memory only.
 */
export function cachedRead<T>(
  key: readonly (string | number)[],
  read: () => Promise<T>,
  options: { tags: string[]; revalidate: number; visitorChosen?: boolean },
): Promise<T> {
  const memoryKey = JSON.stringify(key);
  const known = recalled<T>(memoryKey);
  if (known) return known;
  const ttlMs = Math.min(options.revalidate * 1000, BOUNDED_READS.ttlMs);
  if (options.visitorChosen) {
    const value = read();
    remember(memoryKey, value, ttlMs);
    // A failed read is not remembered: the next visitor asks again.
    value.catch(() => memory().delete(memoryKey));
    return value;
  }
  const kept = unstable_cache(
    async () => {
      const value = await read();
      if (namesNothing(value)) throw new NotKept(value);
      return value;
    },
    key.map(String),
    { tags: options.tags, revalidate: options.revalidate },
  );
  return kept().catch((err: unknown) => {
    if (!(err instanceof NotKept)) throw err;
    remember(memoryKey, Promise.resolve(err.value), ttlMs);
    return err.value as T;
  });
}

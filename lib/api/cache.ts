import 'server-only';
/**
 * Caching of public data in the fetcher, not in the page (STYLE.md §3). Each
 * cached read has a key, tags (one per list and per item, names in CACHE_TAGS)
 * and a revalidation time. Entries are served while they revalidate in the
 * background, so a page keeps answering while the API host is slow or down.
 * Member data is never cached here (ARCHITECTURE.md).
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

/**
 * Runs `read` through the data cache under `key`. Results must be JSON values:
 * return null, not undefined, for "not found".
 */
export function cachedRead<T>(
  key: readonly (string | number)[],
  read: () => Promise<T>,
  options: { tags: string[]; revalidate: number },
): Promise<T> {
  return unstable_cache(read, key.map(String), { tags: options.tags, revalidate: options.revalidate })();
}

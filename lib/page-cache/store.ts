/**
 * The whole-page cache's memory (docs/decisions.md): rendered pages kept without any
 * nonce, raw and precompressed, with a CSP that lists their inline scripts by
 * hash (lib/page-cache/precompress.ts, lib/page-cache/serve.ts).
 *
 * proxy.ts and the app's server actions are separate bundles in one process:
 * the state lives on globalThis under one symbol, so a write in an action
 * (purgePageCache) empties the cache that proxy.ts answers from.
 */
import { listenForPurges, publishPurge } from '@/lib/shared-state/page-cache-purge';
import type { FrozenBody } from './precompress';
import { withDeadline } from '@/lib/deadline';
import { forgetPurgeStamp, purgeDiskPages } from './disk';

export interface CachedPage {
  status: number;
  /** Response headers worth keeping, the placeholder nonce taken out (Link: …; nonce=). */
  headers: [string, string][];
  /** The body without any nonce, compressed once (lib/page-cache/precompress.ts), and its hash CSP. */
  body: FrozenBody;
  /** Bytes held: raw, gzip and brotli together. */
  bytes: number;
  renderedAt: number;
  /** When a hit should start a refresh (moved on by a failed one). */
  refreshAt: number;
}

export interface StoreLimits {
  maxEntries: number;
  maxBytes: number;
}

/** A least-recently-used map bounded by entry count and body bytes. */
export class PageStore {
  private readonly entries = new Map<string, CachedPage>();
  private totalBytes = 0;

  constructor(private readonly limits: StoreLimits) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    if (page.bytes > this.limits.maxBytes) return;
    this.entries.set(key, page);
    this.totalBytes += page.bytes;
    while (this.entries.size > this.limits.maxEntries || this.totalBytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.totalBytes -= page.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }
}

/** Limits: public pages are ~130 KB of HTML each; visitor-keyed lists get a small share. */
export const SHARED_LIMITS: StoreLimits = { maxEntries: 600, maxBytes: 64 * 1024 * 1024 };
export const PER_VISITOR_LIMITS: StoreLimits = { maxEntries: 120, maxBytes: 16 * 1024 * 1024 };
/**
 * The last good copy of each page (lib/page-cache/fallback.ts): kept across purges, answered only
 * with 503 while the page cannot be rendered. Mostly the same objects as the stores above, so it
 * holds little memory of its own until they are purged or evicted.
 */
export const LAST_GOOD_LIMITS: StoreLimits = { maxEntries: 600, maxBytes: 48 * 1024 * 1024 };

/** A random token of 128 bits in [A-Za-z0-9] (no character any encoder escapes). */
export function randomToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  // 24 × 62-way choices ≥ 128 bits; the small modulo bias does not matter for a secret this long.
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export interface PageCacheState {
  /** Proves a request is the cache's own render (header value); never leaves the server. */
  renderSecret: string;
  /** The nonce the render is given; every answer replaces it, so no browser ever sees it. */
  placeholderNonce: string;
  shared: PageStore;
  perVisitor: PageStore;
  /** The last 200 render of each page, kept across purges: answered with 503 when a render fails. */
  lastGood: PageStore;
  /** Renders under way, one per key. */
  inflight: Map<string, Promise<unknown>>;
  /** Refreshes of stale pages under way (lib/page-cache/serve.ts BACKGROUND_REFRESHES). */
  refreshing: number;
  /** Bumped by every purge: a render that started before it is not stored. */
  generation: number;
  /** After the loopback render fails to connect, pages render as usual until then. */
  unreachableUntil: number;
  /** The error pages were rendered ahead since the last purge (lib/page-cache/serve.ts `warmFallbacks`). */
  fallbacksWarm: boolean;
}

const STATE = Symbol.for('shengai.page-cache');

export function pageCacheState(): PageCacheState {
  const g = globalThis as typeof globalThis & { [STATE]?: PageCacheState };
  g[STATE] ??= {
    renderSecret: randomToken(),
    placeholderNonce: randomToken(),
    shared: new PageStore(SHARED_LIMITS),
    perVisitor: new PageStore(PER_VISITOR_LIMITS),
    lastGood: new PageStore(LAST_GOOD_LIMITS),
    inflight: new Map(),
    refreshing: 0,
    generation: 0,
    unreachableUntil: 0,
    fallbacksWarm: false,
  };
  // Several processes behind nginx: a purge in one empties them all (lib/shared-state/page-cache-purge.ts).
  listenForPurges((tags) => void purgeForOtherProcess(tags), purgeHere);
  return g[STATE];
}

/**
 * Forget every cached page: called next to updateTag when a write changes what
 * public pages show (stock after an exchange), so the writer reads its own write.
 */
export function purgePageCache(tags: string[] = []): void {
  purgeHere();
  purgeDiskPages();
  publishPurge(tags);
}

/** Where this server answers itself: `PAGE_CACHE_ORIGIN`, else loopback on the port `next start` listens on. */
export function selfOrigin(): string | null {
  if (process.env.PAGE_CACHE_ORIGIN) return process.env.PAGE_CACHE_ORIGIN;
  return process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : null;
}

/** The route that expires data-cache tags in this process (revalidateTag needs a request's context). */
export const EXPIRE_TAGS_PATH = '/session/page-cache-purge';

/**
 * Another process wrote: expire the tags it changed in this process's Next data cache first (else the
 * next render here would show the old data again), then forget the pages.
 */
async function purgeForOtherProcess(tags: string[]): Promise<void> {
  const origin = selfOrigin();
  if (tags.length > 0 && origin) {
    try {
      await withDeadline(5_000, (signal) =>
        fetch(new URL(EXPIRE_TAGS_PATH, origin), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-page-cache-render': pageCacheState().renderSecret },
          body: JSON.stringify({ tags }),
          signal,
        }),
      );
    } catch {
      // The pages are purged anyway; the data refreshes within its revalidation time.
    }
  }
  purgeHere();
}

function purgeHere(): void {
  const state = pageCacheState();
  state.generation++;
  // The stamp another process wrote, or this one's own (lib/page-cache/disk.ts).
  forgetPurgeStamp();
  state.shared.clear();
  state.perVisitor.clear();
  // A render begun before the purge is not stored (its generation) and is not shared with those who ask after it:
  // they would get the content the purge was for, or wait on a render whose page is thrown away.
  state.inflight.clear();
  // The error pages went with the shared store: the next page rendered renders them ahead again.
  state.fallbacksWarm = false;
}

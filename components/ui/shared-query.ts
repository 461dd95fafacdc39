'use client';
/**
 * One piece of per-person client data shared by every component that shows it
 * (the session, the points balance, favourite codes): fetched once, kept for
 * `staleMs`, set directly after a write, refetched on `invalidate()`. It does
 * the little that React Query did here in well under 1 KB, which keeps React
 * Query out of every page's first-load JavaScript (issue 8 budget).
 *
 * The state lives in the browser module only: on the server every render sees
 * the empty snapshot (plus the component's server-rendered `initial`), so one
 * person's data never reaches another person's render.
 */
import { useEffect, useSyncExternalStore } from 'react';

export interface SharedQueryState<T> {
  /** undefined until the first fetch (or seed) answers. */
  data: T | undefined;
  /** True while there is no data and no failure yet (the first load). */
  isPending: boolean;
}

export interface SharedQuery<T> {
  /** Subscribes; `initial` (server-rendered) seeds the data once if there is none. */
  use(initial?: T): SharedQueryState<T>;
  /** The data now (for a write that builds on it). */
  get(): T | undefined;
  set(data: T): void;
  /** Refetches now (single-flight); resolves when the new data is in. */
  invalidate(): Promise<void>;
}

export function sharedQuery<T>(fetcher: () => Promise<T>, { staleMs, retries = 1 }: { staleMs: number; retries?: number }): SharedQuery<T> {
  const EMPTY: SharedQueryState<T> = { data: undefined, isPending: true };
  let state = EMPTY;
  let updatedAt = 0;
  let inFlight: Promise<void> | null = null;
  /** Bumped by every write and forced load: an older answer is dropped. */
  let generation = 0;
  const listeners = new Set<() => void>();

  const update = (next: SharedQueryState<T>) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const set = (data: T) => {
    updatedAt = Date.now();
    // A direct write wins over an answer still on its way.
    generation++;
    update({ data, isPending: false });
  };
  /** Single-flight; `force` (an invalidation) starts over and drops an older answer. */
  const load = (force = false): Promise<void> => {
    if (inFlight && !force) return inFlight;
    const mine = ++generation;
    const run = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await fetcher();
          if (mine === generation) set(data);
          return;
        } catch {
          if (mine !== generation) return;
          if (attempt >= retries) {
            // Keep what was shown before; a first load ends as "no data".
            update({ data: state.data, isPending: false });
            return;
          }
        }
      }
    })().finally(() => {
      if (inFlight === run) inFlight = null;
    });
    inFlight = run;
    return run;
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };

  function use(initial?: T): SharedQueryState<T> {
    const snapshot = useSyncExternalStore(subscribe, () => state, () => EMPTY);
    useEffect(() => {
      if (initial !== undefined && updatedAt === 0 && !inFlight) set(initial);
      else if (Date.now() - updatedAt > staleMs) void load();
      // Mount-time only, as a query's initialData: later renders don't reseed.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    if (initial !== undefined && snapshot.data === undefined) return { data: initial, isPending: false };
    return snapshot;
  }

  return { use, get: () => state.data, set, invalidate: () => load(true) };
}

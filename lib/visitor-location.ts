/**
 * Where a visitor's address is (SPEC §2: GetAliyunCity), remembered for a while: the page cache keys the
 * province lists by it (lib/page-cache/place.ts) and the same lists read it when they render
 * (app/(care)/_lib). Both read this one memory, so a first visit asks the API host once, and a page kept
 * under a place is the page of that very answer.
 *
 * A located address is remembered LOCATION_MEMORY_MS (a city's IP ranges do not move within minutes); an
 * address that cannot be located, or a lookup that failed, LOCATION_FAILURE_MEMORY_MS, so a host in
 * trouble is not asked again for every request. Kept on globalThis: Next bundles a module once for
 * proxy.ts and once per route, and every copy in the process must share the memory.
 */
import { locateByIp, type IpLocation } from '@/lib/api/reference';
import { rememberedLookup } from '@/lib/remembered-lookup';

export const LOCATION_MEMORY_MS = 10 * 60_000;
export const LOCATION_FAILURE_MEMORY_MS = 30_000;
/** Addresses remembered at most (the oldest are forgotten first). */
export const LOCATION_MEMORY_ENTRIES = 20_000;

const MEMORY = Symbol.for('shengai.visitor-locations');
type Memory = ReturnType<typeof rememberedLookup<IpLocation>>;

function memory(): Memory {
  const shared = globalThis as typeof globalThis & { [MEMORY]?: Memory };
  shared[MEMORY] ??= rememberedLookup<IpLocation>({
    ttlMs: LOCATION_MEMORY_MS,
    failureTtlMs: LOCATION_FAILURE_MEMORY_MS,
    maxEntries: LOCATION_MEMORY_ENTRIES,
  });
  return shared[MEMORY];
}

/** What is remembered of an address now, without asking: undefined when nothing is (`locateVisitor` asks). */
export function rememberedVisitorLocation(address: string): { value: IpLocation | null } | undefined {
  return memory().known(address);
}

/** The city and point of an address, or null when it cannot be located now. */
export function locateVisitor(address: string): Promise<IpLocation | null> {
  return memory()(address, () => locateByIp(address));
}

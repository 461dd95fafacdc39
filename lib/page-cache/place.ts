/**
 * Where a visitor's address is, as the page cache keys the pages that read the IP location
 * (lib/page-cache/policy.ts `keyedByPlace`): the province and the point that GetAliyunCity gives
 * (SPEC §2), the only things of the address those pages use. Visitors of one city share one page.
 *
 * A located address is remembered for a while, so a returning visitor costs no lookup. A lookup that
 * fails or takes too long gives null, and the page is keyed by the address as before: the answer is
 * never held up longer than PLACE_LOOKUP_MS by the API host, and a failure is remembered briefly so a
 * host in trouble is not asked again for every request.
 */
import { locateByIp } from '@/lib/api/reference';
import { rememberedLookup } from '@/lib/remembered-lookup';

/** How long a located address is remembered (a city's IP ranges do not move within minutes). */
export const PLACE_MEMORY_MS = 10 * 60_000;
/** How long a failed lookup is remembered. */
export const PLACE_FAILURE_MEMORY_MS = 30_000;
/** The longest the cache waits for a lookup before keying by the address. */
export const PLACE_LOOKUP_MS = 1_500;
/** Addresses remembered at most (the oldest are forgotten first). */
export const PLACE_MEMORY_ENTRIES = 20_000;

const remembered = rememberedLookup<string>({ ttlMs: PLACE_MEMORY_MS, failureTtlMs: PLACE_FAILURE_MEMORY_MS, maxEntries: PLACE_MEMORY_ENTRIES });

export function visitorPlace(address: string): Promise<string | null> {
  return remembered(address, () => lookUp(address));
}

async function lookUp(address: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PLACE_LOOKUP_MS);
  });
  try {
    const located = await Promise.race([locateByIp(address), late]);
    return located ? `${located.provinceId}@${located.lat},${located.lng}` : null;
  } finally {
    clearTimeout(timer);
  }
}

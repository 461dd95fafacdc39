/**
 * Where a visitor's address is, as the page cache keys the pages that read the IP location
 * (lib/page-cache/policy.ts `keyedByPlace`): the province and the point that GetAliyunCity gives
 * (SPEC §2), the only things of the address those pages use. Visitors of one city share one page.
 *
 * The location comes from the memory the pages themselves read when they render (lib/visitor-location.ts),
 * so a returning visitor costs no lookup and a first one costs one. A lookup that fails or takes too long
 * gives null, and the page is keyed by the address as before: the answer is never held up longer than
 * PLACE_LOOKUP_MS by the API host.
 */
import type { IpLocation } from '@/lib/api/reference';
import { locateVisitor, rememberedVisitorLocation } from '@/lib/visitor-location';

/** The longest the cache waits for a lookup before keying by the address. */
export const PLACE_LOOKUP_MS = 1_500;

const placeOf = (located: IpLocation | null) => (located ? `${located.provinceId}@${located.lat},${located.lng}` : null);

export async function visitorPlace(address: string): Promise<string | null> {
  // A remembered address (every visit after the first) is answered at once: no timer, no race.
  const remembered = rememberedVisitorLocation(address);
  if (remembered) return placeOf(remembered.value);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PLACE_LOOKUP_MS);
  });
  try {
    return placeOf(await Promise.race([locateVisitor(address), late]));
  } finally {
    clearTimeout(timer);
  }
}

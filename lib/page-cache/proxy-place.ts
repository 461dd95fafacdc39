/**
 * The visitor's place, told to the proxy in front (deploy/: nginx), so that its micro-cache keeps the
 * pages keyed by place (lib/page-cache/policy.ts `keyedByPlace`) the way this cache keeps them:
 * visitors of one city share one copy (docs/deploying.md "Micro-cache").
 *
 * 1. For a place-keyed page, nginx first asks `VISITOR_PLACE_PATH` (an internal subrequest that nginx
 *    keeps per client address as long as the answer says: the time lib/visitor-location.ts remembers a
 *    located address, or a failed one). The answer names the place in `PLACE_HEADER`.
 * 2. nginx keys the page by that place and sends it along in the same header.
 * 3. This process allows nginx to keep the page (X-Accel-Expires) only when the place nginx keyed by is the
 *    place this page was made for (`proxyKeyedByPlace`). A header nginx did not write, a place that
 *    changed between the two requests, or a lookup that failed leaves the answer the visitor's own.
 *
 * Only behind a trusted proxy (TRUSTED_PROXY_HOPS > 0); a lone `next start` has no proxy to tell, and the
 * path is then an unknown page like any other (the site's 404).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { clientAddress, trustedProxyHops } from '@/lib/security/client-address';
import { LOCATION_FAILURE_MEMORY_MS, LOCATION_MEMORY_MS } from '@/lib/visitor-location';
import { visitorPlace } from './place';

/** The subrequest's path (nginx: `location = /__visitor-place { internal; … }`). */
export const VISITOR_PLACE_PATH = '/__visitor-place';
/** The place: in the subrequest's answer, and in the page request nginx keyed by it. */
export const PLACE_HEADER = 'x-visitor-place';
/**
 * How long the proxy in front may keep an answer, in seconds: `X-Accel-Expires`, which nginx reads before
 * Cache-Control and never passes on (a place here, a page in lib/page-cache/serve.ts).
 */
export const PROXY_CACHE_HEADER = 'x-accel-expires';

/**
 * proxy.ts: the answer of `VISITOR_PLACE_PATH`, an empty 200 whose header names the client's place; null
 * when there is no proxy in front or the request is not a read (the path is then an unknown page).
 */
export async function answerVisitorPlace(request: Pick<NextRequest, 'method' | 'headers'>): Promise<NextResponse | null> {
  if (trustedProxyHops() === 0 || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const place = await visitorPlace(clientAddress(request.headers));
  const headers = new Headers({ 'cache-control': 'no-store' });
  // nginx keeps a place as long as this process remembers it, a failure as briefly as this process does.
  headers.set(PROXY_CACHE_HEADER, String(Math.round((place ? LOCATION_MEMORY_MS : LOCATION_FAILURE_MEMORY_MS) / 1000)));
  if (place) headers.set(PLACE_HEADER, place);
  return new NextResponse(null, { status: 200, headers });
}

/** The proxy in front keyed this page request by `place`, the place the page is made for. */
export function proxyKeyedByPlace(headers: Pick<Headers, 'get'>, place: string | null): boolean {
  if (!place || trustedProxyHops() === 0) return false;
  return headers.get(PLACE_HEADER) === place;
}

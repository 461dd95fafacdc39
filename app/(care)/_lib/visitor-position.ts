import 'server-only';
import { headers } from 'next/headers';
import { knownClientAddress } from '@/lib/security/client-address';
import { locateVisitor } from '@/lib/visitor-location';
import { single, type SearchParams } from '@/lib/url-params';
import { parsePosition } from '@/components/hospitals/distance';

/**
 * The visitor's position for distances: the browser's (?lat=&lng=, optional),
 * else the IP location (GetAliyunCity), else null.
 */
export async function visitorPosition(sp: SearchParams): Promise<{ lat: number; lng: number; source: 'browser' | 'ip' } | null> {
  const fromUrl = parsePosition(single(sp.lat, 12), single(sp.lng, 12));
  if (fromUrl) return { ...fromUrl, source: 'browser' };
  const located = await locateVisitor(await visitorIp());
  return located ? { lat: located.lat, lng: located.lng, source: 'ip' } : null;
}

/** The visitor's IP by the site's one rule (lib/security/client-address.ts); a local address when unknown. */
export async function visitorIp(): Promise<string> {
  return knownClientAddress(await headers()) ?? '127.0.0.1';
}

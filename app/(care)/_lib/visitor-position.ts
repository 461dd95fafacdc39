import 'server-only';
import { headers } from 'next/headers';
import { locateByIp } from '@/lib/api/reference';
import { single, type SearchParams } from '@/lib/url-params';
import { parsePosition } from '@/components/hospitals/distance';

/**
 * The visitor's position for distances: the browser's (?lat=&lng=, optional),
 * else the IP location (GetAliyunCity), else null.
 */
export async function visitorPosition(sp: SearchParams): Promise<{ lat: number; lng: number; source: 'browser' | 'ip' } | null> {
  const fromUrl = parsePosition(single(sp.lat, 12), single(sp.lng, 12));
  if (fromUrl) return { ...fromUrl, source: 'browser' };
  const located = await locateByIp(await visitorIp());
  return located ? { lat: located.lat, lng: located.lng, source: 'ip' } : null;
}

/** The visitor's IP as the proxy in front of Next reports it (a local address when none). */
export async function visitorIp(): Promise<string> {
  const h = await headers();
  const ip = (h.get('x-forwarded-for')?.split(',')[0] ?? h.get('x-real-ip') ?? '').trim();
  return /^[0-9a-fA-F:.]{3,64}$/.test(ip) ? ip : '127.0.0.1';
}

import 'server-only';
/**
 * The visitor's address for the API host's per-IP limits: the rightmost
 * X-Forwarded-For entry of the incoming request (see lib/backend/router.ts
 * clientIp for why the rightmost), or undefined when it is not an address.
 */
import { isIP } from 'node:net';
import { headers } from 'next/headers';

export function clientIpFrom(forwardedFor: string | null, realIp: string | null): string | undefined {
  const last = (forwardedFor ?? '').split(',').map((e) => e.trim()).filter(Boolean).at(-1) ?? realIp?.trim() ?? '';
  return isIP(last) ? last : undefined;
}

export async function requestClientIp(): Promise<string | undefined> {
  const h = await headers();
  return clientIpFrom(h.get('x-forwarded-for'), h.get('x-real-ip'));
}

import 'server-only';
/**
 * Same-origin check for the actions and route handlers that change data
 * (SPEC §4). Next.js also compares Origin and Host for server actions; this
 * makes the rule explicit and covers route handlers too.
 */
import { headers } from 'next/headers';
import { requestHost } from '@/lib/security/trusted-proxy';

export function isSameOrigin(origin: string | null, host: string | null): boolean {
  if (!origin || !host) return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

export async function requestIsSameOrigin(): Promise<boolean> {
  const h = await headers();
  // A client-sent X-Forwarded-Host is ignored unless a trusted proxy wrote it (TRUSTED_PROXY_HOPS).
  return isSameOrigin(h.get('origin'), requestHost(h));
}

import 'server-only';
/**
 * Same-origin check for the actions and route handlers that change data
 * (issue 6). Next.js also compares Origin and Host for server actions; this
 * makes the rule explicit and covers route handlers too.
 */
import { headers } from 'next/headers';

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
  return isSameOrigin(h.get('origin'), h.get('x-forwarded-host') ?? h.get('host'));
}

/**
 * Headers that only a trusted reverse proxy may write (docs/security.md). The number of trusted hops is
 * read in one place, lib/security/client-address.ts (env TRUSTED_PROXY_HOPS, default 0: a client's own
 * X-Forwarded-* headers count for nothing).
 */
import { trustedProxyHops } from './client-address';

export { trustedProxyHops };

/**
 * The host the browser addressed: Host, or with a trusted proxy the
 * X-Forwarded-Host entry that proxy wrote (the hops-th from the right).
 */
export function requestHost(headers: Headers, env: Record<string, string | undefined> = process.env): string | null {
  const hops = trustedProxyHops(env);
  if (hops > 0) {
    const entries = (headers.get('x-forwarded-host') ?? '').split(',').map((e) => e.trim()).filter(Boolean);
    const written = entries.at(-hops) ?? entries[0];
    if (written) return written;
  }
  return headers.get('host');
}

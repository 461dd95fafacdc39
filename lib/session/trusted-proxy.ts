/**
 * How many reverse proxies in front of the site are trusted to set the
 * X-Forwarded-* headers (env TRUSTED_PROXY_HOPS, default 0: none, so a
 * client's own X-Forwarded-Host counts for nothing). docs/security.md.
 */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.TRUSTED_PROXY_HOPS ?? '0');
  return Number.isInteger(n) && n > 0 ? Math.min(n, 10) : 0;
}

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

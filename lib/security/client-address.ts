/**
 * The one place that decides who the client is (docs/security.md "Attacks on the member system:
 * backend"). Every per-client limit (password login, SMS, hot words) and every visitor-address
 * lookup (IP location) reads the address here, under one rule:
 *
 * - `TRUSTED_PROXY_HOPS` (default 0) is how many reverse proxies in front of `next start` append to
 *   X-Forwarded-For. With 0, a client's own X-Forwarded-For counts for nothing: the address is the
 *   socket's peer, stamped on the request by `stampPeerAddress` (instrumentation.ts), overwriting
 *   anything a client sent under that name. With N hops the address is the Nth entry from the right,
 *   the one the outermost trusted proxy wrote; entries further left are whatever the client claimed.
 * - The site's own server forwards a visitor's address to itself (the embedded backend called
 *   in-process, the page cache's loopback render) under `SITE_CLIENT_HEADER`, trusted only with the
 *   per-process secret of `SITE_SECRET_HEADER`. A browser cannot know the secret, so it cannot choose
 *   the address that its limits are counted under.
 *
 * Imports nothing from Next, so lib/backend may use it.
 */
import crypto from 'node:crypto';
import { isIP } from 'node:net';
import { ADDRESS_BLOCKS } from '@/lib/limits';

/** The socket's peer, as stamped by `stampPeerAddress` (a client-sent value is overwritten). */
export const PEER_HEADER = 'x-shengai-peer';
/** A visitor's address forwarded by the site's own server, with `SITE_SECRET_HEADER`. */
export const SITE_CLIENT_HEADER = 'x-shengai-client';
/** The per-process secret that marks a request as made by the site's own server. */
export const SITE_SECRET_HEADER = 'x-shengai-site-secret';
/** Every request whose address is not known counts under this one name (never a way around a limit). */
export const UNKNOWN_ADDRESS = 'unknown';

type HeaderSource = Pick<Headers, 'get'>;

/** TRUSTED_PROXY_HOPS: the number of reverse proxies that append to X-Forwarded-For (default 0, at most 10). */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.TRUSTED_PROXY_HOPS ?? '0');
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/**
 * The signed device token the site keeps in a cookie for a browser that has logged in (lib/session/device.ts),
 * sent by the site's server on its calls to the API host. The API host alone can read it: it signed it
 * (lib/backend/device-tokens.ts).
 */
export const DEVICE_HEADER = 'x-device-token';

/** An IPv4 or IPv6 address in its usual text form, or undefined. `::ffff:1.2.3.4` becomes `1.2.3.4`. */
export function normalizeAddress(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim().replace(/^\[(.*)\]$/, '$1');
  if (!v || v.length > 64 || !isIP(v)) return undefined;
  return v.toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}

const globalForSecret = globalThis as typeof globalThis & { __shengaiSiteSecret?: string };

/**
 * The per-process secret of the site's own forwarded requests. Kept on globalThis: Next bundles a
 * module once per route, and every copy in the process must agree.
 */
export function siteSecret(): string {
  globalForSecret.__shengaiSiteSecret ??= crypto.randomBytes(24).toString('base64url');
  return globalForSecret.__shengaiSiteSecret;
}

/** True when the request carries this process's secret (a constant-time comparison). */
export function isFromSite(headers: HeaderSource): boolean {
  const sent = headers.get(SITE_SECRET_HEADER);
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(siteSecret());
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Headers for a request of the site's own server that speaks for a visitor (the address may be unknown). */
export function siteForwardHeaders(address: string | undefined): Record<string, string> {
  return { [SITE_SECRET_HEADER]: siteSecret(), [SITE_CLIENT_HEADER]: normalizeAddress(address) ?? UNKNOWN_ADDRESS };
}

/**
 * The client's address. Order: the site's own forwarded address (only with the secret), then the
 * trusted proxies' X-Forwarded-For entry (only with TRUSTED_PROXY_HOPS > 0), then the socket's peer.
 * `UNKNOWN_ADDRESS` when none is an address.
 */
export function clientAddress(headers: HeaderSource, socketAddress?: string | null): string {
  if (isFromSite(headers)) return normalizeAddress(headers.get(SITE_CLIENT_HEADER)) ?? UNKNOWN_ADDRESS;
  const hops = trustedProxyHops();
  if (hops > 0) {
    const entries = (headers.get('x-forwarded-for') ?? '').split(',').map((e) => e.trim());
    const entry = entries.length >= hops ? entries[entries.length - hops] : undefined;
    return normalizeAddress(entry) ?? UNKNOWN_ADDRESS;
  }
  return normalizeAddress(socketAddress ?? headers.get(PEER_HEADER)) ?? UNKNOWN_ADDRESS;
}

/** The same, undefined when unknown (for callers that forward an address only when there is one). */
export function knownClientAddress(headers: HeaderSource, socketAddress?: string | null): string | undefined {
  const address = clientAddress(headers, socketAddress);
  return address === UNKNOWN_ADDRESS ? undefined : address;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part becomes two), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The key every per-client limit counts under (docs/security.md "Per client, per phone, then the site"): an
 * IPv4 address as it is, an IPv6 address by its /64. One subscriber is given a whole /64 (2^64 addresses),
 * so keying each address separately would hand one client unlimited fresh allowances.
 */
export function limitKey(address: string): string {
  if (!address.includes(':') || isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The client's limit key by the site's one rule: `limitKey(clientAddress(...))`. */
export function clientLimitKey(headers: HeaderSource, socketAddress?: string | null): string {
  return limitKey(clientAddress(headers, socketAddress));
}

/** An IPv6 address's groups cut to `prefix` bits, as text (`2001:db8:1::/48`). */
function ipv6Prefix(groups: number[], prefix: number): string {
  const kept = groups.map((g, i) => {
    const bits = Math.max(0, Math.min(16, prefix - i * 16));
    return bits === 0 ? 0 : g & (0xffff << (16 - bits)) & 0xffff;
  });
  const head = kept.slice(0, Math.ceil(prefix / 16)).map((g) => g.toString(16));
  return `${head.join(':')}::/${prefix}`;
}

/** A block of addresses that counts as one client besides each address (lib/limits.ts ADDRESS_BLOCKS). */
export interface AddressBlock {
  key: string;
  /** The block's allowance is the client's allowance times this. */
  factor: number;
}

/**
 * The blocks an address belongs to (docs/security.md "Blocks of addresses"): an IPv4 address's /24, an IPv6
 * address's /48 and /24. None for an unknown address (it already counts under one name).
 */
export function addressBlocks(address: string): AddressBlock[] {
  const family = isIP(address);
  if (family === 4) {
    const [a, b, c] = address.split('.');
    return ADDRESS_BLOCKS.filter((block) => block.family === 4).map((block) => ({ key: `${a}.${b}.${c}.0/${block.prefix}`, factor: block.factor }));
  }
  const groups = family === 6 ? ipv6Groups(address) : null;
  if (!groups) return [];
  return ADDRESS_BLOCKS.filter((block) => block.family === 6).map((block) => ({ key: ipv6Prefix(groups, block.prefix), factor: block.factor }));
}

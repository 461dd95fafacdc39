/**
 * Per-client limits of the site's own GET routes (docs/security.md "Abuse from many clients"): each of these
 * costs the server something a client chooses (a search over the lists, a card to look up or draw, a row on the
 * API host), so one client gets a share and no more. Counted in this process, or in Redis with REDIS_URL
 * (several `next start` processes share the count, lib/shared-state/redis.ts), per client by the site's one rule
 * (lib/security/client-address.ts; an IPv6 address by its /64). A refusal is 429 with Retry-After and a Chinese
 * message. RATE_LIMIT_SCALE multiplies every allowance, as it does the API's (the browser tests raise it).
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedRedis } from '@/lib/shared-state/redis';
import { LIMITS, limitSeconds, type RouteLimitName } from '@/lib/limits';
import { clientLimitKey } from './client-address';

/**
 * The route limits are the `route` rows of the one table of limits (lib/limits.ts): `searchSuggestions`
 * (GET /search-suggestions), `shareCard` (a card to look up or draw: a stored card a page links is a file read,
 * never limited, since a link previewer fetches many from few addresses) and `imageCode`
 * (GET /session/image-code, one per SMS send that asks for it).
 */
export type { RouteLimitName };

function scale(): number {
  const n = Number(process.env.RATE_LIMIT_SCALE ?? '1');
  return Number.isFinite(n) && n >= 1 && n <= 100_000 ? Math.floor(n) : 1;
}

const LIMITERS = Symbol.for('shengai.route-limits');

/** One limiter per rule and process, on globalThis: every route bundle must count in the same place. */
function limiter(name: RouteLimitName): RateLimiterAbstract {
  const g = globalThis as typeof globalThis & { [LIMITERS]?: Map<string, RateLimiterAbstract> };
  const limiters = (g[LIMITERS] ??= new Map());
  const key = `${name}:${scale()}`;
  let found = limiters.get(key);
  if (!found) {
    const base = { keyPrefix: `route:${name}`, points: LIMITS[name].allowance * scale(), duration: limitSeconds(name) };
    const memory = new RateLimiterMemory(base);
    const redis = sharedRedis();
    found = redis ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: memory, rejectIfRedisNotReady: true }) : memory;
    limiters.set(key, found);
  }
  return found;
}

/**
 * Spends one request of `name` for the request's client. Null when allowed, else the 429 to answer. A store
 * fault counts as allowed: a broken counter must not close the site.
 */
export async function refuseOverLimit(name: RouteLimitName, request: Pick<Request, 'headers'>): Promise<Response | null> {
  const wait = await secondsOverLimit(name, request.headers);
  if (wait === null) return null;
  return Response.json({ error: LIMITS[name].message }, { status: 429, headers: { 'retry-after': String(wait), 'cache-control': 'no-store' } });
}

/** Spends one request of `name` for the client: null when allowed, else the seconds until it is (Retry-After). */
export async function secondsOverLimit(name: RouteLimitName, headers: Pick<Headers, 'get'>): Promise<number | null> {
  try {
    await limiter(name).consume(clientLimitKey(headers));
    return null;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) return null;
    return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
  }
}

/** Forgets every count (tests). */
export function resetRouteLimits(): void {
  (globalThis as typeof globalThis & { [LIMITERS]?: Map<string, RateLimiterAbstract> })[LIMITERS]?.clear();
}

/**
 * The embedded backend's throttles (docs/security.md "Attacks on the member system: backend"), with
 * rate-limiter-flexible: counted in this process by default, in Redis when REDIS_URL is set (one count
 * for several `next start` processes, lib/shared-state/redis.ts). While a configured Redis is
 * unreachable every limiter falls back to an in-memory insurance limiter (per process), and the
 * server log says so once per outage.
 *
 * Each guarded call is limited per client (the address from lib/security/client-address.ts, which a
 * client cannot choose; an IPv6 address by its /64), per phone where there is one, and by a ceiling over
 * the whole site. The order is the point (docs/security.md "Per client, per phone, then the site"): the
 * per-client and per-phone limits are checked and spent first, and the site-wide ceiling is charged only
 * for a request that passed them, so one client's refused requests never spend everyone's allowance. A
 * client that has proven the phone before (known-clients.ts) is charged to the ceiling but never refused
 * by it (`charge`): strangers cannot close the site to a member. A refusal is a TooManyRequests: HTTP 429
 * with Retry-After.
 * RATE_LIMIT_SCALE (default 1) multiplies every allowance: the browser tests, which send everything
 * from one address, raise it; the rules themselves are unit-tested at scale 1.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedRedis, sharedRedisReady } from '@/lib/shared-state/redis';
import { recordThrottleRefusal } from '@/lib/observability/metrics';
import { LIMITS, limitSeconds, type ThrottleLimitName } from '@/lib/limits';
import { TooManyRequests } from './errors';

/** A throttle is a `throttle` row of the one table of limits (lib/limits.ts): its allowance, window and message. */
export type ThrottleName = ThrottleLimitName;

export function rateLimitScale(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const n = Number(env.RATE_LIMIT_SCALE ?? '1');
  return Number.isFinite(n) && n >= 1 && n <= 100_000 ? Math.floor(n) : 1;
}

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`;
}

let outageLogged = false;

export interface Throttles {
  /** Spends one action of `name` for `key`; refuses with the rule's message when none is left. */
  consume(name: ThrottleName, key: string): Promise<void>;
  /**
   * Spends one action of `name` for `key` without ever refusing: a site-wide ceiling charged for a client
   * that has proven the phone before, which strangers must not be able to shut out.
   */
  charge(name: ThrottleName, key: string): Promise<void>;
  /** Whether `key` has used up `name` (spends nothing); a refusal to throw when it has (`refuse`). */
  exhausted(name: ThrottleName, key: string): Promise<TooManyRequests | null>;
  /** Gives back one action (a correct password gives back what its attempt spent). */
  reward(name: ThrottleName, key: string): Promise<void>;
  /** Forgets what `key` has spent (a reset password makes the guesses at the old one count for nothing). */
  forget(name: ThrottleName, key: string): Promise<void>;
}

/**
 * One set of limiters. The embedded backend makes one per backend (tests get fresh counts);
 * with Redis, processes share the counts through the key prefix.
 */
export function createThrottles(options: { scale?: number; log?: (line: string) => void; redis?: boolean } = {}): Throttles {
  const scale = options.scale ?? rateLimitScale();
  const log = options.log ?? ((line: string) => console.warn(line));
  const redis = options.redis === false ? null : sharedRedis();
  const limiters = new Map<ThrottleName, RateLimiterAbstract>();

  function limiter(name: ThrottleName): RateLimiterAbstract {
    let found = limiters.get(name);
    if (found) return found;
    const base = { keyPrefix: `throttle:${name}`, points: LIMITS[name].allowance * scale, duration: limitSeconds(name) };
    const memory = new RateLimiterMemory(base);
    found = redis ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: memory, rejectIfRedisNotReady: true }) : memory;
    limiters.set(name, found);
    return found;
  }

  function noteOutage() {
    if (!redis) return;
    if (sharedRedisReady()) {
      outageLogged = false;
    } else if (!outageLogged) {
      outageLogged = true;
      log('[throttle] Redis unreachable: rate limits count per process until it returns');
    }
  }

  function refusal(name: ThrottleName, msBeforeNext: number): TooManyRequests {
    recordThrottleRefusal(name);
    return new TooManyRequests(LIMITS[name].message.replace('{wait}', waitText(msBeforeNext)), msBeforeNext / 1000);
  }

  return {
    async consume(name, key) {
      noteOutage();
      try {
        await limiter(name).consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw refusal(name, rejection.msBeforeNext);
        // A store fault with no insurance left: count it as allowed rather than refusing everyone, and say so.
        log(`[throttle] ${name} could not count: ${rejection instanceof Error ? rejection.message : String(rejection)}`);
      }
    },
    async charge(name, key) {
      noteOutage();
      try {
        await limiter(name).penalty(key, 1);
      } catch (fault) {
        log(`[throttle] ${name} could not count: ${fault instanceof Error ? fault.message : String(fault)}`);
      }
    },
    async exhausted(name, key) {
      noteOutage();
      try {
        const res = await limiter(name).get(key);
        return res !== null && res.remainingPoints <= 0 ? refusal(name, res.msBeforeNext) : null;
      } catch {
        return null;
      }
    },
    async reward(name, key) {
      try {
        await limiter(name).reward(key);
      } catch {
        /* nothing to give back */
      }
    },
    async forget(name, key) {
      try {
        await limiter(name).delete(key);
      } catch {
        /* nothing to forget */
      }
    },
  };
}

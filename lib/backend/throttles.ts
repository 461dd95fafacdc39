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
 * with Retry-After. A spent site-wide ceiling, or a spent block of addresses (counted here with `factor`
 * times the allowance), does not refuse a stranger either: the handlers turn its refusal into a proof-of-work
 * challenge (proof.ts, docs/security.md "The slower path: a proof of work").
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
  /**
   * Spends one action of `name` for `key`; refuses with the rule's message when none is left (the refusal's
   * `pressure` says how far past the allowance the key is). `factor` multiplies the allowance: the limits of a
   * block of addresses (lib/limits.ts ADDRESS_BLOCKS) count under a limiter of their own.
   */
  consume(name: ThrottleName, key: string, factor?: number): Promise<void>;
  /**
   * Spends one action of `name` for `key` without ever refusing: a site-wide ceiling charged for a client
   * that has proven the phone before, which strangers must not be able to shut out.
   */
  charge(name: ThrottleName, key: string, factor?: number): Promise<void>;
  /** Whether `key` has used up `name` (spends nothing); a refusal to throw when it has (`refuse`). */
  exhausted(name: ThrottleName, key: string, factor?: number): Promise<TooManyRequests | null>;
  /** Gives back one action (a correct password gives back what its attempt spent). */
  reward(name: ThrottleName, key: string, factor?: number): Promise<void>;
  /**
   * True the first time `id` is spent within `seconds`, false ever after (a solved proof of work is good for
   * one request: lib/backend/proof.ts). Kept where the counts are: Redis with REDIS_URL, shared by processes.
   */
  spendOnce(id: string, seconds: number): Promise<boolean>;
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
  const limiters = new Map<string, RateLimiterAbstract>();

  function make(keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
    const base = { keyPrefix, points, duration };
    const memory = new RateLimiterMemory(base);
    return redis ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: memory, rejectIfRedisNotReady: true }) : memory;
  }

  function limiter(name: ThrottleName, factor = 1): RateLimiterAbstract {
    const id = factor === 1 ? name : `${name}:x${factor}`;
    let found = limiters.get(id);
    if (found) return found;
    found = make(`throttle:${id}`, LIMITS[name].allowance * scale * factor, limitSeconds(name));
    limiters.set(id, found);
    return found;
  }

  /** Spent ids, per lifetime (one limiter of one point each). */
  function spentIds(seconds: number): RateLimiterAbstract {
    const id = `spent:${seconds}`;
    let found = limiters.get(id);
    if (!found) {
      found = make(`proof-spent:${seconds}`, 1, seconds);
      limiters.set(id, found);
    }
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

  function refusal(name: ThrottleName, msBeforeNext: number, pressure = 1): TooManyRequests {
    recordThrottleRefusal(name);
    const refused = new TooManyRequests(LIMITS[name].message.replace('{wait}', waitText(msBeforeNext)), msBeforeNext / 1000);
    refused.pressure = pressure;
    return refused;
  }

  return {
    async consume(name, key, factor = 1) {
      noteOutage();
      try {
        await limiter(name, factor).consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw refusal(name, rejection.msBeforeNext, rejection.consumedPoints / (LIMITS[name].allowance * scale * factor));
        }
        // A store fault with no insurance left: count it as allowed rather than refusing everyone, and say so.
        log(`[throttle] ${name} could not count: ${rejection instanceof Error ? rejection.message : String(rejection)}`);
      }
    },
    async charge(name, key, factor = 1) {
      noteOutage();
      try {
        await limiter(name, factor).penalty(key, 1);
      } catch (fault) {
        log(`[throttle] ${name} could not count: ${fault instanceof Error ? fault.message : String(fault)}`);
      }
    },
    async exhausted(name, key, factor = 1) {
      noteOutage();
      try {
        const res = await limiter(name, factor).get(key);
        return res !== null && res.remainingPoints <= 0 ? refusal(name, res.msBeforeNext) : null;
      } catch {
        return null;
      }
    },
    async reward(name, key, factor = 1) {
      try {
        await limiter(name, factor).reward(key);
      } catch {
        /* nothing to give back */
      }
    },
    async spendOnce(id, seconds) {
      noteOutage();
      try {
        await spentIds(seconds).consume(id);
        return true;
      } catch (rejection) {
        // Spent before, or a store that cannot say: a proof that cannot be shown unspent is not accepted.
        if (!(rejection instanceof RateLimiterRes)) log(`[throttle] spent proofs could not be read: ${rejection instanceof Error ? rejection.message : String(rejection)}`);
        return false;
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

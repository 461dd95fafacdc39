/**
 * One token refresh per refresh token across every `next start` process
 * (ARCHITECTURE "Production"; docs/deploying.md). SPEC §8: the host rotates the
 * refresh token and treats a rotated one used again as theft, revoking the
 * family. Behind nginx two processes may receive the same expiring cookie at
 * once (a page and its server action); without a shared flight both refresh
 * and the second logs the member out.
 *
 * With Redis (REDIS_URL): the first process takes a lock (SET NX PX) and
 * refreshes; the others wait for its result, stored for a minute so late
 * requests carrying the old cookie get the same new pair. The result is
 * encrypted with a key derived from the old refresh token (AES-256-GCM), and
 * the Redis key is a hash of it: only a holder of that token can read the new
 * one, and Redis never holds a usable token in clear.
 *
 * Without Redis, or while it is down, `run` is called directly: the process's
 * own single flight (lib/api/token-client.ts) covers one process, as before.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sharedRedis, sharedRedisWhenReady } from './redis';

/** How a result or a definitive failure travels between processes. */
export interface FlightCodec<T> {
  /** A failure every waiter should get too (e.g. the host refused the token), or null for a transient one. */
  shareError(err: unknown): Record<string, unknown> | null;
  /** The error a waiter throws for a shared failure. */
  errorFrom(shared: Record<string, unknown>): Error;
  /** Type check of a decoded success. */
  isValue(value: unknown): value is T;
}

const LOCK_MS = 10_000;
const RESULT_MS = 60_000;
const FAILURE_MS = 5_000;
const POLL_MS = 25;

function keyOf(token: string): string {
  return `shengai:refresh:${createHash('sha256').update(`key\n${token}`).digest('hex')}`;
}

function cipherKey(token: string): Buffer {
  return createHash('sha256').update(`cipher\n${token}`).digest();
}

export function sealFor(token: string, payload: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openWith(token: string, sealed: string): unknown {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey(token), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
}

/** The outcome stored for waiters: the value, or a failure they share. */
type Outcome = { ok: unknown } | { fail: Record<string, unknown> };

function settle<T>(outcome: Outcome, codec: FlightCodec<T>): T {
  if ('fail' in outcome) throw codec.errorFrom(outcome.fail);
  if (!codec.isValue(outcome.ok)) throw new Error('shared refresh: malformed result');
  return outcome.ok;
}

/** Runs `run` once for this refresh token across processes when Redis is shared; else runs it here. */
export async function refreshAcrossProcesses<T>(token: string, run: () => Promise<T>, codec: FlightCodec<T>): Promise<T> {
  const redis = await sharedRedisWhenReady();
  if (!redis) return run();
  const key = keyOf(token);
  const deadline = Date.now() + LOCK_MS;
  try {
    while (Date.now() < deadline) {
      const stored = await command(() => redis.get(`${key}:result`));
      if (stored !== null) return settle(openWith(token, stored) as Outcome, codec);
      const owner = randomBytes(8).toString('hex');
      if ((await command(() => redis.set(`${key}:lock`, owner, 'PX', LOCK_MS, 'NX'))) === 'OK') {
        // The lock may be free because its holder has just finished: between the read of the result above and
        // this lock, it stored the pair and let the lock go. Refreshing now would send the rotated token again,
        // which the host takes as theft (SPEC §8), so the result is read once more under the lock.
        const late = await command(() => redis.get(`${key}:result`));
        if (late !== null) {
          await release(key, owner);
          return settle(openWith(token, late) as Outcome, codec);
        }
        return await lead(token, key, owner, run, codec);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (err) {
    if (!isRedisFault(err)) throw err;
    // Redis failed mid-way (logged once by lib/shared-state/redis.ts): this process refreshes on its own.
    return run();
  }
  throw new Error('shared refresh: another process held the refresh for too long');
}

class RedisFault extends Error {}
function isRedisFault(err: unknown): boolean {
  return err instanceof RedisFault;
}

/** A Redis command whose failure is told apart from the refresh's own. */
async function command<R>(call: () => Promise<R>): Promise<R> {
  try {
    return await call();
  } catch (err) {
    throw new RedisFault(err instanceof Error ? err.message : String(err));
  }
}

async function lead<T>(token: string, key: string, owner: string, run: () => Promise<T>, codec: FlightCodec<T>): Promise<T> {
  const redis = sharedRedis()!;
  let outcome: Outcome | null = null;
  try {
    const value = await run();
    outcome = { ok: value };
    return value;
  } catch (err) {
    const shared = codec.shareError(err);
    if (shared) outcome = { fail: shared };
    throw err;
  } finally {
    // Best effort: a Redis fault here only means waiters retry after the lock expires.
    try {
      if (outcome) await redis.set(`${key}:result`, sealFor(token, outcome), 'PX', 'ok' in outcome ? RESULT_MS : FAILURE_MS);
    } catch {
      /* logged by redis.ts */
    }
    await release(key, owner);
  }
}

/** Lets the lock go if this caller still holds it (best effort: otherwise it expires after LOCK_MS). */
async function release(key: string, owner: string): Promise<void> {
  const redis = sharedRedis();
  try {
    if (redis && (await redis.get(`${key}:lock`)) === owner) await redis.del(`${key}:lock`);
  } catch {
    /* logged by redis.ts */
  }
}

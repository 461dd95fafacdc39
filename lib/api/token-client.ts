import 'server-only';
/**
 * The SPEC §8 token lifecycle around the contract client (ARCHITECTURE "The
 * contract client"):
 * - 4002 (access token expired): every waiting call queues behind ONE refresh
 *   (single-flight, keyed by the refresh token, shared across requests of the
 *   process), then is replayed once. Without a refresh token a new visitor
 *   token is taken instead. A 4002 means the host refused before acting, so
 *   replaying a write there is not a retry of a write that may have happened.
 * - 4003 / 4001 / 4004: store.clear(), take a visitor token, throw
 *   SessionResetError (the UI reloads).
 * - 4029: the ApiError is thrown as is (the UI shows ErrorInfo for 5 s); the
 *   third within 2 s resets the session as for 4003.
 * - The visitor-token request is allowed once before blocking (SPEC §9).
 * - Writes are never retried on network faults (client.ts).
 */
import { RATE_LIMIT_RESET_COUNT, RATE_LIMIT_RESET_WINDOW_MS } from '@/lib/constants';
import { type CallArgs, type EndpointPath, ErrorNo, type FieldsOf, type ResultOf } from '@/lib/contract';
import { messages } from '@/lib/messages';
import { refreshAcrossProcesses, type FlightCodec } from '@/lib/shared-state/refresh-flight';
import { getVisitorToken, refreshTokens, type IssuedTokens } from './auth';
import { post, type RequestOptions } from './client';
import { ApiError, isApiError } from './errors';
import { recordTokenRefresh, type RefreshOutcome } from '@/lib/observability/metrics';
import type { AuthedClient, TokenStore } from './types';

export const RESET_ERROR_NOS: ReadonlySet<number> = new Set<number>([ErrorNo.UNAUTHORIZED, ErrorNo.REFRESH_EXPIRED, ErrorNo.VIP_NOT_BOUND]);

/** SPEC §8: the session was reset (4003/4001/4004, or 4029 three times in 2 s); the page must reload. */
export class SessionResetError extends Error {
  constructor(
    readonly errorNo: number,
    readonly errorInfo: string,
    readonly path: string,
  ) {
    super(`${path}: session reset after ${errorNo} ${errorInfo}`);
    this.name = 'SessionResetError';
  }
}

export function isSessionResetError(err: unknown): err is SessionResetError {
  return err instanceof SessionResetError;
}

/**
 * Refreshes in flight, and those just done, keyed by the refresh token used.
 * A browser that sends several requests with the same (about to be rotated)
 * cookie gets the same new pair instead of replaying a rotated token, which
 * the host would treat as theft and revoke the family.
 * - A done refresh is kept RECENT_REFRESH_MS, and forgotten at once on logout
 *   and on any refusal of its tokens (forgetRefresh), so a revoked refresh
 *   token replayed inside that window gets nothing (docs/security.md).
 * - A refresh that failed on the network (a hanging or down host) is kept
 *   FAILED_REFRESH_MS, so proxy.ts and the page that follows it wait for one
 *   timeout, not two. A refusal by the host is never kept.
 * The shape (get, set, delete by key) is a plain key-value store on purpose,
 * so it can move behind a shared store (Redis) as it is.
 */
type RefreshEntry = { promise: Promise<IssuedTokens>; settledAt?: number; failed?: boolean; tokens?: IssuedTokens };
// On globalThis: proxy.ts and the app are bundled apart but run in one process,
// and both must share one flight per refresh token.
const shared = globalThis as typeof globalThis & { __shengaiRefreshes?: Map<string, RefreshEntry> };
shared.__shengaiRefreshes ??= new Map<string, RefreshEntry>();
const refreshes = shared.__shengaiRefreshes;
const RECENT_REFRESH_MS = 60_000;
export const FAILED_REFRESH_MS = 5_000;

function isNetworkFault(err: unknown): boolean {
  return !isApiError(err) || err.errorNo < 0;
}

/** What other processes learn of a refresh (lib/shared-state/refresh-flight.ts): the pair, or the host's refusal. */
const refreshCodec: FlightCodec<IssuedTokens> = {
  shareError: (err) => (isApiError(err) && RESET_ERROR_NOS.has(err.errorNo) ? { errorNo: err.errorNo, errorInfo: err.errorInfo, path: err.path } : null),
  errorFrom: (shared) => new ApiError(Number(shared.errorNo), String(shared.errorInfo), String(shared.path)),
  isValue: (value): value is IssuedTokens =>
    typeof value === 'object' && value !== null && typeof (value as IssuedTokens).accessToken === 'string' && typeof (value as IssuedTokens).refreshToken === 'string',
};

/** How a refresh that failed ended, for the metrics (docs/operations.md "Metrics"). */
function refreshOutcome(err: unknown): RefreshOutcome {
  if (isApiError(err) && RESET_ERROR_NOS.has(err.errorNo)) return 'ended';
  if (isApiError(err) && err.errorNo === ErrorNo.TOO_FAST) return 'too_fast';
  return 'failed';
}

/** The process-wide single-flight refresh (proxy.ts uses it for page requests whose access cookie expired). */
export function sharedRefresh(refreshToken: string): Promise<IssuedTokens> {
  const now = Date.now();
  for (const [key, entry] of refreshes) {
    if (entry.settledAt === undefined) continue;
    const keep = entry.failed ? FAILED_REFRESH_MS : RECENT_REFRESH_MS;
    if (now - entry.settledAt > keep) refreshes.delete(key);
  }
  const existing = refreshes.get(refreshToken);
  if (existing) return existing.promise;
  const entry: RefreshEntry = {
    // Across processes too when they share Redis (several `next start` behind nginx).
    promise: refreshAcrossProcesses(refreshToken, () => refreshTokens(refreshToken), refreshCodec).then(
      (tokens) => {
        entry.settledAt = Date.now();
        entry.tokens = tokens;
        recordTokenRefresh('refreshed');
        return tokens;
      },
      (err: unknown) => {
        recordTokenRefresh(refreshOutcome(err));
        if (isNetworkFault(err)) {
          // Remembered briefly: the next asker within FAILED_REFRESH_MS gets the same failure at once.
          entry.settledAt = Date.now();
          entry.failed = true;
        } else {
          // Refused by the host: forgotten, nothing of it is handed out again.
          refreshes.delete(refreshToken);
        }
        throw err;
      },
    ),
  };
  // A remembered failure is read by later askers; this one must not count as unhandled.
  entry.promise.catch(() => {});
  refreshes.set(refreshToken, entry);
  return entry.promise;
}

/**
 * Forgets every shared refresh that involves this token: the refresh made
 * with it and any refresh whose new pair holds it. Called on logout and when
 * the host refuses a session, so a replayed old token gets nothing.
 */
export function forgetRefresh(token: string | null | undefined): void {
  if (!token) return;
  for (const [key, entry] of refreshes) {
    if (key === token || entry.tokens?.refreshToken === token || entry.tokens?.accessToken === token) refreshes.delete(key);
  }
}

/** SPEC §9: the visitor-token request is allowed once before blocking. */
let visitorInFlight: Promise<IssuedTokens> | null = null;
let visitorBlockedUntil = 0;
const VISITOR_BLOCK_MS = 5_000;

function sharedVisitorToken(): Promise<IssuedTokens> {
  if (visitorInFlight) return visitorInFlight;
  if (Date.now() < visitorBlockedUntil) {
    return Promise.reject(new ApiError(-2, messages.networkError, 'AuthenticationCenter/GetVisitorToken'));
  }
  visitorInFlight = getVisitorToken()
    .catch((err: unknown) => {
      visitorBlockedUntil = Date.now() + VISITOR_BLOCK_MS;
      throw err;
    })
    .finally(() => {
      visitorInFlight = null;
    });
  return visitorInFlight;
}

/** Timestamps of recent 4029 answers, per session (keyed by refresh or access token). */
const tooFastLog = new Map<string, number[]>();

/** For tests: forget shared state between cases. */
export function resetTokenClientState() {
  refreshes.clear();
  tooFastLog.clear();
  visitorInFlight = null;
  visitorBlockedUntil = 0;
}

export interface TokenClient extends AuthedClient {
  /** The refresh-or-visitor step on its own (lib/session uses it when the access cookie is gone). */
  renew(): Promise<void>;
  /** The access token the client currently holds (after a renew, the new one). */
  currentAccessToken(): Promise<string | null>;
}

export function createTokenClient(store: TokenStore): TokenClient {
  /** This client's single flight: the refresh or visitor step every waiting call shares. */
  let renewing: Promise<void> | null = null;

  async function sessionKey(): Promise<string> {
    return (await store.getRefreshToken()) || (await store.getAccessToken()) || 'anonymous';
  }

  async function reset(errorNo: number, errorInfo: string, path: string): Promise<never> {
    const key = await sessionKey();
    tooFastLog.delete(key);
    // The host refused this session: no shared refresh hands its tokens out again.
    forgetRefresh(await store.getRefreshToken());
    forgetRefresh(await store.getAccessToken());
    await store.clear();
    try {
      await store.save(await sharedVisitorToken());
    } catch {
      /* the page reloads anyway; the next request takes a visitor token */
    }
    throw new SessionResetError(errorNo, errorInfo, path);
  }

  /** SPEC §8 4029: show ErrorInfo; the third within 2 s resets as for 4003. */
  async function tooFast(err: ApiError): Promise<never> {
    const key = await sessionKey();
    const now = Date.now();
    const recent = (tooFastLog.get(key) ?? []).filter((t) => now - t <= RATE_LIMIT_RESET_WINDOW_MS);
    recent.push(now);
    tooFastLog.set(key, recent);
    if (recent.length >= RATE_LIMIT_RESET_COUNT) return reset(err.errorNo, err.errorInfo, err.path);
    throw err;
  }

  async function handleLifecycleError(err: unknown): Promise<never> {
    if (isApiError(err)) {
      if (RESET_ERROR_NOS.has(err.errorNo)) return reset(err.errorNo, err.errorInfo, err.path);
      if (err.errorNo === ErrorNo.TOO_FAST) return tooFast(err);
    }
    throw err;
  }

  function renew(): Promise<void> {
    renewing ??= (async () => {
      const refreshToken = await store.getRefreshToken();
      // SPEC §4: without a refresh token, a new visitor token instead.
      const tokens = refreshToken ? await sharedRefresh(refreshToken) : await sharedVisitorToken();
      await store.save(tokens);
    })()
      .catch(handleLifecycleError)
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  async function call<P extends EndpointPath>(path: P, fields: FieldsOf<P> | undefined, write: boolean): Promise<ResultOf<P>> {
    // The same fields with the token as options (the tuple is P's, which TypeScript cannot follow through a rebuild).
    const args = (token: string | null) => [fields, { token, write }] as unknown as CallArgs<P, RequestOptions>;
    if (renewing) await renewing;
    let token = await store.getAccessToken();
    if (!token) {
      await renew();
      token = await store.getAccessToken();
    }
    try {
      return await post(path, ...args(token));
    } catch (err) {
      if (!isApiError(err, ErrorNo.TOKEN_EXPIRED)) return handleLifecycleError(err);
    }
    // 4002: queue behind the one refresh, then replay once.
    if (renewing) await renewing;
    else if ((await store.getAccessToken()) === token) await renew();
    const fresh = await store.getAccessToken();
    try {
      return await post(path, ...args(fresh));
    } catch (err) {
      return handleLifecycleError(err);
    }
  }

  return {
    post: <P extends EndpointPath>(path: P, ...args: CallArgs<P, { write?: boolean }>) => {
      const [fields, options] = args as unknown as [FieldsOf<P>?, { write?: boolean }?];
      return call(path, fields, options?.write ?? false);
    },
    renew,
    currentAccessToken: async () => (await store.getAccessToken()) ?? null,
  };
}

/** A TokenStore in memory (tests, scripts). */
export function memoryTokenStore(initial: { accessToken?: string | null; refreshToken?: string | null } = {}) {
  let access = initial.accessToken ?? null;
  let refresh = initial.refreshToken ?? null;
  return {
    getAccessToken: () => access,
    getRefreshToken: () => refresh,
    save: (tokens: { accessToken: string; refreshToken: string }) => {
      access = tokens.accessToken;
      // A visitor token comes without a refresh token: keep none.
      refresh = tokens.refreshToken || null;
    },
    clear: () => {
      access = null;
      refresh = null;
    },
  } satisfies TokenStore;
}

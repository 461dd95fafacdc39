/**
 * What a handler throws, and the SPEC §8 error numbers the router answers it with. A module of its own, below
 * types.ts and throttles.ts, which both need it (types.ts re-exports it for the handlers).
 */
/** SPEC §8 error numbers, plus the input error used for bad requests. */
export const ErrorNo = {
  OK: 1,
  /** A bad input: missing, oversized or malformed field. */
  BAD_INPUT: 0,
  /** A business rule refused the call (insufficient points, wrong code...). */
  REFUSED: -1,
  UNAUTHORIZED: 4001,
  TOKEN_EXPIRED: 4002,
  REFRESH_EXPIRED: 4003,
  VIP_NOT_BOUND: 4004,
  TOO_FAST: 4029,
  NOT_FOUND: 404,
  SERVER: 500,
} as const;

export class BackendError extends Error {
  constructor(
    readonly errorNo: number,
    readonly errorInfo: string,
    /** Optional Result to send along with the error (e.g. a card list with ReturnCode 3). */
    readonly result: unknown = null,
  ) {
    super(errorInfo);
    this.name = 'BackendError';
  }
}

/**
 * A refusal because a limit is spent (a throttle, a lock, an SMS quota): the router answers it with HTTP 429
 * and `Retry-After`, so the proxy in front and monitoring see it (docs/security.md "Per client, per phone, then the site"), with
 * the usual envelope (ErrorNo -1, a Chinese ErrorInfo, Result.RetryAfter in seconds).
 */
export class TooManyRequests extends BackendError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, result: Record<string, unknown> = {}) {
    const wait = Math.max(1, Math.ceil(retryAfterSeconds));
    super(ErrorNo.REFUSED, message, { ...result, RetryAfter: wait });
    this.retryAfterSeconds = wait;
    this.name = 'TooManyRequests';
  }
}

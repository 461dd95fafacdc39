/**
 * What a handler throws, and the SPEC §8 error numbers the router answers it with. A module of its own, below
 * types.ts and throttles.ts, which both need it (types.ts re-exports it for the handlers).
 */
import { ErrorNo } from '@/lib/contract';

/** SPEC §8 error numbers: the contract's own (lib/contract), re-exported for the handlers. */
export { ErrorNo };

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
  /** How far past its allowance the refused key is (1 = just spent; 3 = three allowances' worth sent). */
  pressure = 1;

  constructor(message: string, retryAfterSeconds: number, result: Record<string, unknown> = {}) {
    const wait = Math.max(1, Math.ceil(retryAfterSeconds));
    super(ErrorNo.REFUSED, message, { ...result, RetryAfter: wait });
    this.retryAfterSeconds = wait;
    this.name = 'TooManyRequests';
  }
}

import { isProofNeeded, type WireProofChallenge } from '@/lib/contract';

/** A non-1 ErrorNo from the API (SPEC §8), or a transport fault (errorNo < 0 local codes). */
export class ApiError extends Error {
  constructor(
    readonly errorNo: number,
    readonly errorInfo: string,
    readonly path: string,
    /** The envelope's Result, when the API sent one with the error. */
    readonly result: unknown = null,
    /**
     * Seconds to wait, when the API refused the call because a limit is spent: HTTP 429 with Retry-After
     * (docs/security.md "Per client, per phone, then the site"). The site answers its own visitor 429 too.
     */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${path}: ${errorNo} ${errorInfo}`);
    this.name = 'ApiError';
  }
}

/** Local codes for faults that never reached an envelope (SPEC §8 lists -2/-3 as error codes). */
export const NETWORK_ERROR_NO = -2;
export const BAD_RESPONSE_ERROR_NO = -3;

/** SPEC §8 / §9: the message shown for network errors. */
export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络后重试';

export function isApiError(err: unknown, errorNo?: number): err is ApiError {
  return err instanceof ApiError && (errorNo === undefined || err.errorNo === errorNo);
}

/** The API asked for the numeric image code before it sends an SMS (`Result.NeedImgCode`, SPEC §4). */
export function imageCodeAsked(err: unknown): boolean {
  return isApiError(err) && (err.result as { NeedImgCode?: unknown } | null)?.NeedImgCode === true;
}

/** The challenge, when the API answered with one instead of acting (`Result.NeedProof`, docs/security.md "The slower path"). */
export function proofAsked(err: unknown): WireProofChallenge | null {
  const result = isApiError(err) ? err.result : null;
  return isProofNeeded(result) ? result.Challenge : null;
}

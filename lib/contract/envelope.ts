/**
 * The SPEC §7 envelope every answer wears, the paged list, and the SPEC §8 error numbers: the rules of the
 * wire that every service group shares (docs/api.md).
 */

/** Every answer of the API (SPEC §7): ErrorNo 1 is success, anything else an error of SPEC §8. */
export interface Envelope<T = unknown> {
  ErrorNo: number;
  ErrorInfo: string;
  Result: T;
}

/** The Result of every paged list. */
export interface WireList<T> {
  DataList: T[];
  TotalCount: number;
  PageIndex: number;
  PageSize: number;
}

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

/**
 * The errors that mean "no such thing": not found (404) and bad input (0), which is what a malformed id earns.
 * A detail read answers null for either (the page then calls notFound(), ARCHITECTURE "Pages and caching");
 * every other error propagates.
 */
export function isMissing(errorNo: number): boolean {
  return errorNo === ErrorNo.NOT_FOUND || errorNo === ErrorNo.BAD_INPUT;
}

/**
 * The idempotency key of a write that must happen once (ExchangeGoods, BookRegister; docs/api.md): 8 to 64
 * letters, digits, '_' or '-'. The form makes one when it opens and sends it with every resubmit, so the
 * backend answers a repeat with the first result instead of a second order.
 */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export function isIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY.test(key);
}

/** A fresh idempotency key: a random UUID without its dashes (32 hex digits). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** The Result of a call that only says it was done (OutLogin, ResetPwd). */
export interface WireDone {
  Success: boolean;
}

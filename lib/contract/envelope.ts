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

/**
 * Readers of untrusted URL input (path segments and searchParams) for every
 * page (common brief "Never a 500"): a repeated parameter
 * (`?id=1&id=2`), control characters, markup, `../` or 10 KB never reach the
 * API. One vocabulary throughout: a reader answers the value, `undefined`
 * when the parameter is absent, or `null` when it is malformed. The page
 * decides what malformed means for it: detail pages call notFound(), list
 * pages that fall back to a default say so with `?? default`.
 */
export type SearchParams = Record<string, string | string[] | undefined>;

/** One raw value: a searchParams entry, a path segment or a cookie value. */
export type ParamValue = string | string[] | undefined;

/** The largest id a page accepts: nine plain digits (the ids of SPEC §2 routes stay far below). */
const MAX_ID = 999_999_999;

/**
 * The single value: undefined when absent; null when repeated, longer than
 * `max`, or holding control characters or markup (`<`, `>`).
 */
export function single(value: ParamValue, max = 64): string | null | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return null;
  if (value.length > max || /[\u0000-\u001f\u007f<>]/.test(value)) return null;
  return value;
}

/** A positive integer id (1..999999999) in plain digits, no leading zero. */
export function parseId(value: ParamValue | null): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || Array.isArray(value) || !/^[1-9]\d{0,8}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_ID ? n : null;
}

/** The last page of a list of `total` items (1 when empty); a page above it answers 404. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A list page number: 1 when absent or empty, null when malformed or above `max`. */
export function parsePage(value: ParamValue, max = 10_000): number | null {
  if (value === undefined || value === '') return 1;
  const n = parseId(value);
  if (n === undefined || n === null || n > max) return null;
  return n;
}

/** A year filter between 1900 and 2100. */
export function parseYear(value: ParamValue): number | null | undefined {
  const n = parseId(value);
  if (n === undefined || n === null) return n;
  return n >= 1900 && n <= 2100 ? n : null;
}

/**
 * A search keyword without control characters or markup, whitespace collapsed
 * and trimmed: '' when absent or blank, null when repeated or longer than `max`.
 */
export function parseKeyword(value: ParamValue, max = 50): string | null {
  if (value === undefined) return '';
  if (Array.isArray(value)) return null;
  const cleaned = value.replace(/[\u0000-\u001f\u007f<>]/g, '').replace(/\s+/g, ' ').trim();
  return cleaned.length > max ? null : cleaned;
}

/** One of the allowed values, the first when absent or empty, null when unknown. */
export function parseChoice<T extends string>(value: ParamValue, allowed: readonly T[]): T | null {
  const v = single(value);
  if (v === undefined || v === '') return allowed[0]!;
  if (v === null) return null;
  return (allowed as readonly string[]).includes(v) ? (v as T) : null;
}

/** An API code (AppointmentCode, HospitalCode, ClassCode...), null when absent or malformed. */
export function parseCode(value: ParamValue | null): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(value) ? value : null;
}

/** The single segment of an optional catch-all route, '' when absent, null when there are more. */
export function optionalSegment(segments: string[] | undefined): string | null {
  if (!segments || segments.length === 0) return '';
  return segments.length === 1 ? segments[0]! : null;
}

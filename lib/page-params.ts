/**
 * Readers of untrusted URL input for public pages (issue 5: malformed input is
 * a 404 or a clear message, never a 500). Each answers a value, or
 * `undefined` when the parameter is absent, or `null` when it is malformed
 * (an array such as ?id=1&id=2, text, out of range, oversized): the page then
 * calls notFound().
 */
export type SearchParams = Record<string, string | string[] | undefined>;

const MAX_ID = 2_000_000_000;

function single(value: string | string[] | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return null;
  return value;
}

/** A positive integer id (1..2e9), written in plain digits. */
export function parseId(value: string | string[] | undefined): number | null | undefined {
  const v = single(value);
  if (v === undefined) return undefined;
  if (v === null || !/^[1-9]\d{0,9}$/.test(v)) return null;
  const n = Number(v);
  return n <= MAX_ID ? n : null;
}

/** A list page number, 1 when absent. */
export function parsePage(value: string | string[] | undefined, max = 10_000): number | null {
  const n = parseId(value);
  if (n === undefined) return 1;
  if (n === null || n > max) return null;
  return n;
}

/** A year filter between 1900 and 2100. */
export function parseYear(value: string | string[] | undefined): number | null | undefined {
  const n = parseId(value);
  if (n === undefined || n === null) return n;
  return n >= 1900 && n <= 2100 ? n : null;
}

/** A search keyword: trimmed, at most `max` characters; '' when absent or blank. */
export function parseKeyword(value: string | string[] | undefined, max = 50): string | null {
  const v = single(value);
  if (v === undefined) return '';
  if (v === null) return null;
  const trimmed = v.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\s+/g, ' ').trim();
  if (trimmed.length > max) return null;
  return trimmed;
}

/** One of the allowed values, the first when absent, null when unknown. */
export function parseChoice<T extends string>(value: string | string[] | undefined, allowed: readonly T[]): T | null {
  const v = single(value);
  if (v === undefined || v === '') return allowed[0]!;
  if (v === null) return null;
  return (allowed as readonly string[]).includes(v) ? (v as T) : null;
}

/**
 * Reading a page's searchParams safely (common brief "Never a 500"): a
 * repeated key (`?id=1&id=2`), an oversized value or control characters make
 * the value invalid, so the page answers 404 instead of guessing.
 */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The single value of `key`: undefined when absent, null when malformed. */
export function singleParam(params: SearchParams, key: string, maxLength = 64): string | undefined | null {
  const value = params[key];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return null;
  if (value.length > maxLength || /[\u0000-\u001f\u007f<>]/.test(value)) return null;
  return value;
}

/** A page number from 1 (absent → 1), or null when malformed. */
export function pageParam(params: SearchParams, key = 'page'): number | null {
  const raw = singleParam(params, key, 6);
  if (raw === undefined || raw === '') return 1;
  if (raw === null || !/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/** A positive integer id, or null when absent or malformed. */
export function idParam(params: SearchParams, key = 'id'): number | null {
  const raw = singleParam(params, key, 10);
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) return null;
  return Number(raw);
}

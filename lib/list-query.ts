/**
 * Untrusted URL parameters → validated values, for the list and detail pages
 * (ARCHITECTURE "Never a 500"): a repeated parameter (`?id=1&id=2`), a
 * control character, `<script>` or 10 KB never reach the API; detail pages
 * turn a null into notFound(), list pages fall back to their default.
 */
export type SearchParams = Record<string, string | string[] | undefined>;

/** A single-valued parameter, or undefined when absent, repeated or oversized. */
export function singleParam(params: SearchParams, name: string, max = 100): string | undefined {
  const value = params[name];
  if (typeof value !== 'string' || value.length > max) return undefined;
  return value;
}

/** A page number 1..1000 (anything else → 1). */
export function pageParam(params: SearchParams): number {
  const raw = singleParam(params, 'page', 6);
  const n = raw && /^\d+$/.test(raw) ? Number(raw) : 1;
  return n >= 1 && n <= 1000 ? n : 1;
}

/** A numeric id (1..999999999) or null. */
export function parseId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** An API code (AppointmentCode, HospitalCode, ClassCode...) or null. */
export function parseCode(raw: string | undefined | null): string | null {
  return raw && /^[A-Za-z0-9_-]{1,40}$/.test(raw) ? raw : null;
}

/** A search keyword: trimmed, at most 50 characters, no control characters. */
export function keywordParam(params: SearchParams, name = 'q'): string {
  const raw = singleParam(params, name, 200) ?? '';
  return raw.replace(/[\u0000-\u001f\u007f<>]/g, '').trim().slice(0, 50);
}

/** The single segment of an optional catch-all route, '' when absent, null when there are more. */
export function optionalSegment(segments: string[] | undefined): string | null {
  if (!segments || segments.length === 0) return '';
  return segments.length === 1 ? segments[0]! : null;
}

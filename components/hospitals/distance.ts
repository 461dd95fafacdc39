/** Great-circle distance in km between two points (the visitor and a clinic). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A position from the URL (?lat=&lng=), rounded, or null when absent or out of range. */
export function parsePosition(lat: string | null | undefined, lng: string | null | undefined): { lat: number; lng: number } | null {
  if (!lat || !lng || lat.length > 12 || lng.length > 12) return null;
  const a = Number(lat);
  const o = Number(lng);
  if (!Number.isFinite(a) || !Number.isFinite(o) || Math.abs(a) > 90 || Math.abs(o) > 180) return null;
  return { lat: Math.round(a * 1000) / 1000, lng: Math.round(o * 1000) / 1000 };
}

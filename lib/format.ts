import { METERS_THRESHOLD_KM, WAN_THRESHOLD } from './constants';

/**
 * SPEC §9: distances under 1 (km) are shown in meters.
 * 0.35 → "350m", 2.345 → "2.3km".
 */
export function formatDistance(km: number | null | undefined): string {
  if (km == null || !Number.isFinite(km) || km < 0) return '';
  if (km < METERS_THRESHOLD_KM) return `${Math.round(km * 1000)}m`;
  return `${Number(km.toFixed(1))}km`;
}

/**
 * SPEC §9: point values of 10000 or more are shown in units of 万.
 * 9999 → "9999", 12000 → "1.2万", 10000 → "1万", 123456 → "12.35万".
 */
export function formatPoints(points: number): string {
  if (!Number.isFinite(points)) return '0';
  if (Math.abs(points) < WAN_THRESHOLD) return String(Math.trunc(points));
  const wan = Math.floor((points / 10000) * 100) / 100;
  return `${Number(wan.toFixed(2))}万`;
}

/** A phone number with its middle four digits hidden: 138****5678. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** yyyy-mm-dd of an ISO date or date-time string, or '' when it is not one. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : '';
}

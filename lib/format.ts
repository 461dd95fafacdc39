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

/** Any count ≥ 10000 in 万 (服务 1.87万 人次): the same one formatter as points (SPEC §9, docs/STYLE "One clock, one formatter"). */
export const formatCount = formatPoints;

/** A phone number with its middle four digits hidden: 138****5678. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/**
 * China Standard Time is UTC+8 all year (no daylight saving since 1991), so one fixed offset turns any
 * instant into the wall clock a patient in Yunnan reads, whatever the server's own time zone (TZ) is.
 */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A date and time as the China wall clock shows it. */
export interface ChinaClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * How a time on the wire reads in China (docs/api.md "Times"): a value with a zone (`…Z`, `…+08:00`) is an
 * instant, converted to China time; a value without one (`2026-11-18 09:30:00`, `2026-11-18`) is already China
 * wall-clock time, as the group's systems write it, and is read as it stands. Anything else is null.
 */
export function chinaClock(value: string | Date | null | undefined): ChinaClock | null {
  if (value == null || value === '') return null;
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(value.trim());
    if (!m) return null;
    if (!m[7]) {
      const naive = { year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +(m[4] ?? 0), minute: +(m[5] ?? 0), second: +(m[6] ?? 0) };
      // A naive value is checked by the calendar (no 2026-02-30, no 25:00).
      const check = new Date(Date.UTC(naive.year, naive.month - 1, naive.day, naive.hour, naive.minute, naive.second));
      return check.getUTCDate() === naive.day && check.getUTCHours() === naive.hour && check.getUTCMinutes() === naive.minute
        ? naive
        : null;
    }
  }
  const instant = typeof value === 'string' ? new Date(value.trim().replace(' ', 'T')) : value;
  const ms = instant.getTime();
  if (!Number.isFinite(ms)) return null;
  const c = new Date(ms + CHINA_OFFSET_MS);
  return {
    year: c.getUTCFullYear(),
    month: c.getUTCMonth() + 1,
    day: c.getUTCDate(),
    hour: c.getUTCHours(),
    minute: c.getUTCMinutes(),
    second: c.getUTCSeconds(),
  };
}

/** yyyy-mm-dd in China time (SPEC: every date shown is China time), or '' when the value is not a time. */
export function formatDate(value: string | Date | null | undefined): string {
  const c = chinaClock(value);
  return c ? `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}` : '';
}

/** yyyy-mm-dd HH:mm in China time, or '' when the value is not a time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const c = chinaClock(value);
  return c ? `${formatDate(value)} ${pad(c.hour)}:${pad(c.minute)}` : '';
}

/**
 * The machine-readable twin of what formatDateTime shows, for `<time dateTime>` and JSON-LD: the same China
 * wall clock with its offset written out (2026-11-20T23:30:00+08:00), or '' when the value is not a time.
 */
export function chinaIsoDateTime(value: string | Date | null | undefined): string {
  const c = chinaClock(value);
  return c ? `${formatDate(value)}T${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}+08:00` : '';
}

/** A video's length as players write it: 6:00, 20:00, 1:02:03 ('' when not known). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return '';
  const s = Math.round(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h ? `${h}:${pad(m)}:${pad(r)}` : `${m}:${pad(r)}`;
}

/** The same length for schema.org (ISO 8601): PT20M, PT1H2M3S ('' when not known). */
export function isoDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return '';
  const s = Math.round(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${r ? `${r}S` : ''}`;
}

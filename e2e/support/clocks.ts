/**
 * The fixed clocks at which `npm test` runs the browser tests that depend on the hour (README "Scripts"):
 * the morning, the evening after the day's last slot, and five minutes before the China date
 * turns. Each runs on a `next start` of its own whose backend's clock starts there (DEV_CLOCK,
 * lib/backend/dev-clock.ts): scripts/fixed-clock-server.mjs, started by playwright.config.ts.
 */
export const FIXED_CLOCKS = [
  { name: 'clock-0800', hour: 8, minute: 0 },
  { name: 'clock-2045', hour: 20, minute: 45 },
  { name: 'clock-2355', hour: 23, minute: 55 },
] as const;

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The coming hh:mm China time (UTC+8), as an ISO instant, at least `lead` ms after `now`: a clock set ahead of the
 * real one, because the site counts the backend's tokens on the real clock (lib/backend/dev-clock.ts).
 */
export function comingChinaTime(hour: number, minute: number, now = Date.now(), lead = 10 * 60 * 1000): string {
  const china = new Date(now + CHINA_OFFSET_MS);
  let at = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate(), hour, minute) - CHINA_OFFSET_MS;
  while (at < now + lead) at += DAY_MS;
  return new Date(at).toISOString();
}

/**
 * The embedded backend's one clock (settings.now) started at a chosen instant: DEV_CLOCK=<ISO 8601 instant>
 * (for example `2026-11-26T15:57:00Z`, 23:57 China time). The clock starts there when the backend opens and
 * runs on at the real pace, so payment deadlines, reminders and the China date turning behave as they would
 * at that hour. A browser journey (e2e/appointment.spec.ts) runs on it at a fixed clock, on both sides of
 * midnight China time, whatever the hour of the run (STYLE "One clock, one formatter").
 *
 * A development aid (lib/backend/dev-aids.ts): only where the aids are on. Under `next start` without
 * DEV_AIDS=1 it is ignored, so a deployment's records are never dated by a leftover variable.
 *
 * The site's own code keeps the real clock (session cookies, the payment countdown): a clock set behind the
 * real one would make the site count the backend's fresh access tokens as expired, so a journey sets it ahead.
 */
import { devAidsEnabled } from './dev-aids';

type Env = Readonly<Record<string, string | undefined>>;

/** settings.now: the real clock, or the one started at DEV_CLOCK when the development aids are on. */
export function clockFromEnv(env: Env = process.env, realNow: () => number = Date.now): () => Date {
  const value = env.DEV_CLOCK?.trim();
  if (!value || !devAidsEnabled(env)) return () => new Date(realNow());
  // An instant says its zone: a bare wall clock would be read in the server's zone (docs/api.md "Times").
  const start = /(?:Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(start)) {
    throw new Error(`[backend] DEV_CLOCK=${value} is not an ISO 8601 instant with its zone (2026-11-26T15:57:00Z, 2026-11-26T23:57:00+08:00)`);
  }
  const startedAt = realNow();
  return () => new Date(start + (realNow() - startedAt));
}

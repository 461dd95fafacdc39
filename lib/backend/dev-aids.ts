/**
 * Whether the embedded backend's development aids answer (lib/backend/handlers/dev.ts: the SMS
 * outbox, WeChat authorize, Dev/IssueCard, Dev/FailNext; and GET /auth/wechat?openid=). Together
 * they take over any member account in three requests, so they are opt-in wherever the site may be
 * public (docs/security.md "Attacks on the member system: backend"):
 * - `next dev` and the unit tests (NODE_ENV is not `production`): on, unless DEV_AIDS=0;
 * - `next start` (NODE_ENV=production): off, unless DEV_AIDS=1 (the browser tests and a local demo).
 */
export function devAidsEnabled(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  if (env.NODE_ENV === 'production') return env.DEV_AIDS === '1';
  return env.DEV_AIDS !== '0';
}

const globalForAnnounce = globalThis as typeof globalThis & { __shengaiDevAidsAnnounced?: boolean };

/** One line in the server log when they are on (the embedded backend only: API_BASE_URL unset). */
export function announceDevAids(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  if (env.API_BASE_URL || !devAidsEnabled(env) || globalForAnnounce.__shengaiDevAidsAnnounced) return false;
  globalForAnnounce.__shengaiDevAidsAnnounced = true;
  console.warn(
    '[backend] development aids are ON (/api/Dev/*, /auth/wechat?openid=): anyone can read SMS codes and log in as any member. ' +
      (env.NODE_ENV === 'production' ? 'Unset DEV_AIDS on a public server.' : 'next dev only.'),
  );
  return true;
}

import { defineConfig, devices } from '@playwright/test';
import { comingChinaTime, FIXED_CLOCKS } from './e2e/support/clocks';
import { nodeMemoryEnv } from './deploy/node-memory.cjs';

/**
 * Browser tests against a production build (`next build && next start`) on the
 * embedded backend, in Debian's Chromium (Playwright's own download fails here).
 */
const port = Number(process.env.E2E_PORT || 3100);
export const baseURL = `http://127.0.0.1:${port}`;
const databasePath = process.env.DATABASE_PATH || '.data/e2e.db';
/**
 * Specs send many SMS codes and log in many times from one IP: relax the send limits and the
 * throttles (the rules themselves are unit-tested), and turn on the development aids, which
 * `next start` only serves with DEV_AIDS=1 (lib/backend/dev-aids.ts).
 */
export const relaxedSmsLimits = {
  SMS_MIN_INTERVAL_SECONDS: '1',
  SMS_IMAGE_CODE_AFTER: '100000',
  SMS_IP_LIMIT_PER_HOUR: '100000',
  RATE_LIMIT_SCALE: '1000',
  DEV_AIDS: '1',
};
/**
 * The demo a test run is: `next start` serves only what a deployment asks for on purpose (docs/operations.md
 * "What a deployment must say on purpose"), so the tests ask for the embedded backend, its demo members (the
 * README's logins) and the simulated payment. Never a server's settings.
 */
export const demoDeployment = {
  EMBEDDED_BACKEND: '1',
  DEMO_MEMBERS: '1',
  PAYMENT_PROVIDER: 'simulated',
};
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** What every `next start` of the run is told: its database, its origin and the demo's switches. */
function serverEnv(origin: string): Record<string, string> {
  return {
    // The memory settings production runs with (deploy/node-memory.env): the whole suite runs within them.
    ...nodeMemoryEnv(),
    DATABASE_PATH: databasePath,
    SITE_URL: origin,
    // The page-cache specs read x-page-cache, which production sends only when asked for.
    PAGE_CACHE_DEBUG: '1',
    // The JSON request lines (docs/operations.md "Logs") would fill the run's output: the stack's tests read them.
    REQUEST_LOG: '0',
    ...relaxedSmsLimits,
    ...demoDeployment,
  };
}

/**
 * The browser tests that depend on the hour (tagged @dated: the route audit and the Nu checker on the
 * date-dependent pages, booking, the finder’s date chips, the Tab path to a doctor’s soonest number) run again at three fixed clocks, each on a server of
 * its own (e2e/support/clocks.ts), when E2E_CLOCKS=1: `npm test` sets it (scripts/test-all.sh); a run of one
 * spec does not start the three servers unless asked. The clocks are the coming 08:00, 20:45 and 23:55 China
 * time (ahead of the real clock), or E2E_CLOCK_<hhmm> (an ISO instant) for another.
 */
const DATED_SPECS = /\/(audit-routes|booking|elder-mode|finding-care)\.spec\.ts$/;
const clocks = process.env.E2E_CLOCKS === '1'
  ? FIXED_CLOCKS.map((c, i) => {
      const clockPort = port + 60 + i;
      const override = process.env[`E2E_CLOCK_${c.name.slice(-4)}`];
      return { name: c.name, port: clockPort, origin: `http://127.0.0.1:${clockPort}`, instant: override || comingChinaTime(c.hour, c.minute) };
    })
  : [];

/** The Chromium flags of the README (headless, as root, no outside network). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 900 },
    trace: 'off',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions: { executablePath, args: chromiumArgs } } },
    ...clocks.map((c) => ({
      name: c.name,
      testMatch: DATED_SPECS,
      grep: /@dated/,
      metadata: { clock: c.instant, datedOnly: true },
      use: { ...devices['Desktop Chrome'], baseURL: c.origin, viewport: { width: 1366, height: 900 }, launchOptions: { executablePath, args: chromiumArgs } },
    })),
  ],
  webServer: [
    {
      command: `npx next start -p ${port} -H 127.0.0.1`,
      url: `${baseURL}/`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      stderr: 'pipe',
      env: serverEnv(baseURL),
    },
    ...clocks.map((c) => ({
      command: `node scripts/fixed-clock-server.mjs ${c.port}`,
      url: `${c.origin}/`,
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      // SIGTERM, so the server's folder of links is removed (scripts/fixed-clock-server.mjs).
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      env: { ...serverEnv(c.origin), DEV_CLOCK: c.instant },
    })),
  ],
});

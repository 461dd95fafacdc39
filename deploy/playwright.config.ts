import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';

/**
 * `npm run test:deploy` (scripts/test-deploy.sh): journeys through the stack of scripts/deploy-local.sh —
 * nginx over HTTPS in front of two `next start` processes sharing Redis. The stack is already up; these
 * specs read its state folder (the SQLite file and JWT secret the processes use) like e2e/ reads .data/.
 */
const state = path.resolve(process.env.DEPLOY_STATE || '.deploy');
/** The settings the running stack was started with (scripts/deploy-local.sh writes them at `up`). */
export const stackSettings: Record<string, string> = Object.fromEntries(
  (fs.existsSync(path.join(state, 'stack.env')) ? fs.readFileSync(path.join(state, 'stack.env'), 'utf8') : '')
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const setting = (name: string, fallback: string) => stackSettings[name] || process.env[name] || fallback;
const httpsPort = Number(setting('DEPLOY_HTTPS_PORT', '4443'));
export const stackURL = `https://127.0.0.1:${httpsPort}`;
export const httpPort = Number(setting('DEPLOY_HTTP_PORT', '4880'));
export const nextPorts = setting('DEPLOY_NEXT_PORTS', '4810 4811').split(/\s+/).filter(Boolean).map(Number);
export const apiPort = Number(setting('DEPLOY_API_PORT', '4820'));
export const topology = setting('DEPLOY_TOPOLOGY', 'embedded');
// The production topology: the tests call the contract on the API host process, as the web processes do.
if (topology === 'api-host') process.env.E2E_API_ORIGIN = `http://127.0.0.1:${apiPort}`;
process.env.DATABASE_PATH = path.join(state, 'data', 'site.db');
const secretFile = path.join(state, 'jwt-secret');
if (fs.existsSync(secretFile)) process.env.JWT_SECRET = fs.readFileSync(secretFile, 'utf8').trim();
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const use = {
  baseURL: stackURL,
  ignoreHTTPSErrors: true,
  locale: 'zh-CN',
  viewport: { width: 1366, height: 900 },
  // A long test (the release spec's 30 minutes) must not wait out its whole budget on an element that is gone.
  actionTimeout: 60_000,
  navigationTimeout: 120_000,
  trace: 'off' as const,
  launchOptions: { executablePath, args: chromiumArgs },
};

export default defineConfig({
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use,
  projects: [
    // The site's own journeys, unchanged, through nginx and two processes: the password login, an SMS login,
    // an exchange (one order, the balance down by exactly its points), one after a refresh, a booking paid and seen
    // in the records, and a logout; in both topologies. `npm test` runs the rest of
    // those specs on one process; here a few are enough to show the stack carries them (under ~8 minutes).
    {
      name: 'journeys',
      testDir: '../e2e',
      testMatch: ['login.spec.ts', 'points-exchange.spec.ts', 'booking.spec.ts'],
      grep: /password login shows|SMS login with the code|the rich member exchanges an item|a session that expires mid-exchange|a member books from a doctor page, pays|success: 您已退出登录/,
      use: { ...devices['Desktop Chrome'], ...use },
    },
    // What only the stack has: TLS, redirects, static files, several processes, faults, restarts, operations.
    { name: 'stack', testDir: './e2e', testIgnore: 'topology.spec.ts', use: { ...devices['Desktop Chrome'], ...use } },
    // The production topology (DEPLOY_TOPOLOGY=api-host): the web processes hold no data and call the API host.
    { name: 'topology', testDir: './e2e', testMatch: 'topology.spec.ts', use: { ...devices['Desktop Chrome'], ...use } },
  ],
});

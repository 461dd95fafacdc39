/**
 * A `next start` of this build on a database of its own, its backend's clock started at `clock` (DEV_CLOCK,
 * lib/backend/dev-clock.ts): a spec whose journey depends on the date runs the same at any hour. It runs from a
 * folder of links to this project whose `.next` has a `cache` of its own (Next keeps its data cache under
 * `.next/cache`, and the suite's server reads the same keys on its own clock). The same pattern as
 * e2e/appointment.spec.ts, shared here for the specs that came after it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoDeployment, relaxedSmsLimits } from '../../playwright.config';

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The next `hh:mm` China time at least a day ahead of the real clock (a fixed wall clock the real one never reaches in a run). */
export function chinaClockAhead(hour: number, minute = 0, now = Date.now()): string {
  const china = new Date(now + CHINA_OFFSET_MS + 24 * 60 * 60 * 1000);
  return new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate(), hour, minute) - CHINA_OFFSET_MS).toISOString();
}

export interface FixedClockServer {
  origin: string;
  /** The server's own SQLite file, for a test that reads what the backend keeps (read-only). */
  database: string;
  stop: () => void;
}

/**
 * Starts the server; `name` keeps its database (and log) apart from other specs' fixed-clock servers; `env` sets
 * what this server alone runs with (over the tests' relaxed limits).
 */
export function startFixedClockServer(port: number, clock: string, name: string, env: Record<string, string> = {}): FixedClockServer {
  const root = process.cwd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shengai-${name}-`));
  for (const entry of fs.readdirSync(root)) {
    if (entry !== '.next') fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  fs.mkdirSync(path.join(dir, '.next', 'cache'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(root, '.next'))) {
    if (entry !== 'cache') fs.symlinkSync(path.join(root, '.next', entry), path.join(dir, '.next', entry));
  }
  const database = path.resolve((process.env.DATABASE_PATH || '.data/e2e.db').replace(/(\.db)?$/, `-${name}.db`));
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
  const log = fs.openSync(database.replace(/\.db$/, '.log'), 'w');
  const child: ChildProcess = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_PATH: database,
      SITE_URL: `http://127.0.0.1:${port}`,
      REQUEST_LOG: '0',
      ...relaxedSmsLimits,
      ...demoDeployment,
      DEV_CLOCK: clock,
      ...env,
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    database,
    stop: () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

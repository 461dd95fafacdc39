/**
 * The server (docs/bench.md): `next start` of the build on a free loopback port with a fresh
 * database, and the bench's main server, started again when a stage leaves it dead.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nodeMemoryEnv } from '../../deploy/node-memory.cjs';
import { freePort, killTree, waitUp } from '../shared.mjs';

/**
 * `next start` with a fresh database of its own (or the one left, `freshDatabase: false`); PAGE_CACHE=0 when `pageCache` is false (docs/bench.md "Rendered per
 * request"); with production's memory settings (deploy/node-memory.env); on `port` when given, else a free one; `env` adds to its environment (bench/stages/render-cost.mjs's
 * profiler).
 */
export async function startServer({ pageCache = true, dbName = 'bench.db', port: wanted, env = {}, freshDatabase = true } = {}) {
  const port = wanted ?? (await freePort());
  const dbPath = path.join('.data', dbName);
  fs.mkdirSync('.data', { recursive: true });
  // `freshDatabase: false`: the database an earlier server of the stage left (a release's next process).
  if (freshDatabase) for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(dbPath + suffix, { force: true });
  // A fresh database: no data cached on disk from an older one (Next keeps its data cache there, lib/api/cache.ts).
  fs.rmSync(path.join('.next', 'cache', 'fetch-cache'), { recursive: true, force: true });
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, ...nodeMemoryEnv(), DATABASE_PATH: dbPath, SITE_URL: origin, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', EMBEDDED_BACKEND: '1', DEMO_MEMBERS: '1', PAYMENT_PROVIDER: 'simulated', PAGE_CACHE: pageCache ? '' : '0', PAGE_CACHE_DEBUG: '1',
      // The bench measures what a render costs from one client (autocannon, Lighthouse), not the per-client limits
      // (bench/abuse.mjs does, at 1): the page renders one client may ask for (LIMITS.pageRender) are raised.
      RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE || '1000', ...env },
    stdio: 'ignore',
    detached: true,
  });
  if (!(await waitUp(`${origin}/404`, 120_000))) {
    killTree(child);
    throw new Error('next start did not come up');
  }
  // First request seeds the database; warm every later target once.
  await fetch(`${origin}/`).then((r) => r.text());
  return { origin, child };
}

/**
 * The bench's main server. The server may die under a stage (memory, a crash): `ensureUp` notes it in the
 * report and starts a fresh one on the same build (at most twice); read `origin` after it.
 */
export async function startMainServer(note) {
  const server = { ...(await startServer()), restarts: 0 };
  server.ensureUp = async () => {
    if (await waitUp(`${server.origin}/404`, 5_000)) return;
    note(`The Next server stopped answering before a stage (restart ${server.restarts + 1}); figures after this point come from a fresh server.`);
    if (server.restarts >= 2) throw new Error('the Next server died three times');
    server.restarts++;
    killTree(server.child);
    const fresh = await startServer();
    server.child = fresh.child;
    server.origin = fresh.origin;
  };
  return server;
}

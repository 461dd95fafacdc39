#!/usr/bin/env node
// `next start` of this build at a fixed clock, for the browser tests that depend on the hour (e2e/support/clocks.ts):
//   node scripts/fixed-clock-server.mjs <port>   with DEV_CLOCK=<ISO instant> and the development aids on.
// It runs from a folder of links to this project whose .next has a cache of its own (Next keeps its data cache
// under .next/cache, and the suite's server reads the same keys on the real clock), on a database of its own,
// seeded at its start on its clock: DATABASE_PATH with -clock-<port> before .db. The folder is removed on exit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || !process.env.DEV_CLOCK) {
  console.error('usage: DEV_CLOCK=<ISO instant> node scripts/fixed-clock-server.mjs <port>');
  process.exit(2);
}
const root = process.cwd();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shengai-clock-${port}-`));
for (const entry of fs.readdirSync(root)) {
  if (entry !== '.next') fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
}
fs.mkdirSync(path.join(dir, '.next', 'cache'), { recursive: true });
for (const entry of fs.readdirSync(path.join(root, '.next'))) {
  if (entry !== 'cache') fs.symlinkSync(path.join(root, '.next', entry), path.join(dir, '.next', entry));
}
const database = path.resolve((process.env.DATABASE_PATH || '.data/e2e.db').replace(/(\.db)?$/, `-clock-${port}.db`));
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });

const child = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
  cwd: dir,
  env: { ...process.env, DATABASE_PATH: database, SITE_URL: `http://127.0.0.1:${port}` },
  stdio: 'inherit',
});
const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});

/**
 * The production build (docs/bench.md): reused when .next/BUILD_ID exists, unless BENCH_BUILD=1.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log } from '../shared.mjs';

/** Builds when asked or when there is no build; the build's id and time for the report. */
export function ensureBuild({ rebuild }) {
  const idFile = path.join('.next', 'BUILD_ID');
  if (rebuild || !fs.existsSync(idFile)) {
    log('next build');
    const r = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', timeout: 15 * 60_000, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    if (r.status !== 0) throw new Error('next build failed');
  }
  return { buildId: fs.readFileSync(idFile, 'utf8').trim(), builtAt: fs.statSync(idFile).mtime.toISOString() };
}

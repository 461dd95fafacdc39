/**
 * Search (docs/bench.md "Search", docs/site-search.md "Measured"): the patients' phrasings of both halves through
 * the embedded backend on a fresh demo database, by bench/search-quality.ts (`npm run bench:search` runs it
 * alone): hit rate and precision of each half, and the server time of a query (p50, p95) over the catalogue.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The last line of bench/search-quality.ts --json that is a JSON object with both halves, or null. */
export function parseSearchOutput(stdout) {
  const lines = String(stdout).trim().split('\n').reverse();
  for (const line of lines.slice(0, 5)) {
    try {
      const parsed = JSON.parse(line);
      if (parsed && typeof parsed === 'object' && parsed.development && parsed.heldOut && typeof parsed.p95Ms === 'number') return parsed;
    } catch {
      /* a log line */
    }
  }
  return null;
}

/** Runs the script in this Node with tsx's loader (one process, so the time limit ends the script itself). */
export function searchQuality({ script = path.join('bench', 'search-quality.ts'), timeoutMs = 10 * 60_000 } = {}) {
  if (!fs.existsSync(script)) return { available: false, note: `${script} is missing: no search figures.` };
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, '--json'], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } });
  const result = parseSearchOutput(r.stdout || '');
  return result
    ? { available: true, ...result }
    : { available: false, note: `bench/search-quality.ts gave no figures (exit ${r.status}): ${(r.stderr || '').split('\n').slice(-3).join(' ')}` };
}

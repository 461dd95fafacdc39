/**
 * Scale (docs/bench.md "Scale"): the embedded backend's doctor list at 1k, 10k and 100k doctors, by
 * bench/doctor-list-scale.ts (`npm run bench:scale` runs it alone), its text output parsed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Parses bench/doctor-list-scale.ts's text output: a "<N> doctors (seeded …)" line per
 * size, then one "<case> p50 X ms   p95 Y ms" line per query case. A JSON last
 * line is accepted too.
 */
export function parseScaleOutput(stdout) {
  const lines = stdout.split('\n');
  for (let i = lines.length - 1; i >= 0 && i >= lines.length - 5; i--) {
    try {
      const parsed = JSON.parse(lines[i]);
      if (parsed && typeof parsed === 'object') return parsed;
    } catch {
      /* text output */
    }
  }
  const sizes = [];
  for (const line of lines.slice(0, 2000)) {
    const size = /^\s*(\d+) doctors\b/.exec(line);
    if (size) {
      sizes.push({ doctors: Number(size[1]), cases: [] });
      continue;
    }
    const c = /^\s*(.+?)\s+p50 ([\d.]+) ms\s+p95 ([\d.]+) ms/.exec(line);
    if (c && sizes.length) sizes.at(-1).cases.push({ label: c[1].trim(), p50Ms: Number(c[2]), p95Ms: Number(c[3]) });
  }
  return sizes.length ? { sizes } : null;
}

/**
 * Runs the scale script and parses its figures. The script runs in this Node with tsx's loader (`--import tsx`),
 * one process: the time limit ends the script itself. Through `npx tsx` it ended only npx, and the script,
 * two processes further down, went on measuring for minutes beside the load and burst stages.
 */
export function scale({ script = path.join('bench', 'doctor-list-scale.ts'), args = [], timeoutMs = 15 * 60_000 } = {}) {
  if (!fs.existsSync(script)) return { available: false, note: `${script} is missing: no scale figures.` };
  const loadAverageAtStart = os.loadavg()[0];
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } });
  const lines = (r.stdout || '').trim().split('\n');
  return { available: true, exitCode: r.status, loadAverageAtStart, result: parseScaleOutput(r.stdout || ''), stdoutTail: lines.slice(-40).join('\n'), stderrTail: (r.stderr || '').split('\n').slice(-5).join('\n') };
}

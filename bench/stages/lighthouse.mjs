/**
 * Lighthouse 12 (docs/bench.md): the desktop preset on every template, /userIndex with the
 * member's cookies, each template measured several times and the median run reported.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { log } from '../shared.mjs';

const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** One Lighthouse run of a template: its four scores, LCP, CLS, TBT and what failed. */
export function lighthouse(origin, template) {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${Date.now()}.json`);
  const args = [
    'node_modules/lighthouse/cli/index.js',
    origin + template.url,
    '--preset=desktop',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--max-wait-for-load=45000',
  ];
  if (template.cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: template.cookie })}`);
  const r = spawnSync(process.execPath, args, { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, timeout: 180_000, encoding: 'utf8' });
  if (!fs.existsSync(out)) return { name: template.name, url: template.url, error: (r.stderr || r.error?.message || 'no report').slice(-400) };
  const lhr = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out, { force: true });
  const cat = (id) => lhr.categories[id]?.score ?? null;
  const failing = {};
  for (const [id, category] of Object.entries(lhr.categories)) {
    failing[id] = category.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].score})`)
      .slice(0, 8);
  }
  return {
    name: template.name,
    url: template.url,
    performance: cat('performance'),
    accessibility: cat('accessibility'),
    bestPractices: cat('best-practices'),
    seo: cat('seo'),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    finalUrl: lhr.finalDisplayedUrl,
    failingAudits: failing,
    runWarnings: lhr.runWarnings ?? [],
    runtimeError: lhr.runtimeError?.message ?? null,
    erroredAudits: Object.values(lhr.audits).filter((a) => a.errorMessage).map((a) => `${a.id}: ${a.errorMessage}`.slice(0, 200)).slice(0, 8),
  };
}

/**
 * The run of median performance (the lower middle for an even count, then the longer TBT), with every run's
 * performance score and TBT beside it.
 */
export function medianRun(runs) {
  const ordered = [...runs].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
  const median = ordered[Math.floor((ordered.length - 1) / 2)];
  return { ...median, performanceRuns: runs.map((r) => r.performance), tbtRuns: runs.map((r) => r.tbtMs) };
}

/**
 * Lighthouse's own advice (docs/variability.md in the Lighthouse repository): scores move from run to run with
 * the machine's other work, so run it several times and report the median run. Each template is measured
 * `runs` times (BENCH_LH_RUNS) and the run of median performance is reported (medianRun).
 * The trace recording sometimes fails on this machine (NO_NAVSTART, "Please run Lighthouse again"), leaving
 * whole categories without a score. Such a run measures nothing and is run again, at most twice a template.
 */
export function lighthouseMedian(origin, template, runs) {
  const unscored = (r) => !r.error && [r.performance, r.accessibility, r.bestPractices, r.seo].some((x) => x === null);
  const scored = [];
  let failed = null;
  let failures = 0;
  while (scored.length < runs && failures <= 2) {
    const result = lighthouse(origin, template);
    if (result.error || unscored(result)) {
      failures++;
      failed = result;
      log('lighthouse again', template.name, result.runtimeError ?? result.erroredAudits?.[0] ?? result.error ?? '');
      continue;
    }
    scored.push(result);
  }
  if (scored.length === 0) return { ...failed, attempts: failures, performanceRuns: [] };
  const { performanceRuns, tbtRuns, ...median } = medianRun(scored);
  return { ...median, attempts: scored.length + failures, performanceRuns, tbtRuns };
}

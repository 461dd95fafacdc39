#!/usr/bin/env node
/**
 * `npm run bench:a11y -- <origin> [url …]` (docs/elder-mode.md, docs/bench.md): Lighthouse 12's accessibility
 * category (desktop preset) on one page of each template, in both modes: the usual site and the 长者模式 (the
 * `elder=1` cookie sent as a header). The goal is 1.0 everywhere. Prints a table and writes
 * .reports/accessibility.json. Accessibility scores do not move from run to run, so one run a page.
 * Without URLs: the templates of docs/elder-mode.md's sweep (e2e/access-templates.spec.ts lists the same kinds).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const DEFAULT_URLS = ['/', '/doctorlist', '/doctordetail/D100001', '/hospitallist', '/trendsInfor', '/aboutHospital', '/memberServices', '/registrationQuestion', '/foundation'];

const [origin, ...given] = process.argv.slice(2);
if (!origin || !/^https?:\/\//.test(origin)) {
  console.error('usage: npm run bench:a11y -- <origin> [url …]');
  process.exit(2);
}
const urls = given.length > 0 ? given : DEFAULT_URLS;

/** One Lighthouse run of the accessibility category: the score and the audits that failed. */
function accessibility(url, cookie) {
  const out = path.join(os.tmpdir(), `lh-a11y-${process.pid}-${Date.now()}.json`);
  const args = ['node_modules/lighthouse/cli/index.js', origin + url, '--preset=desktop', '--only-categories=accessibility', '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${CHROME_FLAGS}`, '--max-wait-for-load=45000'];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const r = spawnSync(process.execPath, args, { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, timeout: 180_000, encoding: 'utf8' });
  if (!fs.existsSync(out)) return { url, score: null, error: (r.stderr || r.error?.message || 'no report').slice(-300) };
  const lhr = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(out, { force: true });
  const category = lhr.categories.accessibility;
  const failing = category.auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1).map((ref) => ref.id);
  return { url, score: category.score, failing };
}

const rows = [];
for (const url of urls) {
  for (const [mode, cookie] of [['usual', null], ['elder', 'elder=1']]) {
    const r = { mode, ...accessibility(url, cookie) };
    rows.push(r);
    console.log(`${mode.padEnd(5)} ${url.padEnd(28)} ${r.score ?? 'error'} ${r.failing?.join(', ') ?? r.error ?? ''}`);
  }
}
fs.mkdirSync('.reports', { recursive: true });
fs.writeFileSync('.reports/accessibility.json', JSON.stringify({ origin, generatedAt: new Date().toISOString(), rows }, null, 2));
const below = rows.filter((r) => r.score !== 1);
console.log(below.length === 0 ? 'accessibility 1.0 on every page in both modes' : `${below.length} of ${rows.length} below 1.0`);
process.exitCode = below.length === 0 ? 0 : 1;

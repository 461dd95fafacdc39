/**
 * The proof of work of spent ceilings (docs/security.md "The slower path: a proof of work"): `npm run bench:proof`.
 *
 * Two figures, written to bench/proof.md and printed:
 * 1. a person's wait: the site's own solver (lib/contract/proof.ts, bundled for the browser with esbuild) in
 *    Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium, headless) on challenges made by the backend
 *    (lib/backend/proof.ts) at each pressure factor, PROOF_TRIALS challenges each (default 12): median, p90, worst;
 * 2. an attacker's cost: the same solver under Node (an attacker's script: no page, no yielding) over the same
 *    challenges, in seconds of one core per request past a spent ceiling, and what holding the registration SMS
 *    ceiling spent for an hour costs in cores (300 sends a minute would have to be proven past the ceiling).
 *
 * The calibration target (lib/limits.ts PROOF_OF_WORK): the first step's median between 1 and 3 s in the browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { solveProof, type WireProofChallenge } from '../lib/contract/proof';
import { makeChallenge } from '../lib/backend/proof';
import { LIMITS, PROOF_OF_WORK } from '../lib/limits';

const TRIALS = Number(process.env.PROOF_TRIALS ?? 12);
const root = path.resolve(import.meta.dirname, '..');
const secret = new TextEncoder().encode('bench-proof-secret-0123456789abcdef');

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const fmt = (s: number) => `${s.toFixed(2)} s`;

async function browserSolver(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(root, 'lib/contract/proof.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'shengaiProof',
    write: false,
    target: 'es2022',
  });
  return out.outputFiles[0]!.text;
}

async function main() {
  const now = Math.floor(Date.now() / 1000);
  const factors = Array.from({ length: PROOF_OF_WORK.maxFactor }, (_, i) => i + 1);
  const challenges = new Map<number, WireProofChallenge[]>(
    factors.map((f) => [f, Array.from({ length: TRIALS }, () => makeChallenge({ jwtSecret: secret }, 'smsSendGlobal', f, now))]),
  );

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
  const page = await browser.newPage();
  // A secure context (Web Crypto's condition), as the site is over HTTPS: a loopback origin, answered here.
  await page.route('http://127.0.0.1/proof', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>proof</title>' }));
  await page.goto('http://127.0.0.1/proof');
  await page.addScriptTag({ content: await browserSolver() });
  const rows: string[] = [];
  const browserMedians = new Map<number, number>();
  for (const f of factors) {
    const times: number[] = [];
    for (const c of challenges.get(f)!) {
      // As the page solves it: batches that yield to the page between them (components/overlays/use-proof.tsx).
      // A string, not a function: tsx's transform would name the function with a helper the page does not have.
      // The pause is the page's own (use-proof.tsx yieldToPage): a message to itself between batches.
      const seconds = await page.evaluate<number>(`(async () => {
        const started = performance.now();
        const pause = () => new Promise((resolve) => { const c = new MessageChannel(); c.port1.onmessage = () => { c.port1.close(); resolve(); }; c.port2.postMessage(null); });
        const r = await window.shengaiProof.solveProof(${JSON.stringify(c)}, { pause });
        if (!r) throw new Error('no solution');
        return (performance.now() - started) / 1000;
      })()`);
      times.push(seconds);
    }
    browserMedians.set(f, quantile(times, 0.5));
    rows.push(`| ${f} | ${(PROOF_OF_WORK.maxNumber * f).toLocaleString('en')} | ${fmt(quantile(times, 0.5))} | ${fmt(quantile(times, 0.9))} | ${fmt(Math.max(...times))} |`);
  }
  await browser.close();

  const attacker: string[] = [];
  let firstStepCore = 0;
  for (const f of factors) {
    const times: number[] = [];
    for (const c of challenges.get(f)!) {
      const started = process.cpuUsage();
      if (!(await solveProof(c))) throw new Error('no solution');
      const used = process.cpuUsage(started);
      times.push((used.user + used.system) / 1e6);
    }
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    if (f === 1) firstStepCore = mean;
    attacker.push(`| ${f} | ${fmt(mean)} | ${((LIMITS.smsSendGlobal.allowance * mean) / 60).toFixed(1)} |`);
  }

  const md = [
    '# Proof of work of spent ceilings (`npm run bench:proof`)',
    '',
    `Challenges made by the backend (lib/backend/proof.ts) at each pressure factor, ${TRIALS} each; maxNumber ${PROOF_OF_WORK.maxNumber.toLocaleString('en')} (lib/limits.ts PROOF_OF_WORK). Measured ${new Date().toISOString().slice(0, 10)}, ${process.env.BENCH_MACHINE ?? 'the reference machine (2 shared cores)'}.`,
    '',
    '## A person\'s wait: the page\'s solver in Chromium (headless)',
    '',
    '| pressure factor | max number | median | p90 | worst |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '## An attacker\'s cost: the same solver under Node, CPU per request past a spent ceiling',
    '',
    '| pressure factor | CPU per request (one core) | cores to keep sending 300 SMS a minute past the ceiling |',
    '| --- | --- | --- |',
    ...attacker,
    '',
    `Target: the first step's median in the browser between 1 and 3 s: ${fmt(browserMedians.get(1)!)}. An attacker's first step costs ${fmt(firstStepCore)} of one core per request, and the factor grows to ${PROOF_OF_WORK.maxFactor} as the pressure does.`,
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, 'bench/proof.md'), md);
  console.log(md);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

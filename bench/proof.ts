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
 * 3. the attacks of docs/security.md, made against the embedded backend in this process (its Request → Response
 *    handler, default limits, each client a distinct address): 400 registration SMS from 400 addresses, then a new
 *    member on a fresh address; 12 addresses against member 13800000002, then the member on a new device. For each:
 *    what the attack got, and what the person paid (proofs solved, seconds of Node's solver) to get in.
 *
 * The calibration target (lib/limits.ts PROOF_OF_WORK): the first step's median between 1 and 3 s in the browser.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { solveProof, type WireProofChallenge } from '../lib/contract/proof';
import { makeChallenge } from '../lib/backend/proof';
import { createBackend, type Backend } from '../lib/backend/router';
import { latestSmsCode } from '../lib/backend/sms';
import { createThrottles } from '../lib/backend/throttles';
import { PEER_HEADER } from '../lib/security/client-address';
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

interface Answer {
  status: number;
  ErrorNo: number;
  ErrorInfo: string;
  Result: { NeedProof?: boolean; Challenge?: WireProofChallenge; device_token?: string } | null;
}

/** Figure 3: the attacks against the embedded backend, and what a person pays to get in. */
async function attacks(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-bench-proof-'));
  // Each attack on a backend of its own: the site's minute one spent must not be what the next one meets.
  let backend: Backend | undefined;
  // The backend's clock is moved past the per-(phone, client) minute between the attackers' rounds.
  let offsetMs = 0;
  const newBackend = (name: string): Backend =>
    (backend = createBackend(
      { dbPath: path.join(dir, `${name}.db`), jwtSecret: secret, log: () => {}, demoMembers: true, devAids: false, rateLimitScale: 1, now: () => new Date(Date.now() + offsetMs) },
      createThrottles({ scale: 1, redis: false, log: () => {} }),
    ));
  const call = async (apiPath: string, fields: Record<string, string>, peer: string): Promise<Answer> => {
    const res = await backend!.handle(
      new Request(`http://x/api/${apiPath}?IsWeb=1&Sub=`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', [PEER_HEADER]: peer },
        body: new URLSearchParams(fields),
      }),
    );
    return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
  };
  /** A person's call: sent, and when a proof is asked, solved (Node) and sent again once. */
  const person = async (apiPath: string, fields: Record<string, string>, peer: string) => {
    const first = await call(apiPath, fields, peer);
    if (!first.Result?.NeedProof) return { answer: first, proofs: 0, seconds: 0 };
    const started = performance.now();
    const solution = await solveProof(first.Result.Challenge!);
    const seconds = (performance.now() - started) / 1000;
    return { answer: await call(apiPath, { ...fields, Proof: JSON.stringify(solution) }, peer), proofs: 1, seconds };
  };
  const spread = (i: number) => `127.${1 + (i >> 8)}.${i & 255}.1`;
  const rows: string[] = [];

  newBackend('registration');
  let passed = 0;
  let asked = 0;
  for (let i = 0; i < 400; i++) {
    const r = await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: `1361${String(i).padStart(7, '0')}`, Type: 'register' }, spread(i));
    if (r.ErrorNo === 1) passed += 1;
    else if (r.Result?.NeedProof) asked += 1;
  }
  const fresh = await person('AuthenticationCenter/SendSmsVerifyCode', { Phone: '13911113333', Type: 'register' }, '127.200.0.1');
  rows.push(
    `| 400 registration SMS from 400 addresses (then a new member on a fresh address) | ${passed} sent, ${asked} asked for a proof, 0 refused outright | ${fresh.answer.ErrorNo === 1 ? 'code sent' : `refused: ${fresh.answer.ErrorInfo}`} after ${fresh.proofs} proof (${fmt(fresh.seconds)} of Node's solver) |`,
  );

  backend!.db.close();
  const lockout = newBackend('lockout');
  const member = '13800000002';
  const attackers = Array.from({ length: 12 }, (_, i) => spread(1000 + i));
  for (const peer of attackers) for (let t = 0; t < 3; t++) await call('AuthenticationCenter/PcPwdLogin', { Phone: member, Password: `Guess${t}abc` }, peer);
  let codes = 0;
  for (let round = 0; round < 2; round++) {
    for (const peer of attackers) if ((await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: member }, peer)).ErrorNo === 1) codes += 1;
    offsetMs += 61_000;
  }
  const device = '127.250.0.1';
  const refused = await call('AuthenticationCenter/PcPwdLogin', { Phone: member, Password: 'Shengai2026' }, device);
  const sent = await person('AuthenticationCenter/SendSmsVerifyCode', { Phone: member }, device);
  const code = latestSmsCode(lockout.db, member)?.Code ?? '';
  const sms = await person('AuthenticationCenter/PcPhoneLogin', { Phone: member, Code: code }, device);
  const notices = (lockout.db.prepare('SELECT COUNT(*) AS n FROM sms_notices WHERE phone = ?').get(member) as { n: number }).n;
  rows.push(
    `| 12 addresses × 3 wrong passwords and 2 codes each against ${member} (then the member on a new device) | password ceiling tripped (${refused.status === 429 ? 'new device refused a password' : 'not tripped'}), ${codes} codes to strangers, ${notices} SMS notice(s) to the member | ${sms.answer.ErrorNo === 1 ? 'logged in by SMS' : `refused: ${sms.answer.ErrorInfo}`} after ${sent.proofs + sms.proofs} proof(s) (${fmt(sent.seconds + sms.seconds)}) |`,
  );
  lockout.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
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
    '## The attacks, against the embedded backend (default limits, each client its own address)',
    '',
    '| attack | what it got | the person |',
    '| --- | --- | --- |',
    ...(await attacks()),
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

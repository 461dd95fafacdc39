/**
 * The operations figures of docs/operations.md (bench/operations.md): run against a stack that is up
 * (scripts/deploy-local.sh up, with the demo switches of scripts/test-deploy.sh), reading its settings from
 * DEPLOY_STATE/stack.env.
 *
 *   npx tsx bench/operations.ts restart [ROUNDS]   rolling restarts under browser-header load: failed requests,
 *                                                  and the time from `restart` to both processes serving
 *   npx tsx bench/operations.ts backup             db:backup and db:restore of the stack's demo database
 *   npx tsx bench/operations.ts soak MINUTES       modest load for MINUTES; each process's resident memory and
 *                                                  heap every minute, from /metrics
 *
 * Each prints its figures as JSON and appends them to bench/operations.json. Figures, never assertions:
 * the tests (deploy/e2e/operations.spec.ts) hold the behaviour.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLoad, type LoadResult } from '../deploy/e2e/support/browser-load';

const state = path.resolve(process.env.DEPLOY_STATE || '.deploy');
const settings: Record<string, string> = Object.fromEntries(
  fs
    .readFileSync(path.join(state, 'stack.env'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('='))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
const origin = `https://127.0.0.1:${settings.DEPLOY_HTTPS_PORT}`;
const nextPorts = settings.DEPLOY_NEXT_PORTS!.split(/\s+/).filter(Boolean).map(Number);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function record(kind: string, figures: unknown) {
  const file = path.join('bench', 'operations.json');
  const all = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown[]) : [];
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100) };
  all.push({ kind, at: new Date().toISOString(), machine, figures });
  fs.writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  console.log(JSON.stringify({ kind, figures }, null, 2));
}

async function memberCookie(): Promise<string> {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const res = await fetch(`${origin}/api/AuthenticationCenter/PcPwdLogin`, { method: 'POST', body: new URLSearchParams({ Phone: '13800000002', Password: 'Shengai2026' }) });
  const body = (await res.json()) as { ErrorNo: number; Result: { access_token: string; refresh_token: string } };
  if (body.ErrorNo !== 1) throw new Error('the demo member could not log in (DEMO_MEMBERS=1 on the stack?)');
  return `Token=${body.Result.access_token}; refreshToken=${body.Result.refresh_token}`;
}

/** Connections of each kind: the restart's load, or the soak's modest one (a machine shared with other work). */
function loads(cookie: string, connections = { visitors: 8, member: 2, posts: 1 }) {
  return {
    visitors: startLoad({ origin, paths: ['/', '/doctordetail/D100001', '/doctorlist', '/newtdetail/2', '/hospitallist'], concurrency: connections.visitors, localAddress: '127.0.0.41' }),
    // The member's own data: the reads of the /userIndex and /modifyInfor shells (their HTML holds none).
    member: startLoad({ origin, paths: ['/session/member-home', '/session/member-info'], concurrency: connections.member, headers: { cookie }, mustContain: '李文博', localAddress: '127.0.0.42' }),
    posts: startLoad({ origin, paths: ['/api/News/GetNewList'], concurrency: connections.posts, post: 'type=1&PageIndex=1&PageSize=5', localAddress: '127.0.0.43' }),
  };
}
const summary = (r: LoadResult) => ({ total: r.total, failed: r.failed, statuses: r.statuses, errors: r.errors, samples: r.samples });

async function restart(rounds: number) {
  const cookie = await memberCookie();
  const results = [];
  for (let round = 1; round <= rounds; round++) {
    const l = loads(cookie);
    await sleep(3000);
    const started = performance.now();
    execFileSync('bash', ['scripts/deploy-local.sh', 'restart'], { env: { ...process.env, DEPLOY_STATE: state }, stdio: 'pipe' });
    const restartSeconds = Math.round((performance.now() - started) / 100) / 10;
    await sleep(3000);
    const [visitors, member, posts] = await Promise.all([l.visitors.stop(), l.member.stop(), l.posts.stop()]);
    results.push({ round, restartSeconds, visitors: summary(visitors), member: summary(member), posts: summary(posts) });
    console.log(`round ${round}: restart ${restartSeconds} s, failed ${visitors.failed + member.failed + posts.failed} of ${visitors.total + member.total + posts.total}`);
  }
  record('rolling-restart', results);
}

async function backup() {
  const database = path.join(state, 'data', 'site.db');
  const file = path.join(state, 'backups', `bench-${Date.now()}.db`);
  const env = { ...process.env, DATABASE_PATH: database };
  const timed = (args: string[]) => {
    const started = performance.now();
    const out = execFileSync('npm', ['run', '--silent', ...args], { env, encoding: 'utf8' });
    return { ms: Math.round(performance.now() - started), out: out.trim() };
  };
  // With the site running and serving: the backup is online.
  const backedUp = timed(['db:backup', '--', file]);
  // A restore is made with the processes stopped (docs/operations.md): the figure is the command's own time.
  const restored = timed(['db:restore', '--', file]);
  record('backup-restore', { databaseBytes: fs.statSync(database).size, backup: backedUp, restore: restored, note: 'wall time of the npm command (tsx start-up included); the ms inside each line is SQLite’s own work' });
}

async function memoryOf(port: number) {
  // The metrics listener of the process: loopback, its port + 10000 (lib/observability/metrics-listener.ts).
  const text = await (await fetch(`http://127.0.0.1:${port + 10000}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? NaN);
  return { rssMiB: Math.round(value('process_resident_memory_bytes') / 2 ** 20), heapUsedMiB: Math.round(value('nodejs_heap_size_used_bytes') / 2 ** 20) };
}

async function soak(minutes: number) {
  const cookie = await memberCookie();
  const samples: { minute: number; processes: Record<number, { rssMiB: number; heapUsedMiB: number }> }[] = [];
  const sample = async (minute: number) => {
    const processes: Record<number, { rssMiB: number; heapUsedMiB: number }> = {};
    for (const port of nextPorts) processes[port] = await memoryOf(port);
    samples.push({ minute, processes });
    console.log(`minute ${minute}: ${JSON.stringify(processes)}`);
  };
  await sample(0);
  const l = loads(cookie, { visitors: 2, member: 1, posts: 1 });
  const end = Date.now() + minutes * 60_000;
  for (let minute = 1; Date.now() < end; minute++) {
    await sleep(Math.min(60_000, end - Date.now()));
    await sample(minute);
  }
  const [visitors, member, posts] = await Promise.all([l.visitors.stop(), l.member.stop(), l.posts.stop()]);
  record('soak', { minutes, samples, visitors: summary(visitors), member: summary(member), posts: summary(posts) });
}

const [command, arg] = process.argv.slice(2);
const run = command === 'restart' ? restart(Number(arg) || 3) : command === 'backup' ? backup() : command === 'soak' ? soak(Number(arg) || 60) : null;
if (!run) {
  console.error('usage: npx tsx bench/operations.ts restart [ROUNDS] | backup | soak MINUTES');
  process.exit(2);
}
run.catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

/**
 * Render cost (docs/bench.md "Render cost"): where a render's milliseconds go, as ratios to the floor of the
 * same run. `npm run bench:render` writes bench/render-cost.md (committed) and .reports/render-cost.json.
 *
 * 1. Figures, on ONE `next start` of the build with a fresh bench database and no fetch cache (the build's
 *    prerendered files stay), a release's second process: its first process crawled the sitemap's first 300 URLs
 *    with nothing kept (reported beside), ran the release's prerender into PAGE_CACHE_DIR and stopped; this one
 *    starts on the same database and pages and is crawled the same way (300 URLs, 4 at a time) first thing; then, at 10 connections with a browser's headers, the floor (`/robots.txt`, answered by Next
 *    without our proxy or a render), a cached public page (home, from the page cache), and /userIndex,
 *    /dRecord/registration, /modifyInfor and /dRecord/patients (kept shells, each with its read) with the demo
 *    member's cookies; the floor again (the better run counts, as in the
 *    throughput stage); then member load on the first two until 10 minutes of member load (× BENCH_DURATION_SCALE)
 *    have run, and the process's resident memory. Judged by bench/goals.mjs (judgeRenderCost).
 * 2. CPU profiles, on a second fresh `next start` with bench/profile-preload.mjs: one window of cold public
 *    pages (the sitemap's URLs, 4 at a time) and one of member page loads (both member pages, 4 at a time);
 *    then the same member loads on a server without the page cache (PAGE_CACHE=0), which mends no error answer
 *    either (lib/page-cache/error-mend.ts). Each summed up by bench/profile-summary.mjs, with the process's CPU
 *    time over the window from /proc. Also a reference row in part 1: /userIndex on a PAGE_CACHE=0 server.
 *
 * Environment: BENCH_PORT (first of four loopback ports, 3700 by default), BENCH_DURATION_SCALE, BENCH_SKIP_PROFILE=1
 * / BENCH_SKIP_FIGURES=1, BENCH_NOTE; BENCH_RERENDER=1 writes the last run's report again from its JSON with
 * BENCH_NOTE, judged again, measuring nothing. Bounded: counts, time limits, loopback only.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeMemoryEnv } from '../../deploy/node-memory.cjs';
import { judgeNextInternals, judgeRenderCost, RENDER_GOALS } from '../goals.mjs';
import { countNextInternals } from '../next-internals.mjs';
import { sourceMapResolver, summariseProfile, summaryMarkdown } from '../profile-summary.mjs';
import { BROWSER_HEADERS, benchNote, cannon, killTree, log, root, settings, sleep, summary, throughputOf, treeRssMB, waitUp, why } from '../shared.mjs';
import { memberCookie, routes } from './discovery.mjs';
import { startServer } from './server.mjs';
import { prerenderPages, sitemapPaths } from '../../scripts/prerender-pages.mjs';

export const RENDER_JSON = path.join('.reports', 'render-cost.json');
export const RENDER_MARKDOWN = path.join('bench', 'render-cost.md');
const PROFILE_DIR = path.join('.reports', 'profiles');
/** The reads of the kept member shells' member parts (lib/routes.ts MEMBER_SHELL_PATHS, app/session/…/route.ts). */
const SHELL_READS = {
  '/userIndex': '/session/member-home',
  '/dRecord/registration': '/session/registrations',
  '/modifyInfor': '/session/member-info',
  '/dRecord/patients': '/session/patients',
};
/** A crawler asks as a browser does, apart from its name (Baidu's: the site's main search engine, SPEC §1). */
const CRAWLER_HEADERS = { ...BROWSER_HEADERS, 'user-agent': 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)' };

export { sitemapPaths };

/**
 * Fetches `paths` `concurrency` at a time, each connection kept alive, and reads each body whole as it came over
 * the wire, the way autocannon reads the floor and every other row: the client never decompresses (a crawler does
 * that on its own machine, not on the 2 cores the server has here); wall time, pages a second, per-page p50/p99.
 */
export async function crawl(origin, paths, { concurrency, headers = CRAWLER_HEADERS, limitMs = 10 * 60_000 }) {
  const times = [];
  const statuses = {};
  let next = 0;
  const started = performance.now();
  const until = Date.now() + limitMs;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = (p) =>
    new Promise((resolve, reject) => {
      const req = http.get(origin + p, { agent, headers, timeout: 30_000 }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })));
      req.on('error', reject);
    });
  const worker = async () => {
    while (next < paths.length && Date.now() < until) {
      const p = paths[next++];
      const t0 = performance.now();
      try {
        const status = await get(p);
        statuses[status] = (statuses[status] ?? 0) + 1;
      } catch (err) {
        statuses[err?.name ?? 'error'] = (statuses[err?.name ?? 'error'] ?? 0) + 1;
      }
      times.push(performance.now() - t0);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => (sorted.length ? +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1) : null);
  return { pages: times.length, seconds: +seconds.toFixed(2), pagesPerSec: +(times.length / Math.max(0.001, seconds)).toFixed(1), p50Ms: at(0.5), p99Ms: at(0.99), statuses };
}

/** Resident memory of one process (VmRSS, MiB) from /proc. */
function rssMiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system, every thread) a process has used, in ms, from /proc (clock ticks of 10 ms). */
export function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
    return (utime + stime) * 10;
  } catch {
    return null;
  }
}

/** Notes the server's end if it ends before the stage stops it: another process's signal, a crash. */
function watchExit(child, name, note) {
  const seen = { gone: false };
  child.once('exit', (code, signal) => {
    seen.gone = true;
    if (!seen.stopping) note(`The ${name} server ended on its own before the stage stopped it (exit ${code ?? '—'}, signal ${signal ?? '—'}; code 143 is Next's answer to a SIGTERM, which this stage never sends before it is done): figures after that are missing.`);
  });
  return seen;
}

async function sitemapOf(origin) {
  const xml = await (await fetch(`${origin}/sitemap.xml`, { signal: AbortSignal.timeout(60_000) })).text();
  return sitemapPaths(xml);
}

/** The bare Next app of the reference rows: its files, written to a folder of the system's temporary directory. */
export const BARE_NEXT_FILES = {
  'app/layout.tsx': 'export default function RootLayout({ children }: { children: React.ReactNode }) {\n  return (\n    <html lang="zh-CN">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
  // connection(): rendered at each request, as a member page is.
  'app/empty/page.tsx': "import { connection } from 'next/server';\n\nexport default async function Empty() {\n  await connection();\n  return <p>empty</p>;\n}\n",
  'app/robots.txt/route.ts': "export const dynamic = 'force-dynamic';\n\nexport function GET() {\n  return new Response('User-agent: *\\nAllow: /\\n', { headers: { 'content-type': 'text/plain' } });\n}\n",
  'next.config.mjs': 'export default { poweredByHeader: false };\n',
  'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', lib: ['dom', 'esnext'], strict: true, noEmit: true, module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx', isolatedModules: true, esModuleInterop: true, skipLibCheck: true, plugins: [{ name: 'next' }] }, include: ['**/*.ts', '**/*.tsx'] }),
};

/**
 * Builds the bare app with the installed Next and measures
 * its floor (/robots.txt, a route handler) and its empty dynamic page at `connections`, with production's memory
 * settings. Rows of kind 'reference': the report sets them against the site's floor like the others.
 */
export async function bareNextRows({ port, connections }) {
  // Outside the repository (inside it, Next would take the site's instrumentation.ts for the app's), with the
  // repository's packages linked in file by file (Turbopack compiles nothing outside the app's folder).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-next-'));
  for (const [file, text] of Object.entries(BARE_NEXT_FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const copy = spawnSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')], { stdio: 'ignore' });
  if (copy.status !== 0) throw new Error('its packages could not be linked in');
  const next = path.join(dir, 'node_modules/next/dist/bin/next');
  const env = { ...process.env, ...nodeMemoryEnv(), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  log('render-cost', 'building the bare Next app');
  const build = spawnSync(process.execPath, [next, 'build'], { cwd: dir, env, stdio: 'ignore', timeout: 300_000 });
  if (build.status !== 0) throw new Error(`its build ended with ${build.status ?? build.signal}`);
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: dir, env, stdio: 'ignore', detached: true });
  try {
    if (!(await waitUp(`${origin}/robots.txt`, 60_000))) throw new Error('its next start did not come up');
    const rows = [];
    for (const [name, url, bare] of [['reference: bare Next app, its floor (/robots.txt)', '/robots.txt', 'floor'], ['reference: bare Next app, an empty page rendered per request', '/empty', 'page']]) {
      const probe = await fetch(origin + url, { headers: BROWSER_HEADERS });
      const bytes = (await probe.arrayBuffer()).byteLength;
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}`);
      log('render-cost autocannon', name);
      const r = await throughputOf(origin + url, BROWSER_HEADERS, { connections });
      rows.push(summary(name, url, r, { kind: 'reference', bare, connections, pageCache: null, encoding: probe.headers.get('content-encoding'), wireKB: +(bytes / 1024).toFixed(1) }));
    }
    return rows;
  } finally {
    killTree(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A release on a fresh database and an empty PAGE_CACHE_DIR at `port`: the crawl of a process with nothing kept
 * (the reference), then the release's prerender of the whole sitemap (scripts/prerender-pages.mjs, as
 * deploy/release.sh runs it), then the process stops. Its database and pages stay for the next process.
 */
async function releaseWithPrerender({ port, dbName, pageDir, note }) {
  const release = await startServer({ port, dbName, env: { PAGE_CACHE_DIR: pageDir } });
  const exit = watchExit(release.child, 'release', note);
  try {
    const paths = (await sitemapOf(release.origin)).slice(0, RENDER_GOALS.crawlUrls);
    log('render-cost', `crawl of ${paths.length} sitemap URLs with nothing kept, ${RENDER_GOALS.crawlConcurrency} at a time`);
    const cold = { ...(await crawl(release.origin, paths, { concurrency: RENDER_GOALS.crawlConcurrency })), concurrency: RENDER_GOALS.crawlConcurrency, sitemapUrls: paths.length };
    log('render-cost', 'the release prerender of the whole sitemap');
    const prerender = await prerenderPages(release.origin);
    return { cold, prerender };
  } finally {
    exit.stopping = true;
    killTree(release.child);
  }
}

/** The figures of part 1 on one fresh server at `port`. */
export async function renderFigures({ port, note }) {
  const dbName = `bench-render-${port}.db`;
  const pageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
  const figures = { rows: [], crawl: null, coldCrawl: null, prerender: null, memory: null };
  try {
    const release = await releaseWithPrerender({ port: port + 1, dbName, pageDir, note });
    figures.coldCrawl = release.cold;
    figures.prerender = release.prerender;
  } catch (err) {
    note(`The release's prerender did not run: ${why(err)}; the crawl below met nothing kept.`);
  }
  const server = await startServer({ port, dbName, env: { PAGE_CACHE_DIR: pageDir }, freshDatabase: false });
  const { origin } = server;
  const connections = RENDER_GOALS.connections;
  const exit = watchExit(server.child, 'measured', note);
  try {
    const pid = server.child.pid;
    const rssAtStartMiB = rssMiB(pid);
    // 1. The crawl, first: nothing but the server's own start and its first page (home) came before it. The
    // release's other process prerendered the sitemap onto disk (lib/page-cache/disk.ts).
    const paths = (await sitemapOf(origin)).slice(0, RENDER_GOALS.crawlUrls);
    log('render-cost', `crawl of ${paths.length} sitemap URLs from a fresh process of the release, ${RENDER_GOALS.crawlConcurrency} at a time`);
    figures.crawl = { ...(await crawl(origin, paths, { concurrency: RENDER_GOALS.crawlConcurrency })), concurrency: RENDER_GOALS.crawlConcurrency, sitemapUrls: paths.length };
    const rssAfterCrawlMiB = rssMiB(pid);

    const cookie = await memberCookie(origin);
    if (!cookie) note('The demo member could not log in: the member pages were not measured.');
    const member = { ...BROWSER_HEADERS, cookie: cookie ?? '' };
    const targets = [
      ['floor: /robots.txt', '/robots.txt', 'floor', BROWSER_HEADERS],
      ['cached public page: home', routes.home(), 'cached', BROWSER_HEADERS],
      ...(cookie
        ? [
            // Each member page, and the member part of a kept shell, read by the browser (lib/routes.ts
            // MEMBER_SHELL_PATHS): judged with the shell as one view of the page (bench/goals.mjs).
            ...[routes.userIndex(), routes.registrationRecords(), routes.modifyInfo(), routes.patients()].flatMap((page) => [
              [`member: ${page}`, page, 'member', member],
              ...(SHELL_READS[page] ? [[`member read: ${SHELL_READS[page]} (of ${page})`, SHELL_READS[page], 'member-read', { ...member, accept: '*/*' }, page]] : []),
            ]),
          ]
        : []),
      ['floor: /robots.txt (again)', '/robots.txt', 'floor', BROWSER_HEADERS],
    ];
    let memberSeconds = 0;
    for (const [name, url, kind, headers, readOfPage] of targets) {
      try {
        const probe = await fetch(origin + url, { headers, redirect: 'manual' });
        const bytes = (await probe.arrayBuffer()).byteLength;
        if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}`);
        log('render-cost autocannon', name);
        const r = await throughputOf(origin + url, headers, { connections });
        if (kind === 'member' || kind === 'member-read') memberSeconds += settings.warmupSeconds + settings.throughputSeconds;
        const readOf = readOfPage ? { readOf: readOfPage } : {};
        figures.rows.push(summary(name, url, r, { kind, connections, pageCache: probe.headers.get('x-page-cache'), encoding: probe.headers.get('content-encoding'), wireKB: +(bytes / 1024).toFixed(1), ...readOf }));
      } catch (err) {
        note(`${name} was not measured: ${why(err)}`);
      }
    }

    // 3. Member load until 10 minutes (scaled) of it have run; memory sampled through it.
    const loadSeconds = Math.max(0, Math.round(RENDER_GOALS.memberLoadSeconds * settings.durationScale) - memberSeconds);
    let peak = rssMiB(pid) ?? 0;
    // The last reading while the process lived: another process may end it (the stage notes that).
    let lastSeen = { mib: peak, atSeconds: memberSeconds };
    const loadStarted = Date.now();
    const sample = () => {
      const now = rssMiB(pid);
      if (now === null) return;
      peak = Math.max(peak, now);
      lastSeen = { mib: now, atSeconds: memberSeconds + Math.round((Date.now() - loadStarted) / 1000) };
    };
    if (cookie && loadSeconds > 0) {
      log('render-cost', `member load for ${loadSeconds} s more`);
      const sampler = setInterval(sample, 1000);
      try {
        // A view of a kept shell is the shell and its read.
        const requests = [routes.userIndex(), routes.registrationRecords()].flatMap((page) => [{ path: page }, ...(SHELL_READS[page] ? [{ path: SHELL_READS[page] }] : [])]);
        const r = await cannon(origin + routes.userIndex(), loadSeconds, member, { connections, requests });
        figures.memberLoad = summary('member load: /userIndex, /dRecord/registration and their reads in turn', '', r, { kind: 'member-load', connections, seconds: loadSeconds });
      } finally {
        clearInterval(sampler);
      }
    }
    sample();
    await sleep(3000);
    sample();
    figures.memory = {
      rssAtStartMiB,
      rssAfterCrawlMiB,
      rssPeakMiB: peak,
      rssEndMiB: exit.gone ? null : rssMiB(pid),
      rssLastSeenMiB: lastSeen.mib,
      lastSeenAtSeconds: lastSeen.atSeconds,
      treeRssEndMiB: treeRssMB(pid),
      memberLoadSeconds: memberSeconds + loadSeconds,
    };
  } finally {
    exit.stopping = true;
    killTree(server.child);
  }
  // A reference, not a goal: the same member page on a server without the page cache (PAGE_CACHE=0), where
  // neither the page cache nor the mending of error answers runs: what the site's own layer costs a member page.
  let direct = null;
  try {
    direct = await startServer({ port: port + 2, dbName: `bench-render-direct-${port}.db`, pageCache: false });
    const cookie = await memberCookie(direct.origin);
    if (cookie) {
      const headers = { ...BROWSER_HEADERS, cookie };
      const probe = await fetch(direct.origin + routes.userIndex(), { headers, redirect: 'manual' });
      const bytes = (await probe.arrayBuffer()).byteLength;
      if (probe.status !== 200) throw new Error(`answered ${probe.status}`);
      log('render-cost autocannon', 'member page with the page cache off (PAGE_CACHE=0)');
      const r = await throughputOf(direct.origin + routes.userIndex(), headers, { connections });
      figures.rows.push(summary('reference: /userIndex with the page cache off (PAGE_CACHE=0)', routes.userIndex(), r, { kind: 'reference', connections, pageCache: probe.headers.get('x-page-cache'), encoding: probe.headers.get('content-encoding'), wireKB: +(bytes / 1024).toFixed(1) }));
    }
  } catch (err) {
    note(`The member page with the page cache off was not measured: ${why(err)}`);
  } finally {
    killTree(direct?.child);
  }
  // A reference, not a goal: what Next itself costs a page rendered per request, on the same machine in the same
  // run. A bare app of the installed Next (a root layout of <html><body>, no proxy) with an empty dynamic page.
  try {
    figures.rows.push(...(await bareNextRows({ port: port + 3, connections })));
  } catch (err) {
    note(`The bare Next app was not measured: ${why(err)}`);
  }
  return figures;
}

async function waitForFile(file, limitMs) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (fs.existsSync(file)) return true;
    await sleep(200);
  }
  return false;
}

/** One profiled window: SIGUSR2 to start, `drive()`, SIGUSR2 to stop; the profile's path. */
async function profileWindow(pid, out, name, drive) {
  for (const f of [out, `${out}.started`, `${out}.done`]) fs.rmSync(f, { force: true });
  process.kill(pid, 'SIGUSR2');
  if (!(await waitForFile(`${out}.started`, 10_000))) throw new Error('the profiler did not start (bench/profile-preload.mjs)');
  const cpuBefore = cpuMs(pid);
  const driven = await drive();
  const cpuAfter = cpuMs(pid);
  process.kill(pid, 'SIGUSR2');
  if (!(await waitForFile(`${out}.done`, 60_000))) throw new Error('the profile was not written');
  const file = path.join(PROFILE_DIR, `${name}.cpuprofile`);
  fs.renameSync(out, file);
  return { file, driven: { ...driven, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore } };
}

/** Part 2: the CPU profiles of cold public pages and of member renders, on one fresh server at `port`. */
export async function renderProfiles({ port, note }) {
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const out = path.resolve(PROFILE_DIR, 'window.cpuprofile');
  const preload = pathToFileURL(path.join(root, 'bench', 'profile-preload.mjs')).href;
  const profilerEnv = { NODE_OPTIONS: `${nodeMemoryEnv().NODE_OPTIONS ?? ''} --import ${preload}`.trim(), BENCH_PROFILE_OUT: out };
  const server = await startServer({ port, dbName: `bench-profile-${port}.db`, env: profilerEnv });
  const exit = watchExit(server.child, 'profiled', note);
  const { origin } = server;
  const result = {};
  try {
    const pid = server.child.pid;
    const paths = (await sitemapOf(origin)).slice(0, RENDER_GOALS.profileColdPages);
    const cookie = await memberCookie(origin);
    log('render-cost profile', `${paths.length} cold public pages`);
    const cold = await profileWindow(pid, out, 'cold-public', () => crawl(origin, paths, { concurrency: RENDER_GOALS.crawlConcurrency }));
    result.coldPublic = { ...cold, unit: { count: cold.driven.pages, label: 'cold public pages' } };
    if (!cookie) {
      note('The demo member could not log in: no profile of member renders.');
      return result;
    }
    const member = { ...BROWSER_HEADERS, cookie };
    // A few unprofiled first: the first member render of each page loads its code.
    await crawl(origin, [routes.userIndex(), routes.registrationRecords()], { concurrency: 2, headers: member });
    const memberPaths = Array.from({ length: RENDER_GOALS.profileMemberRenders }, (_, i) => (i % 2 ? routes.registrationRecords() : routes.userIndex()));
    log('render-cost profile', `${memberPaths.length} member renders`);
    const renders = await profileWindow(pid, out, 'member', () => crawl(origin, memberPaths, { concurrency: RENDER_GOALS.crawlConcurrency, headers: member }));
    result.member = { ...renders, unit: { count: renders.driven.pages, label: 'member page loads' } };
  } finally {
    exit.stopping = true;
    killTree(server.child);
  }
  // The same member loads on a server without the page cache (PAGE_CACHE=0): what the site's own layer around a
  // member's render costs is the difference.
  const directServer = await startServer({ port: port + 2, dbName: `bench-profile-direct-${port}.db`, pageCache: false, env: profilerEnv });
  const directExit = watchExit(directServer.child, 'profiled (PAGE_CACHE=0)', note);
  try {
    const cookie = await memberCookie(directServer.origin);
    if (cookie) {
      const member = { ...BROWSER_HEADERS, cookie };
      await crawl(directServer.origin, [routes.userIndex(), routes.registrationRecords()], { concurrency: 2, headers: member });
      const memberPaths = Array.from({ length: RENDER_GOALS.profileMemberRenders }, (_, i) => (i % 2 ? routes.registrationRecords() : routes.userIndex()));
      log('render-cost profile', `${memberPaths.length} member renders with the page cache off (PAGE_CACHE=0)`);
      const renders = await profileWindow(directServer.child.pid, out, 'member-direct', () => crawl(directServer.origin, memberPaths, { concurrency: RENDER_GOALS.crawlConcurrency, headers: member }));
      result.memberDirect = { ...renders, unit: { count: renders.driven.pages, label: 'member page loads' } };
    }
  } finally {
    directExit.stopping = true;
    killTree(directServer.child);
  }
  return result;
}

/** The profiled windows, in the report's order: [key, heading]. */
export const PROFILE_WINDOWS = [
  ['coldPublic', "Cold public pages (the sitemap's first URLs, 4 at a time, fresh server)"],
  ['member', 'Member page loads (/userIndex and /dRecord/registration in turn, 4 at a time)'],
  ['memberDirect', 'The same member page loads with the page cache off (PAGE_CACHE=0)'],
];

/** The Markdown of bench/render-cost.md from the run's figures, goals and profile summaries. */
export function renderCostMarkdown(run) {
  const lines = ['# Render cost (`npm run bench:render`)', '', '<!-- Written by bench/stages/render-cost.mjs; the figures are this machine\'s, read them as ratios. -->', ''];
  if (run.note) lines.push(run.note, '');
  const m = run.machine;
  lines.push(`Run ${run.date} on ${m.cpus} cores (${m.cpuModel}), Node ${m.node}; load average ${m.loadAverageAtStart.map((x) => x.toFixed(2)).join(' / ')} at start and ${m.loadAverageAtEnd.map((x) => x.toFixed(2)).join(' / ')} at the end (1 / 5 / 15 min); BENCH_DURATION_SCALE ${run.settings.durationScale} (${run.settings.warmupSeconds} s warm-up + ${run.settings.throughputSeconds} s measured per target, ${RENDER_GOALS.connections} connections).`, '');
  for (const n of run.notes) lines.push(`> ${n}`, '');
  if (run.goals?.length) {
    lines.push('## Goals', '', '| goal | figure | target | met | why |', '| --- | --- | --- | --- | --- |');
    for (const g of run.goals) lines.push(`| ${g.name} | ${g.figure} | ${g.target} | ${g.met ? 'PASS' : 'MISS'} | ${String(g.why).replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  const f = run.figures;
  if (f) {
    const floor = bestFloor(f.rows);
    lines.push('## Figures', '', '| target | req/s | × floor | p50 ms | p99 ms | non-2xx | errors | x-page-cache | encoding | KB sent |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |');
    for (const r of f.rows) lines.push(`| ${r.name} | ${r.reqPerSec} | ${floor ? (r.reqPerSec / Math.max(1, floor.reqPerSec)).toFixed(2) : '—'} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} | ${r.pageCache ?? '—'} | ${r.encoding ?? 'identity'} | ${r.wireKB} |`);
    if (f.memberLoad) lines.push(`| ${f.memberLoad.name} (${f.memberLoad.seconds} s) | ${f.memberLoad.reqPerSec} | ${floor ? (f.memberLoad.reqPerSec / Math.max(1, floor.reqPerSec)).toFixed(2) : '—'} | ${f.memberLoad.p50Ms} | ${f.memberLoad.p99Ms} | ${f.memberLoad.non2xx} | ${f.memberLoad.errors} | — | — | — |`);
    lines.push('');
    const crawlLine = (title, c) =>
      `${title}: ${c.pages} of the sitemap's ${c.sitemapUrls} first URLs, ${c.concurrency} at a time: ${c.seconds} s, ${c.pagesPerSec} pages/s${floor ? ` (${(c.pagesPerSec / Math.max(1, floor.reqPerSec)).toFixed(3)}× the floor)` : ''}, p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms a page; statuses ${JSON.stringify(c.statuses)}.`;
    if (f.coldCrawl) lines.push(crawlLine('Crawl of a process with nothing kept (the release\'s first process, fresh database, no pages on disk)', f.coldCrawl), '');
    if (f.prerender) lines.push(`The release's prerender (scripts/prerender-pages.mjs, 2 at a time, on that process): ${f.prerender.pages} sitemap pages in ${f.prerender.seconds} s; statuses ${JSON.stringify(f.prerender.statuses)}. The process then stopped.`, '');
    if (f.crawl) lines.push(crawlLine('Crawl of a fresh process of the release (started after the prerender, same database and PAGE_CACHE_DIR), as a crawler', f.crawl), '');
    if (f.memory) {
      const mm = f.memory;
      const end = mm.rssEndMiB === null ? `gone before the end (last seen at ${mm.rssLastSeenMiB} MiB after ${mm.lastSeenAtSeconds} s of member load)` : `${mm.rssEndMiB} MiB at the end after ${mm.memberLoadSeconds} s of member load (its process tree: ${mm.treeRssEndMiB} MiB)`;
      lines.push(`Resident memory of the \`next start\` process: ${mm.rssAtStartMiB} MiB after its start and first page, ${mm.rssAfterCrawlMiB} MiB after the crawl, peak ${mm.rssPeakMiB} MiB, ${end}.`, '');
    }
  }
  if (run.code) {
    lines.push("## Code that follows Next's internals", '', 'Counted from the tree by bench/next-internals.mjs (every line of each module, and those that are neither blank nor comment), tests not counted.', '', '| part | modules | lines | code |', '| --- | --- | ---: | ---: |');
    for (const p of run.code.parts) lines.push(`| ${p.part} | ${p.files.map((f) => `\`${f.file}\` ${f.lines}`).join(', ')} | ${p.lines} | ${p.code} |`);
    lines.push(`| all | | ${run.code.lines} | ${run.code.code} |`, '');
  }
  if (run.profiles) {
    lines.push('## CPU profiles: where the milliseconds go', '');
    lines.push('V8\'s sampling profiler (0.5 ms) in the `next start` process (bench/profile-preload.mjs), started after the server\'s start and stopped after the window; frames mapped through the source maps of Next\'s runtime and of the build (bench/profile-summary.mjs). A member page load renders once, in its own request (docs/decisions.md "Member pages render once"); an error answer of it is mended on Node\'s response (lib/page-cache/error-mend.ts). The raw profiles are in .reports/profiles/ (open them in Chrome DevTools).', '');
    for (const [key, title] of PROFILE_WINDOWS) {
      const p = run.profiles[key];
      if (!p?.summary) continue;
      const cpu = typeof p.driven.cpuMs === 'number' ? ` The process used ${p.driven.cpuMs} ms of CPU over the window (every thread, /proc), ${(p.driven.cpuMs / Math.max(1, p.driven.pages)).toFixed(1)} ms a load.` : '';
      lines.push(`### ${title}`, '', `${p.driven.pages} loads in ${p.driven.seconds} s (p50 ${p.driven.p50Ms} ms; statuses ${JSON.stringify(p.driven.statuses)}).${cpu}`, '', summaryMarkdown(p.summary, { perUnit: p.unit }), '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The better of the floor's runs (as the throughput stage reads it). */
export function bestFloor(rows) {
  const floors = rows.filter((r) => r.kind === 'floor');
  return floors.length ? floors.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a)) : null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.env.BENCH_RERENDER === '1') {
  // The last run's report written again from its figures, with BENCH_NOTE at its top: nothing is measured; the
  // code that follows Next's internals is counted again (test/bench.test.ts holds the report to the tree).
  process.chdir(root);
  const run = JSON.parse(fs.readFileSync(RENDER_JSON, 'utf8'));
  run.note = benchNote;
  run.code = countNextInternals(root);
  // Judged again too, by the goals' present rules (bench/goals.mjs).
  run.goals = [...(run.figures ? judgeRenderCost(run.figures) : []), ...judgeNextInternals(run.code)];
  fs.writeFileSync(RENDER_JSON, JSON.stringify(run, null, 2));
  fs.writeFileSync(RENDER_MARKDOWN, renderCostMarkdown(run));
  log(`wrote ${RENDER_MARKDOWN} again from ${RENDER_JSON}`);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.chdir(root);
  const port = Number(process.env.BENCH_PORT || 3700);
  const notes = [];
  const note = (t) => notes.push(t);
  const run = {
    date: new Date().toISOString(),
    note: benchNote,
    settings,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', node: process.version, loadAverageAtStart: os.loadavg() },
    notes,
  };
  let code = 0;
  try {
    run.code = countNextInternals(root);
    run.goals = judgeNextInternals(run.code);
    if (process.env.BENCH_SKIP_FIGURES !== '1') {
      run.figures = await renderFigures({ port, note });
      run.goals = [...judgeRenderCost(run.figures), ...run.goals];
    }
    if (process.env.BENCH_SKIP_PROFILE !== '1') {
      const profiles = await renderProfiles({ port: port + 1, note });
      const resolve = sourceMapResolver();
      for (const p of Object.values(profiles)) p.summary = summariseProfile(JSON.parse(fs.readFileSync(p.file, 'utf8')), { resolve, top: 25 });
      run.profiles = profiles;
    }
  } catch (err) {
    code = 1;
    note(`The stage stopped with an error: ${why(err)}`);
    console.error(err);
  } finally {
    run.machine.loadAverageAtEnd = os.loadavg();
    fs.mkdirSync('.reports', { recursive: true });
    fs.writeFileSync(RENDER_JSON, JSON.stringify(run, null, 2));
    fs.writeFileSync(RENDER_MARKDOWN, renderCostMarkdown(run));
    log(`wrote ${RENDER_MARKDOWN} and ${RENDER_JSON}`);
  }
  process.exit(code);
}

#!/usr/bin/env node
/**
 * `npm run bench` (docs/bench.md): measures a production build on the embedded
 * backend and writes bench/report.json and bench/report.md. docs/bench.md
 * explains every figure.
 *
 * Stages, each bounded (counts and time limits; loopback only):
 *  1. production build (reused when .next/BUILD_ID exists, unless BENCH_BUILD=1)
 *  2. `next start` on a free loopback port with a fresh bench database
 *  3. template discovery by following the site's own links (no hard-coded ids)
 *  4. Lighthouse 12 (desktop preset) on every template of docs/bench.md, /userIndex logged in
 *  5. first-load JS per route, gzip, from the script tags of each page's server HTML
 *  6. autocannon, 50 connections × 20 s, with a browser's headers (Accept-Encoding:
 *     gzip, deflate, br, zstd) and again raw: home, doctor list, doctor detail, news
 *     detail (answered by the whole-page cache, lib/page-cache) and a static page
 *     through proxy.ts, with their bytes raw/gzip/brotli; the floor (an empty Next
 *     app's trivial page, no proxy, built in this run); nginx serving the home page's
 *     saved bytes with gzip_static; home rendered per request on a second server
 *     with PAGE_CACHE=0; and the same pages through the deploy/ stack (nginx over
 *     HTTPS, two next start, Redis: scripts/deploy-local.sh), side by side
 *  7. the doctor list at 1k/10k/100k doctors (bench/doctor-list-scale.ts, when present)
 *  8. load: 60 s × 50 connections on home and the doctor list, server RSS sampled
 *
 * Environment: BENCH_BUILD=1 (rebuild), BENCH_DURATION_SCALE (e.g. 0.25 for a
 * quick proof run; the report says so), BENCH_SKIP=lighthouse,js,throughput,stack,scale,load,burst to skip stages,
 * BENCH_LH_RUNS (Lighthouse runs per template, 3; the median run is reported).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
// The typed route builders and link discovery of the e2e audits, shared (no hard-coded ids).
const { routes } = await tsImport('../lib/routes.ts', import.meta.url);
const { dynamicTemplates, matches, internalLinks, DEMO_MEMBER } = await tsImport('../e2e/support/discover.ts', import.meta.url);

const START = Date.now();
/** The whole bench stops starting new stages after this. */
const BENCH_DEADLINE_MS = 45 * 60_000;
const SCALE = Math.min(1, Math.max(0.05, Number(process.env.BENCH_DURATION_SCALE || 1)));
const SKIP = new Set((process.env.BENCH_SKIP || '').split(',').map((s) => s.trim()).filter(Boolean));
const THROUGHPUT_SECONDS = Math.round(20 * SCALE);
const LOAD_SECONDS = Math.round(60 * SCALE);
/** Every throughput target first takes this much of the same load, unmeasured: JIT and lazily loaded code paths. */
const WARMUP_SECONDS = 5;
const CONNECTIONS = 50;
/** The floor: a trivial static page, written into public/ before the server starts (Next lists public/ at start). */
const FLOOR_FILE = path.join('public', 'bench-floor.html');
const FLOOR_PATH = '/bench-floor.html';
const FLOOR_HTML = '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>floor</title></head><body><p>floor</p></body></html>\n';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

const GOALS = {
  lighthousePerformance: 0.98,
  lighthouseOther: 1.0,
  /** First-load JS of a public page: at most this much gzip over the framework floor measured in the same run (an empty App Router page with one next/link). */
  firstLoadJsOverFloorKB: 30,
  cachedVsFloor: 0.5,
  p99Ms: 100,
  /** Through the stack (deploy/): a cached page vs nginx sending the same bytes from disk, and its p99. */
  stackVsNginx: 0.5,
  stackP99Ms: 50,
  scaleFlatRatio: 1.5,
};

const report = {
  note: process.env.BENCH_NOTE || '',
  generatedAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', totalMemMB: Math.round(os.totalmem() / 2 ** 20), loadAverageAtStart: os.loadavg() },
  settings: { durationScale: SCALE, throughputSeconds: THROUGHPUT_SECONDS, loadSeconds: LOAD_SECONDS, connections: CONNECTIONS, skipped: [...SKIP] },
  build: {},
  templates: {},
  lighthouse: [],
  firstLoadJs: [],
  /** The framework's own first-load JS (frameworkFloorJs): what no page can go below. */
  frameworkFloorJs: [],
  /** Lighthouse of the empty app's page with one next/link (frameworkFloor): the TBT no page goes below. */
  frameworkFloorLighthouse: null,
  throughput: [],
  scale: null,
  load: [],
  /** First visits from many addresses at once on the lists cached by place (section 9). */
  burst: [],
  goals: [],
  notes: [],
};

const log = (...a) => console.log(`[bench ${((Date.now() - START) / 1000).toFixed(0)}s]`, ...a);
const timeLeft = () => BENCH_DEADLINE_MS - (Date.now() - START);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

async function waitUp(url, limitMs) {
  const until = Date.now() + limitMs;
  for (let i = 0; i < 1000 && Date.now() < until; i++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return true;
    } catch {
      /* not yet */
    }
    await sleep(300);
  }
  return false;
}

/** RSS of a process and its descendants, in MB (Linux /proc). */
function treeRssMB(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* gone */
    }
  }
  let kb = 0;
  const stack = [pid];
  for (let guard = 0; stack.length > 0 && guard < 500; guard++) {
    const p = stack.pop();
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      kb += m ? Number(m[1]) : 0;
    } catch {
      /* gone */
    }
    stack.push(...(children.get(p) ?? []));
  }
  return Math.round(kb / 1024);
}

function killTree(child) {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
}

// ------------------------------------------------------------------ 1. build
function ensureBuild() {
  const idFile = path.join('.next', 'BUILD_ID');
  if (process.env.BENCH_BUILD === '1' || !fs.existsSync(idFile)) {
    log('next build');
    const r = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', timeout: 15 * 60_000, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
    if (r.status !== 0) throw new Error('next build failed');
  }
  report.build = { buildId: fs.readFileSync(idFile, 'utf8').trim(), builtAt: fs.statSync(idFile).mtime.toISOString() };
}

// ------------------------------------------------------------------ 2. server
async function startServer({ pageCache = true, dbName = 'bench.db' } = {}) {
  const port = await freePort();
  const dbPath = path.join('.data', dbName);
  fs.mkdirSync('.data', { recursive: true });
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(dbPath + suffix, { force: true });
  // A fresh database: no data cached on disk from an older one (Next keeps its data cache there, lib/api/cache.ts).
  fs.rmSync(path.join('.next', 'cache', 'fetch-cache'), { recursive: true, force: true });
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, DATABASE_PATH: dbPath, SITE_URL: origin, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PAGE_CACHE: pageCache ? '' : '0', PAGE_CACHE_DEBUG: '1' },
    stdio: 'ignore',
    detached: true,
  });
  if (!(await waitUp(`${origin}/404`, 120_000))) throw new Error('next start did not come up');
  // First request seeds the database; warm every later target once.
  await fetch(`${origin}/`).then((r) => r.text());
  return { origin, child };
}

// ------------------------------------------------------------------ 3. discovery
async function discover(origin) {
  const want = new Set(['医生详情 doctorDetail', '门诊详情 hospitalDetail', '疾病详情 illnessDetail', '新闻详情 newsDetail', '商品详情 productDetails']);
  const found = {};
  const queue = ['/sitemap.xml', routes.doctorList(), routes.hospitalList(), routes.illnessList(), routes.news(), routes.onlineMall(), routes.pointsExchange(), routes.expertStudio(), routes.home()];
  const seen = new Set(queue);
  for (let visited = 0; queue.length > 0 && visited < 60; visited++) {
    if ([...want].every((n) => found[n])) break;
    const url = queue.shift();
    let html = '';
    try {
      const res = await fetch(origin + url, { signal: AbortSignal.timeout(15_000), redirect: 'manual' });
      if (res.status !== 200) continue;
      html = await res.text();
    } catch {
      continue;
    }
    for (const href of internalLinks(html)) {
      for (const t of dynamicTemplates) {
        if (want.has(t.name) && !found[t.name] && matches(t, href)) found[t.name] = href;
        if (matches(t, href) && !seen.has(href) && seen.size < 500) {
          seen.add(href);
          queue.push(href);
        }
      }
    }
  }
  return found;
}

async function memberCookie(origin) {
  try {
    const res = await fetch(`${origin}/api/AuthenticationCenter/PcPwdLogin?IsWeb=1`, {
      method: 'POST',
      body: new URLSearchParams({ Phone: DEMO_MEMBER.phone, Password: DEMO_MEMBER.password }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = await res.json();
    if (body?.ErrorNo !== 1 || !body.Result?.access_token) return null;
    return `Token=${body.Result.access_token}; refreshToken=${body.Result.refresh_token ?? ''}`;
  } catch {
    return null;
  }
}

function templateList(found, cookie) {
  /** The templates of docs/bench.md, in its order. */
  const t = [
    ['home', routes.home()],
    ['doctor list', routes.doctorList()],
    ['doctor detail', found['医生详情 doctorDetail']],
    ['clinic list', routes.hospitalList()],
    ['clinic detail', found['门诊详情 hospitalDetail']],
    ['online questions', routes.onlineQuestions()],
    ['illness detail', found['疾病详情 illnessDetail']],
    ['news list', routes.news()],
    ['news detail', found['新闻详情 newsDetail']],
    ['charity', routes.foundation()],
    ['search results', routes.search('中医')],
    ['help centre', routes.registrationQuestion()],
    ['points mall', routes.onlineMall()],
    ['product detail', found['商品详情 productDetails']],
    ['/userIndex logged in', cookie ? routes.userIndex() : null],
  ];
  return t.map(([name, url]) => ({ name, url: url ?? null, cookie: name === '/userIndex logged in' ? cookie : null }));
}

// ------------------------------------------------------------------ 4. Lighthouse
function lighthouse(origin, template) {
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

/** Lighthouse runs per template (BENCH_LH_RUNS); the median run is reported. */
const LIGHTHOUSE_RUNS = Math.max(1, Math.round(Number(process.env.BENCH_LH_RUNS || 3)));

/**
 * Lighthouse's own advice (docs/variability.md in the Lighthouse repository): scores move from run to run with
 * the machine's other work, so run it several times and report the median run. Each template is measured
 * LIGHTHOUSE_RUNS times and the run of median performance (the lower middle for an even count, then the
 * longer TBT) is reported, with every run's performance score beside it.
 * The trace recording sometimes fails on this machine (NO_NAVSTART, "Please run Lighthouse again"), leaving
 * whole categories without a score. Such a run measures nothing and is run again, at most twice a template.
 */
function lighthouseMedian(origin, template) {
  const unscored = (r) => !r.error && [r.performance, r.accessibility, r.bestPractices, r.seo].some((x) => x === null);
  const runs = [];
  let failed = null;
  let failures = 0;
  while (runs.length < LIGHTHOUSE_RUNS && failures <= 2) {
    const result = lighthouse(origin, template);
    if (result.error || unscored(result)) {
      failures++;
      failed = result;
      log('lighthouse again', template.name, result.runtimeError ?? result.erroredAudits?.[0] ?? result.error ?? '');
      continue;
    }
    runs.push(result);
  }
  if (runs.length === 0) return { ...failed, attempts: failures, performanceRuns: [] };
  const ordered = [...runs].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
  const median = ordered[Math.floor((ordered.length - 1) / 2)];
  return { ...median, attempts: runs.length + failures, performanceRuns: runs.map((r) => r.performance), tbtRuns: runs.map((r) => r.tbtMs) };
}

// ------------------------------------------------------------------ 5. first-load JS
async function firstLoadJs(origin, template, staticDir = path.join('.next', 'static')) {
  const res = await fetch(origin + template.url, { headers: template.cookie ? { cookie: template.cookie } : {}, signal: AbortSignal.timeout(20_000) });
  const html = await res.text();
  // noModule scripts (legacy polyfills) are skipped by every browser that runs modules.
  const srcs = [...new Set([...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]).filter((a) => !/\bnomodule\b/i.test(a)).map((a) => /\bsrc="([^"]+)"/i.exec(a)?.[1]).filter(Boolean))];
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const src of srcs.slice(0, 200)) {
    const rel = new URL(src, origin).pathname;
    let bytes;
    const local = rel.startsWith('/_next/static/') ? path.join(staticDir, decodeURIComponent(rel.slice('/_next/static/'.length))) : null;
    if (local && fs.existsSync(local)) bytes = fs.readFileSync(local);
    else bytes = Buffer.from(await (await fetch(new URL(src, origin), { signal: AbortSignal.timeout(20_000) })).arrayBuffer());
    const gz = zlib.gzipSync(bytes, { level: 6 }).length;
    raw += bytes.length;
    gzip += gz;
    files.push({ file: rel, gzipKB: +(gz / 1024).toFixed(1) });
  }
  return { name: template.name, url: template.url, status: res.status, scripts: srcs.length, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzip / 1024).toFixed(1), largest: files.sort((a, b) => b.gzipKB - a.gzipKB).slice(0, 3) };
}

/**
 * The framework's own share of first-load JS, measured in this run: an empty
 * App Router app (a root layout and a page, no client component of its own)
 * and the same page with one next/link, built by this project's Next with its
 * default bundler and measured as above. No page of ours can go below it.
 */
const EMPTY_APP_DIR = path.join('bench', '.tmp', 'framework-floor');
const EMPTY_APP_FILES = {
  'next.config.mjs': `export default { turbopack: { root: ${JSON.stringify(process.cwd())} } };\n`,
  'app/layout.js': 'export default function RootLayout({ children }) {\n  return <html lang="zh-CN"><body>{children}</body></html>;\n}\n',
  'app/page.js': 'export default function Page() {\n  return <p>floor</p>;\n}\n',
  'app/with-link/page.js': "import Link from 'next/link';\n\nexport default function Page() {\n  return <Link href=\"/\">floor</Link>;\n}\n",
};

/** Where the empty app's proxy answers, and the bytes it answers with (PROXY_FLOOR_FILES). */
const PROXY_FLOOR_PATH = '/stored-page';
/**
 * The same empty app with a proxy.ts of its own (docs/bench.md "Proxy floor"): its matcher covers only
 * PROXY_FLOOR_PATH, where it answers the stored brotli bytes of our home page from memory, as the page
 * cache does; the trivial page `/` is outside the matcher. What any answer from a proxy costs in Next.
 */
const PROXY_FLOOR_FILES = {
  'proxy.js': `import fs from 'node:fs';
import path from 'node:path';

const BODY = fs.readFileSync(path.join(process.cwd(), 'stored-page.br'));
const HEADERS = { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', vary: 'Accept-Encoding', 'cache-control': 'private, no-store' };

export function proxy() {
  return new Response(BODY, { headers: HEADERS });
}

export const config = { matcher: [${JSON.stringify(PROXY_FLOOR_PATH)}] };
`,
};

/**
 * Builds the empty app in bench/.tmp and starts it; `removeEmptyApp` ends it and deletes it.
 * `storedPage` (brotli bytes) adds the proxy of PROXY_FLOOR_FILES answering them.
 */
async function startEmptyApp({ storedPage } = {}) {
  fs.rmSync(EMPTY_APP_DIR, { recursive: true, force: true });
  const files = storedPage ? { ...EMPTY_APP_FILES, ...PROXY_FLOOR_FILES, 'stored-page.br': storedPage } : EMPTY_APP_FILES;
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(EMPTY_APP_DIR, file)), { recursive: true });
    fs.writeFileSync(path.join(EMPTY_APP_DIR, file), text);
  }
  const nextBin = path.resolve('node_modules/next/dist/bin/next');
  const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  const built = spawnSync(process.execPath, [nextBin, 'build'], { cwd: EMPTY_APP_DIR, env, encoding: 'utf8', timeout: 5 * 60_000 });
  if (built.status !== 0) throw new Error(`next build of the empty app failed: ${(built.stderr || built.stdout || '').split('\n').slice(-3).join(' ')}`);
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: EMPTY_APP_DIR, env, stdio: 'ignore', detached: true });
  const origin = `http://127.0.0.1:${port}`;
  if (!(await waitUp(`${origin}/`, 60_000))) {
    killTree(child);
    throw new Error('the empty app did not start');
  }
  return { child, origin, staticDir: path.join(EMPTY_APP_DIR, '.next', 'static') };
}

function removeEmptyApp(app) {
  killTree(app?.child);
  fs.rmSync(EMPTY_APP_DIR, { recursive: true, force: true });
}

/**
 * The empty app's first-load JS and, unless Lighthouse is skipped, its Lighthouse run (median of
 * LIGHTHOUSE_RUNS) on the page with one next/link: the TBT that Next and React cost before any page of ours
 * (docs/bench.md "Framework floor"). Not a goal row: the reference that a template's TBT is read against.
 */
async function frameworkFloor() {
  let app = null;
  try {
    app = await startEmptyApp();
    const js = [
      await firstLoadJs(app.origin, { name: 'empty App Router page', url: '/' }, app.staticDir),
      await firstLoadJs(app.origin, { name: 'empty page with one next/link', url: '/with-link' }, app.staticDir),
    ];
    let lighthouse = null;
    if (!SKIP.has('lighthouse')) {
      log('lighthouse', 'framework floor');
      lighthouse = lighthouseMedian(app.origin, { name: 'framework floor: empty page with one next/link', url: '/with-link', cookie: null });
    }
    return { js, lighthouse };
  } finally {
    removeEmptyApp(app);
  }
}

// ------------------------------------------------------------------ 6. throughput
/** What a browser sends for a document (the page cache answers document loads only, lib/page-cache/policy.ts). */
const DOCUMENT_HEADERS = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
/** What Chrome and Firefox send for a document: the figure that counts (every answer compressed). */
const BROWSER_HEADERS = { ...DOCUMENT_HEADERS, 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Bytes on the wire of one answer for an Accept-Encoding (node:http does not decode, unlike fetch), and the
 * encoding the server chose. TLS is accepted as is (the local stack's certificate is self-signed).
 */
function wireBytes(url, acceptEncoding) {
  const u = new URL(url);
  const get = u.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(u, { headers: { ...DOCUMENT_HEADERS, 'accept-encoding': acceptEncoding }, rejectUnauthorized: false, timeout: 20_000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** Raw, gzip and brotli sizes of a page as the server sends them (KB), for the report's bytes per template. */
async function pageBytes(url) {
  const [raw, gzip, br] = await Promise.all([wireBytes(url, 'identity'), wireBytes(url, 'gzip'), wireBytes(url, 'gzip, deflate, br, zstd')]);
  const kb = (b) => +(b / 1024).toFixed(1);
  return { rawKB: kb(raw.bytes), gzipKB: gzip.encoding === 'gzip' ? kb(gzip.bytes) : null, brKB: br.encoding === 'br' ? kb(br.bytes) : null, browserEncoding: br.encoding };
}

function cannon(url, seconds, headers = BROWSER_HEADERS) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: Math.max(1, seconds), headers, timeout: 10 }, (err, result) => (err ? reject(err) : resolve(result)));
    // Bounded: autocannon stops itself at `duration`; this is the fuse.
    setTimeout(() => instance.stop?.(), (seconds + 30) * 1000).unref();
  });
}

/**
 * One throughput figure: WARMUP_SECONDS of the same load unmeasured, then THROUGHPUT_SECONDS measured.
 * With browser headers (Accept-Encoding: gzip, deflate, br, zstd) unless `headers` says otherwise.
 */
async function throughputOf(url, headers = BROWSER_HEADERS) {
  await cannon(url, WARMUP_SECONDS, headers);
  return cannon(url, THROUGHPUT_SECONDS, headers);
}

function summary(name, url, r, extra = {}) {
  return {
    name,
    url,
    ...extra,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    // Which statuses the non-2xx were ({ "502": { count } }): a count alone does not say what went wrong.
    statusCodes: r.statusCodeStats ?? null,
    total: r.requests.total,
  };
}

/** Installs Debian's nginx when it is missing (as root); false when it cannot be had. */
function ensureNginx() {
  const r = spawnSync('bash', [path.join('scripts', 'ensure-debian-package.sh'), '/usr/sbin/nginx', 'nginx'], { stdio: 'inherit', timeout: 10 * 60_000 });
  return r.status === 0;
}

async function startNginx(homeHtml) {
  if (!fs.existsSync('/usr/sbin/nginx')) return { ok: false };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, 'www'));
  fs.writeFileSync(path.join(dir, 'www', 'index.html'), homeHtml);
  // The same bytes precompressed, as deploy/ serves static files (gzip_static; nginx-light has no brotli).
  fs.writeFileSync(path.join(dir, 'www', 'index.html.gz'), zlib.gzipSync(homeHtml, { level: 9 }));
  fs.chmodSync(path.join(dir, 'www', 'index.html.gz'), 0o644);
  fs.chmodSync(path.join(dir, 'www'), 0o755);
  fs.chmodSync(path.join(dir, 'www', 'index.html'), 0o644);
  const port = await freePort();
  const conf = `
worker_processes ${os.cpus().length};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  default_type text/html;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location / { gzip_static on; try_files /index.html =404; }
  }
}`;
  fs.mkdirSync(path.join(dir, 'tmp'));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore', detached: true });
  child.on('error', () => {}); // a failed start shows as no answer below
  const ok = await waitUp(`http://127.0.0.1:${port}/`, 15_000);
  return { child, dir, url: `http://127.0.0.1:${port}/`, ok };
}

// ------------------------------------------------------------------ 7. scale
/**
 * Parses bench/doctor-list-scale.ts's text output: a "<N> doctors (seeded …)" line per
 * size, then one "<case> p50 X ms   p95 Y ms" line per query case. A JSON last
 * line is accepted too.
 */
function parseScaleOutput(stdout) {
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

function scale() {
  const script = path.join('bench', 'doctor-list-scale.ts');
  if (!fs.existsSync(script)) return { available: false, note: 'bench/doctor-list-scale.ts is missing: no scale figures.' };
  const loadAverageAtStart = os.loadavg()[0];
  const r = spawnSync('npx', ['tsx', script], { encoding: 'utf8', timeout: 15 * 60_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } });
  const lines = (r.stdout || '').trim().split('\n');
  return { available: true, exitCode: r.status, loadAverageAtStart, result: parseScaleOutput(r.stdout || ''), stdoutTail: lines.slice(-40).join('\n'), stderrTail: (r.stderr || '').split('\n').slice(-5).join('\n') };
}

// ------------------------------------------------------------------ 8. load
async function load(name, url, serverPid) {
  const samples = [];
  const sampler = setInterval(() => samples.push(treeRssMB(serverPid)), 1000);
  const halfway = new Promise((resolve) => setTimeout(() => resolve(treeRssMB(serverPid)), (LOAD_SECONDS * 1000) / 2));
  const startMB = treeRssMB(serverPid);
  try {
    const r = await cannon(url, LOAD_SECONDS);
    await sleep(3000);
    const endMB = treeRssMB(serverPid);
    return { ...summary(name, url, r), seconds: LOAD_SECONDS, rssStartMB: startMB, rssHalfwayMB: await halfway, rssPeakMB: Math.max(startMB, endMB, ...samples), rssEndMB: endMB };
  } finally {
    clearInterval(sampler);
  }
}

// ------------------------------------------------------------------ 9. a burst of first visits from many addresses
/**
 * The lists that read the visitor's IP location (/doctorlist without a province, /hospitallist) are cached by the
 * visitor's place, not the address (lib/page-cache/place.ts). BURST_VISITORS first visits arrive at once, each from an
 * address of its own on loopback (127.0.x.y: with no trusted proxy the server takes the socket's peer as the
 * visitor's address), each on a new connection, on a server that has not rendered the page yet: how long the
 * visitors wait, and how they were answered (x-page-cache).
 */
const BURST_VISITORS = 300;

function visitFrom(url, localAddress) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Through the stack: HTTPS to nginx (a self-signed certificate), and nginx's own X-Micro-Cache says how.
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { localAddress, agent: false, rejectUnauthorized: false, headers: BROWSER_HEADERS, timeout: 30_000 }, (res) => {
      res.resume();
      const nginx = res.headers['x-micro-cache'];
      const how = nginx !== undefined ? `nginx ${nginx || '(not kept)'}` : (res.headers['x-page-cache'] ?? 'render');
      res.on('end', () => resolve({ ms: Date.now() - started, status: res.statusCode, how }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ error: err.code ?? err.message }));
  });
}

async function burst(name, url) {
  const started = Date.now();
  const visits = await Promise.all(
    Array.from({ length: BURST_VISITORS }, (_, i) => visitFrom(url, `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`)),
  );
  const wallMs = Date.now() - started;
  const ms = visits.filter((v) => !v.error).map((v) => v.ms).sort((a, b) => a - b);
  const at = (p) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] : null);
  const answeredBy = {};
  for (const v of visits) if (!v.error) answeredBy[v.how] = (answeredBy[v.how] ?? 0) + 1;
  return {
    name,
    url: new URL(url).pathname,
    visitors: BURST_VISITORS,
    wallMs,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors: visits.filter((v) => v.error).length,
    non2xx: visits.filter((v) => !v.error && (v.status < 200 || v.status >= 300)).length,
    answeredBy,
  };
}

// ------------------------------------------------------------------ goals
/** Why two templates miss the SEO audit on purpose (docs/decisions.md "Pages kept out of search engines"). */
const NOINDEX_REASON =
  'deliberate: this page sends noindex and robots.txt disallows it. Member pages are private and search results are an endless space of thin pages; Lighthouse’s is-crawlable audit fails any page kept out of indexes, so a score of 1.0 would mean inviting crawlers in';

function goal(name, met, figure, target, why = '') {
  report.goals.push({ name, met, figure, target, why: met ? '' : why });
}

function judge() {
  const floorLh = report.frameworkFloorLighthouse;
  // The framework's own blocking time in this run, beside each template's (docs/bench.md "Framework floor").
  const floorTbt = floorLh && !floorLh.error ? ` (the framework floor alone: ${floorLh.tbtMs} ms, runs ${(floorLh.tbtRuns ?? []).join(', ')})` : '';
  for (const l of report.lighthouse) {
    if (l.error) {
      goal(`Lighthouse ${l.name}`, false, 'no result', 'a result', l.error);
      continue;
    }
    const errors = [l.runtimeError, ...(l.erroredAudits ?? [])].filter(Boolean).join('; ');
    const noScore = (key) => (l[key] === null ? `no score: Lighthouse could not run part of this category (${errors || 'no error given'})` : '');
    const perfMiss = !(l.performance >= GOALS.lighthousePerformance);
    goal(`Lighthouse performance: ${l.name}`, !perfMiss, l.performance, `≥ ${GOALS.lighthousePerformance}`,
      noScore('performance') || `short by ${(GOALS.lighthousePerformance - l.performance).toFixed(2)}; LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms${floorTbt}, CLS ${l.cls}; failing: ${l.failingAudits.performance?.join(', ') || '—'}.`);
    for (const [key, id] of [['accessibility', 'accessibility'], ['bestPractices', 'best-practices'], ['seo', 'seo']]) {
      const why = l.failingAudits[id]?.some((a) => a.startsWith('is-crawlable')) ? ` (${NOINDEX_REASON})` : '';
      goal(`Lighthouse ${id}: ${l.name}`, l[key] === 1, l[key], '= 1.0', noScore(key) || `short by ${(1 - l[key]).toFixed(2)}; failing: ${l.failingAudits[id]?.join(', ') || '—'}${why}`);
    }
  }
  // The budget is relative to the framework floor of this very run: what Next itself ships for an empty
  // App Router page with one next/link, plus what the site may add (docs/decisions.md “First-load JavaScript”).
  const [emptyPage, withLink] = report.frameworkFloorJs;
  const jsBudgetKB = withLink ? +(withLink.gzipKB + GOALS.firstLoadJsOverFloorKB).toFixed(1) : null;
  for (const j of report.firstLoadJs) {
    if (j.name === '/userIndex logged in') continue;
    if (jsBudgetKB === null) {
      goal(`First-load JS (gzip): ${j.name}`, false, `${j.gzipKB} KB`, `≤ floor + ${GOALS.firstLoadJsOverFloorKB} KB`,
        'not judged: the framework floor was not measured in this run (see the notes).');
      continue;
    }
    const own = +(j.gzipKB - withLink.gzipKB).toFixed(1);
    goal(`First-load JS (gzip): ${j.name}`, j.gzipKB <= jsBudgetKB, `${j.gzipKB} KB (floor + ${own} KB)`,
      `≤ ${jsBudgetKB} KB (floor ${withLink.gzipKB} + ${GOALS.firstLoadJsOverFloorKB})`,
      `${j.gzipKB <= jsBudgetKB ? 'within' : `over by ${(j.gzipKB - jsBudgetKB).toFixed(1)} KB`}: the framework ships ${emptyPage.gzipKB} KB for an empty App Router page and ${withLink.gzipKB} KB with one next/link; this page adds ${own} KB of its own; largest: ${j.largest.map((f) => `${f.file} ${f.gzipKB} KB`).join(', ')}.`);
  }
  const floor = report.throughput.find((t) => t.kind === 'floor');
  const proxyFloor = report.throughput.filter((t) => t.kind === 'proxy-floor');
  const proxyPresent = proxyFloor.find((t) => t.url === '/');
  const proxyAnswer = proxyFloor.find((t) => t.url !== '/');
  const proxyFloorNote =
    floor && proxyPresent && proxyAnswer
      ? `; the empty app itself, once it has a proxy.ts, serves its trivial page at ${(proxyPresent.reqPerSec / Math.max(1, floor.reqPerSec)).toFixed(2)}× and its proxy answers the same stored bytes at ${(proxyAnswer.reqPerSec / Math.max(1, floor.reqPerSec)).toFixed(2)}× of the floor`
      : '';
  for (const t of report.throughput.filter((x) => x.kind === 'page')) {
    if (!floor) break;
    const ratio = t.reqPerSec / Math.max(1, floor.reqPerSec);
    const how = t.pageCache === 'HIT' ? 'answered from the page cache' : `not answered from the page cache (x-page-cache: ${t.pageCache ?? 'absent'}), so rendered per request`;
    const busy = report.machine.loadAverageAtStart[0] > 1 ? `; other work on the machine (load average ${report.machine.loadAverageAtStart[0].toFixed(1)} at start)` : '';
    goal(`Throughput vs floor: ${t.name}`, ratio >= GOALS.cachedVsFloor, `${ratio.toFixed(2)}× (${t.reqPerSec} vs ${floor.reqPerSec} req/s)`, `≥ ${GOALS.cachedVsFloor}×`,
      `short by ${(GOALS.cachedVsFloor - ratio).toFixed(2)}×: ${how}; each answer sends ${t.brKB ?? t.gzipKB ?? t.bytesKB ?? '?'} KB (${t.rawKB ?? '?'} KB raw, stored precompressed) through proxy.ts, where the floor sends a few hundred bytes without a proxy${proxyFloorNote}${busy}.`);
    const perRequestMs = (1000 / Math.max(1, t.reqPerSec)).toFixed(1);
    goal(`p99 latency: ${t.name}`, t.p99Ms <= GOALS.p99Ms, `${t.p99Ms} ms`, `≤ ${GOALS.p99Ms} ms`,
      `over by ${t.p99Ms - GOALS.p99Ms} ms: ${how}. Next answers on one thread, so ${CONNECTIONS} connections queue behind each other: at ${perRequestMs} ms a request the queue alone is ${Math.round(CONNECTIONS * Number(perRequestMs))} ms, and the floor itself (an empty Next app) has p99 ${floor.p99Ms} ms; autocannon shares the 2 cores${busy}.`);
  }
  const nginxStatic = report.throughput.find((t) => t.kind === 'nginx');
  for (const t of report.throughput.filter((x) => x.kind === 'stack')) {
    if (!nginxStatic) break;
    const ratio = t.reqPerSec / Math.max(1, nginxStatic.reqPerSec);
    goal(`Stack throughput vs nginx static: ${t.name}`, ratio >= GOALS.stackVsNginx, `${ratio.toFixed(2)}× (${t.reqPerSec} vs ${nginxStatic.reqPerSec} req/s)`, `≥ ${GOALS.stackVsNginx}×`,
      `short by ${(GOALS.stackVsNginx - ratio).toFixed(2)}×: every answer still crosses nginx → next start → proxy.ts over loopback, TLS included, while the reference is nginx sending a file; the two processes and autocannon share ${report.machine.cpus} cores.`);
    goal(`Stack p99 latency: ${t.name}`, t.p99Ms <= GOALS.stackP99Ms, `${t.p99Ms} ms`, `≤ ${GOALS.stackP99Ms} ms`, `over by ${t.p99Ms - GOALS.stackP99Ms} ms at ${CONNECTIONS} connections through TLS and two processes.`);
  }
  const sizes = report.scale?.result?.sizes;
  if (report.scale?.available && Array.isArray(sizes) && sizes.length >= 2) {
    const first = sizes[0];
    const last = sizes.at(-1);
    for (const c of first.cases) {
      const end = last.cases.find((x) => x.label === c.label);
      if (!end) continue;
      const ratio = end.p50Ms / Math.max(0.001, c.p50Ms);
      const series = sizes.map((s) => s.cases.find((x) => x.label === c.label)?.p50Ms ?? '?').join(' → ');
      const load = report.scale.loadAverageAtStart;
      goal(`Doctor list flat ${first.doctors} → ${last.doctors} doctors: ${c.label}`, ratio <= GOALS.scaleFlatRatio, `${ratio.toFixed(2)}× (p50 ${c.p50Ms} → ${end.p50Ms} ms)`, `≤ ${GOALS.scaleFlatRatio}×`,
        `p50 ${series} ms across the sizes${typeof load === 'number' ? `, load average ${load.toFixed(1)} when the stage began` : ''}. ` +
          'A growth of a fraction of a millisecond can be other work on the machine: `npm run bench:scale` runs the stage alone. ' +
          'A growth that stays means a filter or sort that no index or keyword posting (migration 012) covers.');
    }
  } else if (!SKIP.has('scale')) {
    // A skipped stage (BENCH_SKIP=scale) is no missed goal: bench/doctor-list-scale.md keeps `npm run bench:scale`'s figures.
    goal('Doctor list flat from 1k to 100k', false, 'not measured', `p50 ratio ≤ ${GOALS.scaleFlatRatio}×`, report.scale?.note ?? 'the scale script gave no figures (see its output in report.json)');
  }
  for (const l of report.load) {
    goal(`Load 0 errors and 0 non-2xx: ${l.name}`, l.errors === 0 && l.non2xx === 0 && l.timeouts === 0, `${l.errors} errors, ${l.timeouts} timeouts, ${l.non2xx} non-2xx`, '0', 'see the server log of a rerun');
    // Stable: the second half of the run adds nothing. A cold server's RSS grows once to its working set
    // under 50 connections (V8's heap, malloc arenas); a leak keeps growing to the end.
    const stable = l.rssEndMB <= l.rssHalfwayMB * 1.1 + 16;
    goal(`Load memory stable: ${l.name}`, stable, `${l.rssStartMB} → ${l.rssHalfwayMB} at ${l.seconds / 2} s → peak ${l.rssPeakMB} → end ${l.rssEndMB} MB`, 'end ≤ 1.1 × halfway + 16 MB',
      `memory grew by ${l.rssEndMB - l.rssHalfwayMB} MB in the second half of the run: look for a leak`);
  }
}

// ------------------------------------------------------------------ report
const fmt = (v) => (v === null || v === undefined || Number.isNaN(v) ? '—' : String(v));

function writeReport() {
  fs.mkdirSync('bench', { recursive: true });
  fs.writeFileSync(path.join('bench', 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  const md = [];
  md.push('# Bench report', '');
  md.push(`Generated ${report.generatedAt} by \`npm run bench\` (scripts/bench.mjs; docs/bench.md explains each figure).`);
  md.push(`Build ${report.build.buildId ?? '?'} (${report.build.builtAt ?? '?'}), ${report.machine.cpus} CPU (${report.machine.cpuModel}), load average at start ${report.machine.loadAverageAtStart.map((x) => x.toFixed(2)).join(' / ')}.`);
  if (SCALE < 1) md.push('', `**Shortened run** (BENCH_DURATION_SCALE=${SCALE}): throughput ${THROUGHPUT_SECONDS} s and load ${LOAD_SECONDS} s per target instead of 20 s and 60 s. Rerun without it for the real figures.`);
  if (SKIP.size) md.push('', `Stages left out of this run (BENCH_SKIP): ${[...SKIP].join(', ')}; their goals are not in the table.`);
  if (report.note) md.push('', report.note);
  for (const n of report.notes) md.push('', `> ${n}`);
  md.push('', '## Goals', '', '| goal | met | figure | target | by how much and why |', '| --- | --- | --- | --- | --- |');
  for (const g of report.goals) md.push(`| ${g.name} | ${g.met ? 'yes' : '**no**'} | ${fmt(g.figure)} | ${g.target} | ${g.why.replace(/\|/g, '\\|')} |`);
  md.push('', '## Lighthouse 12 (desktop preset)', '', `The median of ${LIGHTHOUSE_RUNS} runs per template (by performance score); “perf of each run” lists them all.`, '',
    '| template | URL | perf | a11y | best pr. | SEO | LCP ms | CLS | TBT ms | perf of each run |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const l of report.lighthouse) {
    if (l.error) md.push(`| ${l.name} | ${l.url ?? '—'} | error: ${l.error.replace(/\n/g, ' ').slice(0, 120)} | | | | | | | |`);
    else md.push(`| ${l.name} | \`${l.url}\` | ${fmt(l.performance)} | ${fmt(l.accessibility)} | ${fmt(l.bestPractices)} | ${fmt(l.seo)} | ${fmt(l.lcpMs)} | ${fmt(l.cls)} | ${fmt(l.tbtMs)} | ${(l.performanceRuns ?? []).map(fmt).join(', ')} |`);
  }
  const fl = report.frameworkFloorLighthouse;
  if (fl && !fl.error) {
    md.push(`| *framework floor* (not a goal) | \`${fl.url}\` (bench/.tmp app) | ${fmt(fl.performance)} | ${fmt(fl.accessibility)} | ${fmt(fl.bestPractices)} | ${fmt(fl.seo)} | ${fmt(fl.lcpMs)} | ${fmt(fl.cls)} | ${fmt(fl.tbtMs)} | ${(fl.performanceRuns ?? []).map(fmt).join(', ')} (TBT of each run: ${(fl.tbtRuns ?? []).join(', ')} ms) |`);
    md.push('', 'The framework floor row is the empty App Router app of the first-load JS section (a root layout and a page with one next/link), measured by the same Lighthouse in this run: the blocking time that evaluating Next and React and hydrating an empty page costs on this machine before any page of ours.');
  }
  const missing = Object.entries(report.templates).filter(([, u]) => !u).map(([n]) => n);
  if (missing.length) md.push('', `Not measured (no URL found by following the site's links, or no login): ${missing.join(', ')}.`);
  md.push('', '## First-load JS (gzip, from each page’s script tags)', '', '| template | URL | scripts | raw KB | gzip KB |', '| --- | --- | --- | --- | --- |');
  for (const j of report.firstLoadJs) md.push(`| ${j.name} | \`${j.url}\` | ${j.scripts} | ${j.rawKB} | ${j.gzipKB} |`);
  for (const j of report.frameworkFloorJs) md.push(`| framework floor: ${j.name} | \`${j.url}\` (bench/.tmp app) | ${j.scripts} | ${j.rawKB} | ${j.gzipKB} |`);
  if (report.frameworkFloorJs.length) md.push('', `The framework floor rows are an empty app built and measured in this run by the same Next: what no App Router page goes below. A public page's budget is the floor with one next/link + ${GOALS.firstLoadJsOverFloorKB} KB.`);
  md.push('', `## Throughput and latency (autocannon, ${CONNECTIONS} connections × ${THROUGHPUT_SECONDS} s each after ${WARMUP_SECONDS} s of unmeasured warm-up, same machine)`, '');
  const floor = report.throughput.find((t) => t.kind === 'floor');
  const nginx = report.throughput.find((t) => t.kind === 'nginx');
  md.push('Headers “browser”: `Accept: text/html…` and `Accept-Encoding: gzip, deflate, br, zstd`, as Chrome sends them; “raw”: no Accept-Encoding (the old figure).', '');
  md.push('| target | where | headers | answered by | raw KB | gzip KB | br KB | req/s | p50 ms | p99 ms | × floor | × nginx | errors | non-2xx |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const t of report.throughput) {
    const rf = floor ? (t.reqPerSec / Math.max(1, floor.reqPerSec)).toFixed(2) : '—';
    const rn = nginx ? (t.reqPerSec / Math.max(1, nginx.reqPerSec)).toFixed(3) : '—';
    const by = t.kind === 'nginx' ? 'nginx' : t.kind === 'floor' ? 'empty Next app' : t.kind === 'proxy-floor' ? (t.url === '/' ? 'empty app, proxy present' : 'empty app’s proxy') : t.kind.startsWith('static') ? 'static file' : t.pageCache ? `page cache ${t.pageCache}` : t.kind === 'stack' ? 'nginx → next' : 'render';
    const other = Object.entries(t.statusCodes ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, v]) => `${code}×${v.count}`);
    md.push(`| ${t.name} | ${t.where ?? '—'} | ${t.headers ?? '—'} | ${by} | ${fmt(t.rawKB ?? t.bytesKB)} | ${fmt(t.gzipKB)} | ${fmt(t.brKB)} | ${t.reqPerSec} | ${t.p50Ms} | ${t.p99Ms} | ${rf} | ${rn} | ${t.errors + t.timeouts} | ${t.non2xx}${other.length ? ` (${other.join(', ')})` : ''} |`);
  }
  const floorRunsText = floor?.runs?.length > 1 ? ` It is measured before and after the one-process pages and the better run counts (this run: ${floor.runs.map((r) => `${r.reqPerSec} req/s, p99 ${r.p99Ms} ms`).join('; ')}).` : '';
  md.push('', 'The floor is an empty Next app (bench/.tmp, a root layout and a trivial page, no proxy) built by the same Next and measured in this run.' + floorRunsText + ' The two proxy-floor rows are that app with a proxy.ts added (not goals): its trivial page, outside the proxy’s matcher, and the proxy answering our home page’s brotli bytes from memory, as the page cache does; what Next costs any site that has a proxy, before a line of ours. nginx serves the saved bytes of the home page with `gzip_static` (its .gz beside it): the machine’s physical limit. “stack” is deploy/ brought up by scripts/deploy-local.sh: nginx over HTTPS in front of two `next start` and Redis. “answered by” is the x-page-cache header of a request made just before the run (lib/page-cache).');
  md.push('', '## Scale: the doctor list at 1k / 10k / 100k doctors', '');
  if (!report.scale) md.push('Skipped.');
  else if (!report.scale.available) md.push(report.scale.note);
  else if (Array.isArray(report.scale.result?.sizes)) {
    const sizes = report.scale.result.sizes;
    md.push(`| query (TW_User/GetDoctorPageList) | ${sizes.map((z) => `p50 ms @ ${z.doctors}`).join(' | ')} |`, `| --- | ${sizes.map(() => '---').join(' | ')} |`);
    for (const c of sizes[0].cases) md.push(`| ${c.label} | ${sizes.map((z) => z.cases.find((x) => x.label === c.label)?.p50Ms ?? '—').join(' | ')} |`);
  } else md.push('```', report.scale.stdoutTail || JSON.stringify(report.scale.result), '```');
  md.push('', `## Load (${LOAD_SECONDS} s × ${CONNECTIONS} connections)`, '', '| target | req/s | p50 ms | p99 ms | errors | timeouts | non-2xx | RSS start MB | halfway MB | peak MB | end MB |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const l of report.load) md.push(`| ${l.name} | ${l.reqPerSec} | ${l.p50Ms} | ${l.p99Ms} | ${l.errors} | ${l.timeouts} | ${l.non2xx} | ${l.rssStartMB} | ${l.rssHalfwayMB} | ${l.rssPeakMB} | ${l.rssEndMB} |`);
  md.push('', `## A burst of first visits from many addresses (${BURST_VISITORS} at once, each from its own loopback address and connection: on a fresh server, and through the stack)`, '');
  if (!report.burst.length) md.push('Not measured in this run.');
  else {
    md.push('| list | URL | wall ms | p50 ms | p99 ms | errors | non-2xx | answered by (x-page-cache; through the stack, nginx’s X-Micro-Cache) |', '| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const b of report.burst) md.push(`| ${b.name} | \`${b.url}\` | ${b.wallMs} | ${b.p50Ms} | ${b.p99Ms} | ${b.errors} | ${b.non2xx} | ${Object.entries(b.answeredBy).map(([k, v]) => `${k} ${v}`).join(', ')} |`);
    md.push('', 'These lists read the visitor\'s IP location, so the page cache keys them by the place the address is in (lib/page-cache/place.ts): the visitors of one city share one render, and concurrent first visits of one key share it as it is made (each of those answers says MISS). Keyed by the address, each visitor cost a render of their own. Through the stack the visitors come over HTTPS, each with a TLS handshake of its own, to a list nginx already keeps: nginx keys it by place too (lib/page-cache/proxy-place.ts), so a new address costs it one small place lookup from a process and no page.');
  }
  const rendered = report.throughput.find((t) => t.kind === 'reference');
  const home = report.throughput.find((t) => t.kind === 'page' && t.name === 'home');
  md.push('', '## Cost of the CSP nonce', '',
    'A nonce must be new in every answer, so Next renders every page per request (docs/security.md). proxy.ts answers full loads of public pages from whole pages rendered once and compressed once, their inline scripts allowed by hash instead (lib/page-cache, docs/decisions.md); public data also stays cached in lib/api. The cost of the nonce without that cache is the React render of every request:');
  if (rendered && home) md.push('', `home rendered per request (PAGE_CACHE=0): ${rendered.reqPerSec} req/s, p50 ${rendered.p50Ms} ms, p99 ${rendered.p99Ms} ms; from the page cache: ${home.reqPerSec} req/s, p50 ${home.p50Ms} ms, p99 ${home.p99Ms} ms (${(home.reqPerSec / Math.max(1, rendered.reqPerSec)).toFixed(1)}×).`);
  else md.push('', 'Not measured in this run.');
  fs.writeFileSync(path.join('bench', 'report.md'), `${md.join('\n')}\n`);
}

// ------------------------------------------------------------------ 6b. the stack
const STACK_STATE = path.join('bench', '.tmp', 'stack');
/** scripts/deploy-local.sh with the bench's own state folder (its own database, logs, certificate). */
function deployLocal(command) {
  return spawnSync('bash', [path.join('scripts', 'deploy-local.sh'), command], {
    env: { ...process.env, DEPLOY_STATE: path.resolve(STACK_STATE) },
    encoding: 'utf8',
    timeout: 10 * 60_000,
  });
}

async function stackThroughput(pages) {
  const up = deployLocal('up');
  try {
    if (up.status !== 0) {
      report.notes.push(`The stack (scripts/deploy-local.sh up) did not come up: ${(up.stderr || up.stdout || '').split('\n').slice(-3).join(' ')}`);
      return;
    }
    const origin = `https://127.0.0.1:${process.env.DEPLOY_HTTPS_PORT || 4443}`;
    for (const [name, url] of pages) {
      try {
        // Warm both processes' page caches (nginx balances them).
        for (let i = 0; i < 4; i++) await wireBytes(origin + url, 'gzip, deflate, br, zstd');
        const bytes = await pageBytes(origin + url);
        log('autocannon stack', name);
        report.throughput.push(summary(name, url, await throughputOf(origin + url), { kind: 'stack', headers: 'browser', bytesKB: bytes.rawKB, ...bytes, where: 'stack' }));
      } catch (err) {
        report.notes.push(`Throughput of ${name} through the stack failed: ${err?.message ?? err}`);
      }
    }
    // A shared link going round: first visits from addresses nginx has never seen, to a list it keeps by place
    // (docs/deploying.md "Micro-cache"). Each costs nginx one place lookup, not a page.
    if (!SKIP.has('burst')) {
      try {
        log('burst', 'doctor list through the stack');
        report.burst.push(await burst('doctor list, through the stack', `${origin}${routes.doctorList()}`));
      } catch (err) {
        report.notes.push(`The burst through the stack failed: ${err?.message ?? err}`);
      }
    }
  } finally {
    deployLocal('down');
    fs.rmSync(STACK_STATE, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ main
let server = null;
let restarts = 0;

/**
 * The server may die under a stage (memory, a crash): the report says so and
 * the bench starts a fresh one on the same build (at most twice).
 */
async function ensureServerUp() {
  if (await waitUp(`${server.origin}/404`, 5_000)) return;
  report.notes.push(`The Next server stopped answering before a stage (restart ${restarts + 1}); figures after this point come from a fresh server.`);
  if (restarts >= 2) throw new Error('the Next server died three times');
  restarts++;
  killTree(server.child);
  const fresh = await startServer();
  server.child = fresh.child;
  server.origin = fresh.origin;
}
let nginx = null;
let exitCode = 0;
try {
  ensureBuild();
  // Before any figure is taken, so an install does not compete with the measurements.
  if (!SKIP.has('throughput') && !ensureNginx()) report.notes.push('nginx could not be installed (scripts/ensure-debian-package.sh): no physical-limit figure.');
  fs.writeFileSync(FLOOR_FILE, FLOOR_HTML);
  server = await startServer();
  let origin = server.origin;
  log('server', origin);

  const found = await discover(origin);
  const cookie = await memberCookie(origin);
  if (!cookie) report.notes.push('The demo member could not log in through AuthenticationCenter/PcPwdLogin: /userIndex is not measured logged in.');
  const templates = templateList(found, cookie);
  report.templates = Object.fromEntries(templates.map((t) => [t.name, t.url]));
  const present = templates.filter((t) => t.url);

  if (!SKIP.has('lighthouse')) {
    for (const t of present) {
      if (timeLeft() < 10 * 60_000) {
        report.notes.push('Lighthouse stopped early: the bench deadline was near.');
        break;
      }
      try {
        await ensureServerUp();
        origin = server.origin;
        log('lighthouse', t.name, t.url);
        report.lighthouse.push(lighthouseMedian(origin, t));
      } catch (err) {
        report.notes.push(`Lighthouse of ${t.name} failed: ${err?.message ?? err}`);
      }
    }
  }

  if (!SKIP.has('js')) {
    await ensureServerUp();
    origin = server.origin;
    for (const t of present) {
      try {
        report.firstLoadJs.push(await firstLoadJs(origin, t));
      } catch (err) {
        report.notes.push(`First-load JS of ${t.name} failed: ${err?.message ?? err}`);
      }
    }
    try {
      log('first-load JS of an empty Next app');
      const floor = await frameworkFloor();
      report.frameworkFloorJs = floor.js;
      report.frameworkFloorLighthouse = floor.lighthouse;
    } catch (err) {
      report.notes.push(`The framework's first-load JS was not measured: ${err?.message ?? err}`);
    }
  }

  if (!SKIP.has('throughput')) {
    await ensureServerUp();
    origin = server.origin;
    const homeHtml = Buffer.from(await (await fetch(`${origin}/`, { headers: DOCUMENT_HEADERS })).arrayBuffer());
    const pages = [
      ['home', routes.home()],
      ['doctor list', routes.doctorList()],
      ['doctor detail', found['医生详情 doctorDetail']],
      ['news detail', found['新闻详情 newsDetail']],
    ].filter(([, u]) => u);
    // The floor: an empty Next app's trivial page (no proxy.ts, no layout of ours), same machine, same run.
    // Measured before and after our pages, and the better of the two runs counts: a ratio is then read
    // against the most the floor did in this run, never against a run that other work on the machine slowed.
    let emptyApp = null;
    const floorRuns = [];
    const measureFloor = async () => {
      if (!emptyApp) return;
      try {
        log('floor: an empty Next app', `run ${floorRuns.length + 1}`);
        floorRuns.push(await throughputOf(`${emptyApp.origin}/`));
      } catch (err) {
        report.notes.push(`A run of the empty-app floor failed: ${err?.message ?? err}`);
      }
    };
    try {
      emptyApp = await startEmptyApp();
    } catch (err) {
      report.notes.push(`The empty-app floor was not measured: ${err?.message ?? err}`);
    }
    await measureFloor();
    // One process: each page with browser headers (the figure that counts), then without Accept-Encoding
    // (the old raw figure); their bytes raw, gzip and brotli as sent.
    for (const [name, url, kind] of [...pages.map(([n, u]) => [n, u, 'page']), ['static page through proxy.ts', FLOOR_PATH, 'static']]) {
      try {
        await ensureServerUp();
        origin = server.origin;
        // Warm the caches, and note how the page is answered and its size.
        await fetch(origin + url, { headers: BROWSER_HEADERS }).then((r) => r.text());
        const probe = await fetch(origin + url, { headers: BROWSER_HEADERS });
        await probe.arrayBuffer();
        const bytes = await pageBytes(origin + url);
        const extra = { pageCache: probe.headers.get('x-page-cache'), bytesKB: bytes.rawKB, ...bytes, where: 'one process' };
        log('autocannon', name, 'browser headers');
        report.throughput.push(summary(name, url, await throughputOf(origin + url), { kind, headers: 'browser', ...extra }));
        log('autocannon', name, 'raw');
        report.throughput.push(summary(name, url, await throughputOf(origin + url, DOCUMENT_HEADERS), { kind: `${kind}-raw`, headers: 'raw', ...extra }));
      } catch (err) {
        report.notes.push(`Throughput of ${name} failed: ${err?.message ?? err}`);
      }
    }
    await measureFloor();
    try {
      if (floorRuns.length) {
        const bytes = await pageBytes(`${emptyApp.origin}/`);
        const best = floorRuns.reduce((a, b) => (b.requests.average > a.requests.average ? b : a));
        const runs = floorRuns.map((r) => ({ reqPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99 }));
        report.throughput.push(summary('floor: empty Next app, trivial page', '/', best, { kind: 'floor', headers: 'browser', bytesKB: bytes.rawKB, ...bytes, where: 'empty app', runs }));
      }
    } catch (err) {
      report.notes.push(`The empty-app floor was not measured: ${err?.message ?? err}`);
    } finally {
      removeEmptyApp(emptyApp);
    }
    // The proxy floor (not a goal): the same empty app with a proxy.ts; its trivial page outside the proxy's
    // matcher, and the proxy answering our home page's stored brotli bytes from memory.
    let proxyApp = null;
    try {
      log('proxy floor: the empty app with a proxy.ts');
      // Compressed as the page cache stores it (lib/page-cache/precompress.ts).
      const storedPage = zlib.brotliCompressSync(homeHtml, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } });
      proxyApp = await startEmptyApp({ storedPage });
      const kb = (b) => +(b.length / 1024).toFixed(1);
      const trivial = await pageBytes(`${proxyApp.origin}/`);
      // The proxy sends its brotli bytes whatever the request accepts: a browser's request is all it is asked.
      const stored = { rawKB: kb(homeHtml), gzipKB: null, brKB: kb(storedPage) };
      for (const [name, url, bytes] of [
        ['proxy floor: empty app with a proxy.ts, trivial page', '/', trivial],
        ['proxy floor: empty app, its proxy.ts answering the stored home page', PROXY_FLOOR_PATH, stored],
      ]) {
        report.throughput.push(summary(name, url, await throughputOf(`${proxyApp.origin}${url}`), { kind: 'proxy-floor', headers: 'browser', bytesKB: bytes.rawKB, ...bytes, where: 'empty app' }));
      }
    } catch (err) {
      report.notes.push(`The proxy floor was not measured: ${err?.message ?? err}`);
    } finally {
      removeEmptyApp(proxyApp);
    }
    // The cost of the per-request nonce without the page cache: home on a second server, rendered per request.
    let uncached = null;
    try {
      uncached = await startServer({ pageCache: false, dbName: 'bench-uncached.db' });
      await fetch(uncached.origin + routes.home(), { headers: BROWSER_HEADERS }).then((r) => r.text());
      const probe = await fetch(uncached.origin + routes.home(), { headers: BROWSER_HEADERS });
      await probe.arrayBuffer();
      const bytes = await pageBytes(uncached.origin + routes.home());
      log('autocannon home rendered per request');
      report.throughput.push(summary('home, rendered per request (PAGE_CACHE=0)', routes.home(), await throughputOf(uncached.origin + routes.home()), { kind: 'reference', headers: 'browser', pageCache: probe.headers.get('x-page-cache'), bytesKB: bytes.rawKB, ...bytes, where: 'one process' }));
    } catch (err) {
      report.notes.push(`Throughput of home rendered per request failed: ${err?.message ?? err}`);
    } finally {
      killTree(uncached?.child);
    }
    nginx = await startNginx(homeHtml);
    if (nginx.ok) {
      log('autocannon nginx');
      const bytes = await pageBytes(nginx.url);
      report.throughput.push(summary('nginx (home bytes, gzip_static)', nginx.url, await throughputOf(nginx.url), { kind: 'nginx', headers: 'browser', bytesKB: bytes.rawKB, ...bytes, where: 'nginx static' }));
    } else report.notes.push('nginx did not start: no physical-limit figure.');
    killTree(nginx.child);
    // The stack of deploy/ (nginx over HTTPS, two next start, Redis), side by side with one process.
    if (!SKIP.has('stack')) await stackThroughput(pages);
  }

  if (!SKIP.has('scale')) {
    log('scale');
    report.scale = scale();
  }

  if (!SKIP.has('load')) {
    for (const [name, url] of [['home', routes.home()], ['doctor list', routes.doctorList()]]) {
      if (timeLeft() < LOAD_SECONDS * 1000 + 60_000) {
        report.notes.push(`Load on ${name} skipped: the bench deadline was near.`);
        continue;
      }
      try {
        await ensureServerUp();
        origin = server.origin;
        log('load', name);
        report.load.push(await load(name, origin + url, server.child.pid));
      } catch (err) {
        report.notes.push(`Load on ${name} failed: ${err?.message ?? err}`);
      }
    }
  }
  if (!SKIP.has('burst') && timeLeft() > 120_000) {
    // A server of its own, fresh: the lists are not rendered yet when the visitors arrive.
    killTree(server?.child);
    const fresh = await startServer({ dbName: 'bench-burst.db' });
    try {
      for (const [name, url] of [['doctor list', routes.doctorList()], ['clinic list', routes.hospitalList()]]) {
        log('burst', name);
        report.burst.push(await burst(name, fresh.origin + url));
      }
    } finally {
      killTree(fresh.child);
    }
  }
  judge();
} catch (err) {
  exitCode = 1;
  report.notes.push(`The bench stopped with an error: ${err?.message ?? err}`);
  console.error(err);
} finally {
  killTree(nginx?.child);
  if (nginx?.dir) fs.rmSync(nginx.dir, { recursive: true, force: true });
  killTree(server?.child);
  fs.rmSync(FLOOR_FILE, { force: true });
  writeReport();
  log('wrote bench/report.md and bench/report.json');
}
process.exit(exitCode);

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs module of the bench, without types
import { judge, judgeNextInternals, judgeRenderCost, RENDER_GOALS } from '../bench/goals.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { countNextInternals, lineCounts, NEXT_INTERNALS } from '../bench/next-internals.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { JSON_REPORT, MARKDOWN_REPORT, renderMarkdown, writeReport } from '../bench/report.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { areaOf, functionNameOf, summariseProfile, summaryMarkdown } from '../bench/profile-summary.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { readSettings } from '../bench/shared.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { BARE_NEXT_FILES, bestFloor, renderCostMarkdown, sitemapPaths } from '../bench/stages/render-cost.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { burstFigures, visitorAddress } from '../bench/stages/burst.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { scriptSources } from '../bench/stages/first-load-js.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { PROXY_FLOOR_PATH } from '../bench/stages/framework-floor.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { medianRun } from '../bench/stages/lighthouse.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { fillTemplate } from '../bench/stages/nginx.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { parseScaleOutput, scale } from '../bench/stages/scale.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { parseSearchOutput } from '../bench/stages/search.mjs';

/**
 * The pure parts of `npm run bench` (docs/bench.md): its settings, the goal judge, the report writer and the
 * parsers of the stages. The measurements themselves are the bench's to take, never a test's: a figure comes
 * from a run of the bench, not from a timed assertion.
 */

type Row = Record<string, unknown>;
interface Goal {
  name: string;
  met: boolean;
  figure: unknown;
  target: string;
  why: string;
}

const settings = { durationScale: 1, throughputSeconds: 20, loadSeconds: 60, connections: 50, skipped: [] as string[], warmupSeconds: 5, lighthouseRuns: 3, burstVisitors: 300 };

const scores = { performance: 1, accessibility: 1, bestPractices: 1, seo: 1, lcpMs: 600, cls: 0.001, tbtMs: 0, performanceRuns: [1, 1, 1], tbtRuns: [0, 0, 0] };
const noFailures = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
const cannonRow = (name: string, url: string, reqPerSec: number, p99Ms: number, extra: Row = {}): Row => ({
  name, url, ...extra, reqPerSec, p50Ms: Math.round(p99Ms / 2), p99Ms, errors: 0, timeouts: 0, non2xx: 0, statusCodes: { 200: { count: reqPerSec * 20 } }, total: reqPerSec * 20,
});

/** A run's figures with every section filled: what a full `npm run bench` leaves in .reports/bench.json. */
function fullReport(): Row & { settings: typeof settings; goals: Goal[]; notes: string[]; throughput: Row[]; scale: Row | null; load: Row[]; firstLoadJs: Row[]; frameworkFloorJs: Row[] } {
  return {
    note: '',
    generatedAt: '2026-11-25T08:00:00.000Z',
    machine: { cpus: 2, cpuModel: 'Test CPU', totalMemMB: 4096, loadAverageAtStart: [0.5, 0.6, 0.7] },
    settings: { ...settings },
    build: { buildId: 'B1', builtAt: '2026-11-25T07:00:00.000Z' },
    templates: { home: '/', 'search results': '/searchList?keyword=x', '/userIndex logged in': '/userIndex' },
    lighthouse: [
      { name: 'home', url: '/', ...scores, failingAudits: noFailures },
      { name: 'search results', url: '/searchList?keyword=x', ...scores, seo: 0.69, failingAudits: { ...noFailures, seo: ['is-crawlable (0)'] } },
      { name: 'doctor list', url: '/doctorlist', ...scores, performance: 0.9, tbtMs: 240, failingAudits: { ...noFailures, performance: ['total-blocking-time (0.5)'] } },
    ],
    firstLoadJs: [
      { name: 'home', url: '/', status: 200, scripts: 12, rawKB: 510, gzipKB: 155.8, largest: [{ file: '/_next/static/a.js', gzipKB: 60 }] },
      { name: 'doctor list', url: '/doctorlist', status: 200, scripts: 13, rawKB: 600, gzipKB: 170, largest: [{ file: '/_next/static/b.js', gzipKB: 70 }] },
      { name: '/userIndex logged in', url: '/userIndex', status: 200, scripts: 14, rawKB: 700, gzipKB: 200, largest: [] },
    ],
    frameworkFloorJs: [
      { name: 'empty App Router page', url: '/', status: 200, scripts: 6, rawKB: 446.5, gzipKB: 132.1, largest: [] },
      { name: 'empty page with one next/link', url: '/with-link', status: 200, scripts: 7, rawKB: 454.1, gzipKB: 135.3, largest: [] },
    ],
    frameworkFloorLighthouse: { name: 'framework floor: empty page with one next/link', url: '/with-link', ...scores, accessibility: 0.94, failingAudits: noFailures },
    throughput: [
      cannonRow('home', '/', 1300, 70, { kind: 'page', headers: 'browser', pageCache: 'HIT', bytesKB: 123, rawKB: 123, gzipKB: 20.1, brKB: 13.1, where: 'one process' }),
      cannonRow('home', '/', 1290, 75, { kind: 'page-raw', headers: 'raw', pageCache: 'HIT', bytesKB: 123, rawKB: 123, gzipKB: 20.1, brKB: 13.1, where: 'one process' }),
      cannonRow('doctor list', '/doctorlist', 1000, 120, { kind: 'page', headers: 'browser', pageCache: 'MISS', bytesKB: 119, rawKB: 119, gzipKB: 16.2, brKB: 10.8, where: 'one process' }),
      cannonRow('static page through proxy.ts', '/bench-floor.html', 1300, 50, { kind: 'static', headers: 'browser', pageCache: null, bytesKB: 0.1, rawKB: 0.1, gzipKB: null, brKB: null, where: 'one process' }),
      cannonRow('floor: empty Next app, trivial page', '/', 2400, 42, { kind: 'floor', headers: 'browser', bytesKB: 4.3, rawKB: 4.3, gzipKB: 1.6, brKB: null, where: 'empty app', runs: [{ reqPerSec: 2400, p99Ms: 42 }, { reqPerSec: 2100, p99Ms: 49 }] }),
      cannonRow('proxy floor: empty app with a proxy.ts, trivial page', '/', 2390, 42, { kind: 'proxy-floor', headers: 'browser', bytesKB: 4.3, rawKB: 4.3, gzipKB: 1.6, brKB: null, where: 'empty app' }),
      cannonRow('proxy floor: empty app, its proxy.ts answering the stored home page', '/stored-page', 1250, 76, { kind: 'proxy-floor', headers: 'browser', bytesKB: 123, rawKB: 123, gzipKB: null, brKB: 13.1, where: 'empty app' }),
      cannonRow('home, rendered per request (PAGE_CACHE=0)', '/', 94, 1105, { kind: 'reference', headers: 'browser', pageCache: 'BYPASS', bytesKB: 123.8, rawKB: 123.8, gzipKB: 20.9, brKB: null, where: 'one process' }),
      cannonRow('nginx (home bytes, gzip_static)', 'http://127.0.0.1:1/', 4000, 24, { kind: 'nginx', headers: 'browser', bytesKB: 123, rawKB: 123, gzipKB: 19.7, brKB: null, where: 'nginx static' }),
      cannonRow('home', '/', 5300, 13, { kind: 'stack', headers: 'browser', bytesKB: 123, rawKB: 123, gzipKB: 19.7, brKB: 13.1, where: 'stack' }),
      cannonRow('doctor list', '/doctorlist', 1500, 60, { kind: 'stack', headers: 'browser', bytesKB: 119, rawKB: 119, gzipKB: 15.5, brKB: 10.8, where: 'stack' }),
    ],
    scale: {
      available: true,
      exitCode: 0,
      loadAverageAtStart: 0.4,
      result: {
        sizes: [
          { doctors: 1000, cases: [{ label: 'default', p50Ms: 1, p95Ms: 2 }, { label: 'keyword', p50Ms: 1, p95Ms: 2 }] },
          { doctors: 100000, cases: [{ label: 'default', p50Ms: 1.2, p95Ms: 2 }, { label: 'keyword', p50Ms: 3, p95Ms: 5 }] },
        ],
      },
      stdoutTail: '',
      stderrTail: '',
    },
    load: [
      { ...cannonRow('home', 'http://127.0.0.1:1/', 1338, 69), seconds: 60, rssStartMB: 223, rssHalfwayMB: 494, rssPeakMB: 511, rssEndMB: 498 },
      { ...cannonRow('doctor list', 'http://127.0.0.1:1/doctorlist', 1277, 72), seconds: 60, rssStartMB: 300, rssHalfwayMB: 400, rssPeakMB: 600, rssEndMB: 600 },
    ],
    burst: [{ name: 'doctor list', url: '/doctorlist', visitors: 300, wallMs: 698, p50Ms: 679, p99Ms: 684, errors: 0, non2xx: 0, answeredBy: { MISS: 300 } }],
    goals: [],
    notes: [],
  };
}

const goalNamed = (goals: Goal[], name: string) => {
  const g = goals.find((x) => x.name === name);
  if (!g) throw new Error(`no goal ${name} among ${goals.map((x) => x.name).join(' / ')}`);
  return g;
};

describe('the goal judge (bench/goals.mjs)', () => {
  const goals: Goal[] = judge(fullReport());

  it('holds a cached page to half the floor of the same run and p99 ≤ 100 ms, and says why a page misses', () => {
    expect(goalNamed(goals, 'Throughput vs floor: home')).toEqual({ name: 'Throughput vs floor: home', met: true, figure: '0.54× (1300 vs 2400 req/s)', target: '≥ 0.5×', why: '' });
    const list = goalNamed(goals, 'Throughput vs floor: doctor list');
    expect(list.met).toBe(false);
    expect(list.why).toContain('short by 0.08×');
    expect(list.why).toContain('not answered from the page cache (x-page-cache: MISS)');
    // The proxy floor's two ratios name what Next costs any site with a proxy.
    expect(list.why).toContain('at 1.00× and its proxy answers the same stored bytes at 0.52× of the floor');
    expect(goalNamed(goals, 'p99 latency: doctor list')).toMatchObject({ met: false, figure: '120 ms' });
    expect(goalNamed(goals, 'p99 latency: doctor list').why).toContain('over by 20 ms');
    // Raw rows, the static page and the reference rows are figures, not goals.
    expect(goals.filter((g) => g.name.startsWith('Throughput vs floor')).map((g) => g.name)).toEqual(['Throughput vs floor: home', 'Throughput vs floor: doctor list']);
  });

  it('holds the stack to half of nginx sending the same bytes and p99 ≤ 50 ms', () => {
    expect(goalNamed(goals, 'Stack throughput vs nginx static: home')).toMatchObject({ met: true, figure: '1.32× (5300 vs 4000 req/s)' });
    expect(goalNamed(goals, 'Stack throughput vs nginx static: doctor list')).toMatchObject({ met: false, figure: '0.38× (1500 vs 4000 req/s)' });
    expect(goalNamed(goals, 'Stack p99 latency: doctor list')).toMatchObject({ met: false, why: 'over by 10 ms at 50 connections through TLS and two processes.' });
  });

  it("budgets a public page's JS at the run's framework floor + 30 KB, and a member page not at all", () => {
    expect(goalNamed(goals, 'First-load JS (gzip): home')).toMatchObject({ met: true, figure: '155.8 KB (floor + 20.5 KB)', target: '≤ 165.3 KB (floor 135.3 + 30)' });
    const list = goalNamed(goals, 'First-load JS (gzip): doctor list');
    expect(list.met).toBe(false);
    expect(list.why).toMatch(/^over by 4\.7 KB: .*largest: \/_next\/static\/b\.js 70 KB\.$/);
    expect(goals.some((g) => g.name.includes('/userIndex'))).toBe(false);
  });

  it('without a floor in the run, the JS goals are missed as not judged rather than met', () => {
    const goalsWithoutFloor: Goal[] = judge({ ...fullReport(), frameworkFloorJs: [] });
    expect(goalNamed(goalsWithoutFloor, 'First-load JS (gzip): home')).toMatchObject({ met: false, why: 'not judged: the framework floor was not measured in this run (see the notes).' });
  });

  it("says a noindex page's SEO miss is deliberate, and names a performance miss's audits beside the framework's TBT", () => {
    expect(goalNamed(goals, 'Lighthouse seo: search results').why).toMatch(/^short by 0\.31; failing: is-crawlable \(0\) \(deliberate: this page sends noindex/);
    const perf = goalNamed(goals, 'Lighthouse performance: doctor list');
    expect(perf.met).toBe(false);
    expect(perf.why).toBe('short by 0.08; LCP 600 ms, TBT 240 ms (the framework floor alone: 0 ms, runs 0, 0, 0), CLS 0.001; failing: total-blocking-time (0.5).');
  });

  it('holds the doctor list flat per query case from the smallest to the largest size', () => {
    expect(goalNamed(goals, 'Doctor list flat 1000 → 100000 doctors: default')).toMatchObject({ met: true, figure: '1.20× (p50 1 → 1.2 ms)' });
    expect(goalNamed(goals, 'Doctor list flat 1000 → 100000 doctors: keyword')).toMatchObject({ met: false, figure: '3.00× (p50 1 → 3 ms)' });
  });

  it('a scale stage left out with BENCH_SKIP is no missed goal; one that gave no figures is', () => {
    const skipped: Goal[] = judge({ ...fullReport(), scale: null, settings: { ...settings, skipped: ['scale'] } });
    expect(skipped.some((g) => g.name.startsWith('Doctor list flat'))).toBe(false);
    const empty: Goal[] = judge({ ...fullReport(), scale: null });
    expect(goalNamed(empty, 'Doctor list flat from 1k to 100k')).toMatchObject({ met: false, figure: 'not measured' });
  });

  it('wants no error under load and no memory growth in its second half', () => {
    expect(goalNamed(goals, 'Load 0 errors and 0 non-2xx: home').met).toBe(true);
    expect(goalNamed(goals, 'Load memory stable: home')).toMatchObject({ met: true, figure: '223 → 494 at 30 s → peak 511 → end 498 MB' });
    expect(goalNamed(goals, 'Load memory stable: doctor list')).toMatchObject({ met: false, why: 'memory grew by 200 MB in the second half of the run: look for a leak' });
  });
});

describe('the report (bench/report.mjs)', () => {
  const headings = (md: string) => md.split('\n').filter((line) => /^#{1,2} /.test(line));

  it('renders every section of the committed bench/report.md, in its order, with the same headings', () => {
    const committed = fs.readFileSync(MARKDOWN_REPORT, 'utf8');
    // The same stages as the committed run: one left out there has no table here either.
    const skipped = /Stages left out of this run \(BENCH_SKIP\): ([^;]+);/.exec(committed)?.[1]?.split(', ') ?? [];
    const report = fullReport();
    const sameRun = { ...report, settings: { ...settings, skipped }, scale: skipped.includes('scale') ? null : report.scale, burst: skipped.includes('burst') ? [] : report.burst };
    const md: string = renderMarkdown({ ...sameRun, goals: judge(sameRun) });
    expect(headings(md)).toEqual(headings(committed));
    expect(headings(md)).toHaveLength(9);
    // The tables' header rows, too: a column renamed or dropped changes the layout.
    const tableHeads = (text: string) => text.split('\n').filter((line, i, all) => line.startsWith('| ') && all[i + 1]?.startsWith('| ---'));
    expect(tableHeads(md)).toEqual(tableHeads(committed));
  });

  it('names its generator and says when a run was shortened or left stages out', () => {
    const md: string = renderMarkdown({ ...fullReport(), settings: { ...settings, durationScale: 0.05, throughputSeconds: 1, loadSeconds: 3, skipped: ['stack', 'scale'] } });
    expect(md).toContain('by `npm run bench` (bench/run.mjs; docs/bench.md explains each figure).');
    expect(md).toContain('**Shortened run** (BENCH_DURATION_SCALE=0.05): throughput 1 s and load 3 s per target instead of 20 s and 60 s.');
    expect(md).toContain('Stages left out of this run (BENCH_SKIP): stack, scale; their goals are not in the table.');
    expect(md).toContain('## Load (3 s × 50 connections)');
    expect(renderMarkdown(fullReport())).not.toContain('Shortened run');
  });

  it('writes goal rows whose text cannot break the table, and every note as a quote', () => {
    const md: string = renderMarkdown({
      ...fullReport(),
      notes: ['nginx did not start: no physical-limit figure.'],
      goals: [{ name: 'Stack p99 latency: home', met: false, figure: '60 ms', target: '≤ 50 ms', why: 'a | b' }],
    });
    expect(md).toContain('| Stack p99 latency: home | **no** | 60 ms | ≤ 50 ms | a \\| b |');
    expect(md).toContain('\n> nginx did not start: no physical-limit figure.\n');
  });

  it('gives each throughput row its ratios to the floor and to nginx, and names non-2xx statuses', () => {
    const report = fullReport();
    report.throughput[0] = { ...report.throughput[0], non2xx: 3, statusCodes: { 200: { count: 10 }, 502: { count: 3 } } };
    const md: string = renderMarkdown(report);
    expect(md).toContain('| home | one process | browser | page cache HIT | 123 | 20.1 | 13.1 | 1300 | 35 | 70 | 0.54 | 0.325 | 0 | 3 (502×3) |');
    expect(md).toContain('| nginx (home bytes, gzip_static) | nginx static | browser | nginx | 123 | 19.7 | — | 4000 | 12 | 24 | 1.67 | 1.000 | 0 | 0 |');
    expect(md).toContain('(this run: 2400 req/s, p99 42 ms; 2100 req/s, p99 49 ms)');
  });

  describe('writeReport', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('writes every figure to .reports/bench.json and the summary to bench/report.md', () => {
      const report = fullReport();
      writeReport(report, dir);
      expect(JSON_REPORT).toBe(path.join('.reports', 'bench.json'));
      expect(JSON.parse(fs.readFileSync(path.join(dir, '.reports', 'bench.json'), 'utf8'))).toEqual(report);
      expect(fs.readFileSync(path.join(dir, 'bench', 'report.md'), 'utf8')).toBe(renderMarkdown(report));
      expect(fs.existsSync(path.join(dir, 'bench', 'report.json'))).toBe(false);
    });
  });

  it('the JSON report is git-ignored and no longer tracked; the Markdown summary is', () => {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
    // The old place of the JSON report: 12 commits did nothing but rewrite it (and its summary).
    const oldJson = path.posix.join('bench', 'report.json');
    expect(git('ls-files', oldJson, '.reports')).toBe('');
    expect(git('check-ignore', '.reports/bench.json')).toBe('.reports/bench.json');
    expect(git('ls-files', 'bench/report.md')).toBe('bench/report.md');
  });
});

describe('settings from the environment (bench/shared.mjs readSettings)', () => {
  it('defaults to the full run', () => {
    expect(readSettings({})).toEqual(settings);
  });

  it('shortens the timed stages by BENCH_DURATION_SCALE, within 0.05–1', () => {
    expect(readSettings({ BENCH_DURATION_SCALE: '0.25' })).toMatchObject({ durationScale: 0.25, throughputSeconds: 5, loadSeconds: 15 });
    expect(readSettings({ BENCH_DURATION_SCALE: '0.001' })).toMatchObject({ durationScale: 0.05, throughputSeconds: 1, loadSeconds: 3 });
    expect(readSettings({ BENCH_DURATION_SCALE: '4' })).toMatchObject({ durationScale: 1, throughputSeconds: 20 });
  });

  it('reads BENCH_SKIP and BENCH_LH_RUNS', () => {
    expect(readSettings({ BENCH_SKIP: ' lighthouse, load,lighthouse,' }).skipped).toEqual(['lighthouse', 'load']);
    expect(readSettings({ BENCH_LH_RUNS: '1' }).lighthouseRuns).toBe(1);
    expect(readSettings({ BENCH_LH_RUNS: '0' }).lighthouseRuns).toBe(1);
  });

  it('refuses a stage it does not have and a number that is not one, before measuring anything', () => {
    expect(() => readSettings({ BENCH_SKIP: 'lighthose' })).toThrow('BENCH_SKIP names no stage of the bench: lighthose (the stages: lighthouse, js, throughput, stack, scale, search, load, burst)');
    expect(() => readSettings({ BENCH_DURATION_SCALE: 'quick' })).toThrow('BENCH_DURATION_SCALE must be a number, not "quick"');
    expect(() => readSettings({ BENCH_LH_RUNS: 'three' })).toThrow('BENCH_LH_RUNS must be a number');
  });
});

describe('the stages, without a server', () => {
  it("fills the nginx template's placeholders, and refuses one without a value (bench/stages/nginx-static.conf.template)", () => {
    const template = fs.readFileSync(path.join('bench', 'stages', 'nginx-static.conf.template'), 'utf8');
    const conf: string = fillTemplate(template, { DIR: '/tmp/bench-nginx-x', PORT: 4321, WORKERS: 2 });
    expect(conf).not.toMatch(/@[A-Z_]+@/);
    expect(conf).toContain('worker_processes 2;');
    expect(conf).toContain('listen 127.0.0.1:4321;');
    expect(conf).toContain('root /tmp/bench-nginx-x/www;');
    expect(conf).toMatch(/location \/ \{ gzip_static on; try_files \/index\.html =404; \}/);
    expect(() => fillTemplate(template, { DIR: '/tmp/x', PORT: 1 })).toThrow('no value for @WORKERS@');
  });

  it('serves the proxy floor where the proxy of bench/stages/proxy-floor answers', () => {
    const proxy = fs.readFileSync(path.join('bench', 'stages', 'proxy-floor', 'proxy.js'), 'utf8');
    expect(proxy).toContain(`matcher: ['${PROXY_FLOOR_PATH}']`);
  });

  it('counts the module scripts a first visit downloads, once each, without noModule polyfills', () => {
    const html = '<script src="/_next/a.js" async></script><script noModule src="/_next/polyfill.js"></script><script>inline()</script><script src="/_next/a.js"></script><script type="module" src="/_next/b.js"></script>';
    expect(scriptSources(html)).toEqual(['/_next/a.js', '/_next/b.js']);
  });

  it('reports the run of median performance, the lower middle of an even count, the longer TBT on a tie', () => {
    const run = (performance: number, tbtMs: number) => ({ performance, tbtMs, name: `${performance}/${tbtMs}` });
    expect(medianRun([run(1, 0), run(0.9, 50), run(0.95, 10)])).toMatchObject({ name: '0.95/10', performanceRuns: [1, 0.9, 0.95], tbtRuns: [0, 50, 10] });
    expect(medianRun([run(1, 0), run(0.9, 50)]).name).toBe('0.9/50');
    expect(medianRun([run(1, 0), run(1, 30), run(1, 10)]).name).toBe('1/10');
  });

  it("parses bench/doctor-list-scale.ts's text output, and a JSON last line", () => {
    const text = ['1000 doctors (seeded in 0.2 s)', '  default, province 215, page 1   p50 0.41 ms   p95 0.9 ms', '  keyword 失眠, praise   p50 1.5 ms   p95 2 ms', '100000 doctors (seeded in 9 s)', '  default, province 215, page 1   p50 0.44 ms   p95 1.1 ms', 'wrote bench/doctor-list-scale.md'].join('\n');
    expect(parseScaleOutput(text)).toEqual({
      sizes: [
        { doctors: 1000, cases: [{ label: 'default, province 215, page 1', p50Ms: 0.41, p95Ms: 0.9 }, { label: 'keyword 失眠, praise', p50Ms: 1.5, p95Ms: 2 }] },
        { doctors: 100000, cases: [{ label: 'default, province 215, page 1', p50Ms: 0.44, p95Ms: 1.1 }] },
      ],
    });
    expect(parseScaleOutput('noise\n{"sizes":[]}\n')).toEqual({ sizes: [] });
    expect(parseScaleOutput('nothing here')).toBeNull();
  });

  it('runs the scale script as its own child, so that its time limit ends the script and not a launcher above it', () => {
    const r = scale({ script: path.join('test', 'fixtures', 'bench-scale-parent.ts') });
    expect(r).toMatchObject({ available: true, exitCode: 0 });
    expect(r.result.ppid).toBe(process.pid);
  });

  it('gives each visitor of a burst an address of its own and sums up who answered', () => {
    const addresses = Array.from({ length: 300 }, (_, i) => visitorAddress(i));
    expect(new Set(addresses).size).toBe(300);
    expect([addresses[0], addresses[249], addresses[250]]).toEqual(['127.0.1.1', '127.0.1.250', '127.0.2.1']);
    const visits = [
      ...Array.from({ length: 97 }, (_, i) => ({ ms: i + 1, status: 200, how: 'MISS' })),
      { ms: 500, status: 503, how: 'render' },
      { error: 'ECONNRESET' },
      { ms: 1000, status: 200, how: 'HIT' },
    ];
    expect(burstFigures('doctor list', 'http://127.0.0.1:1/doctorlist?x=1', visits, 1200)).toEqual({
      name: 'doctor list', url: '/doctorlist', visitors: 100, wallMs: 1200, p50Ms: 50, p99Ms: 1000, errors: 1, non2xx: 1, answeredBy: { MISS: 97, render: 1, HIT: 1 },
    });
  });
});

describe('the search stage (bench/stages/search.mjs, docs/site-search.md "Measured")', () => {
  const half = (name: string, hits: number, phrasings: number, right: number, shown: number) => ({
    half: name, phrasings, hits, hitRate: hits / phrasings, doctorsShown: shown, doctorsRight: right, precision: right / shown, misses: phrasings - hits, strays: 0,
  });
  const figures = { development: half('development', 295, 300, 990, 1000), heldOut: half('held-out', 280, 300, 940, 1000), queries: 600, doctors: 332, p50Ms: 1.2, p95Ms: 12.5 };

  it('reads the script’s last JSON line, past its log lines', () => {
    expect(parseSearchOutput(`a log line\n${JSON.stringify(figures)}\n`)).toEqual(figures);
    expect(parseSearchOutput('no figures\n{"development":1}')).toBeNull();
  });

  it('judges the held-out hit rate, each half’s precision and the p95, and renders its section only when measured', () => {
    const report = { ...fullReport(), search: { available: true, ...figures } };
    const goals = judge(report);
    expect(goalNamed(goals, 'Search hit rate, held-out phrasings')).toMatchObject({ met: true, figure: '93.3 % (280/300)' });
    expect(goalNamed(goals, 'Search precision, development phrasings')).toMatchObject({ met: true });
    expect(goalNamed(goals, 'Search precision, held-out phrasings')).toMatchObject({ met: false, figure: '94.0 % (940/1000 doctors)' });
    expect(goalNamed(goals, 'Search precision, held-out phrasings').why).toContain('read too broadly');
    expect(goalNamed(goals, 'Search p95 server time per query')).toMatchObject({ met: true, target: '≤ 20 ms' });
    const md: string = renderMarkdown({ ...report, goals });
    expect(md).toContain('## Search: patients’ phrasings');
    expect(md).toContain('| held-out | 300 | 93.3 % (280) | 94.0 % (940/1000) |');
    expect(renderMarkdown({ ...fullReport(), goals: [] })).not.toContain('## Search');
  });
});

describe('the render-cost stage (bench/stages/render-cost.mjs, docs/bench.md "Render cost")', () => {
  const row = (name: string, kind: string, reqPerSec: number, p50Ms: number, extra: Row = {}) => ({ ...cannonRow(name, '/', reqPerSec, p50Ms * 2), p50Ms, kind, connections: 10, pageCache: null, encoding: 'gzip', wireKB: 10, ...extra });
  const figures = () => ({
    rows: [
      row('floor: /robots.txt', 'floor', 400, 20),
      row('cached public page: home', 'cached', 340, 25, { pageCache: 'HIT' }),
      row('member: /userIndex', 'member', 60, 160),
      row('member: /dRecord/registration', 'member', 170, 45),
      row('floor: /robots.txt (again)', 'floor', 500, 18),
      row('reference: /userIndex rendered in the request (PAGE_CACHE=0, no loopback)', 'reference', 120, 80),
    ],
    crawl: { pages: 300, seconds: 10, pagesPerSec: 30, p50Ms: 120, p99Ms: 400, statuses: { 200: 300 } as Record<string, number>, concurrency: 4, sitemapUrls: 300 },
    memory: { rssAtStartMiB: 200, rssAfterCrawlMiB: 300, rssPeakMiB: 380, rssEndMiB: 350, treeRssEndMiB: 360, memberLoadSeconds: 600 },
  });

  it('judges every figure as a ratio to the better floor run of the same run, with the goals of the issue', () => {
    expect(RENDER_GOALS).toMatchObject({ connections: 10, memberVsFloor: 0.4, memberP50Ms: 50, crawlUrls: 300, crawlConcurrency: 4, crawlVsFloor: 0.3, cachedVsFloor: 0.8, rssMiB: 400 });
    const goals: Goal[] = judgeRenderCost(figures());
    expect(goals.map((g) => [g.name, g.met])).toEqual([
      ['Cached page vs floor: cached public page: home', false],
      ['Member page vs floor: member: /userIndex', false],
      ['Member page p50: member: /userIndex', false],
      ['Member page vs floor: member: /dRecord/registration', false],
      ['Member page p50: member: /dRecord/registration', true],
      ['Crawl of 300 sitemap URLs from a fresh process of a release, 4 at a time', false],
      ['Resident memory after the crawl and 600 s of member load', true],
    ]);
    // 340 / 500 (the better floor), not 340 / 400.
    expect(goalNamed(goals, 'Cached page vs floor: cached public page: home').figure).toBe('0.68× (340 vs 500 req/s)');
    expect(goalNamed(goals, 'Member page vs floor: member: /userIndex').why).toContain('rendered per request, once');
    expect(goalNamed(goals, 'Member page vs floor: member: /userIndex').why).not.toContain('bare Next app');
    // With the bare app's empty page in the run, the member row says what Next itself reaches.
    const withBare = figures();
    withBare.rows.push(row('reference: bare Next app, an empty page rendered per request', 'reference', 150, 60, { bare: 'page' }));
    expect(goalNamed(judgeRenderCost(withBare), 'Member page vs floor: member: /userIndex').why).toContain('an empty page of a bare Next app, rendered per request, reaches 0.30× in this run');
    expect(goalNamed(goals, 'Crawl of 300 sitemap URLs from a fresh process of a release, 4 at a time').figure).toBe('0.060× (30 pages/s vs 500 req/s; p50 120 ms)');
    // The same crawl of a process with nothing kept stands beside it, judged against the same floor.
    const withCold = { ...figures(), coldCrawl: { pages: 300, seconds: 25, pagesPerSec: 12, p50Ms: 300, p99Ms: 600, statuses: { 200: 300 }, concurrency: 4, sitemapUrls: 300 } };
    expect(goalNamed(judgeRenderCost(withCold), 'Crawl of 300 sitemap URLs from a fresh process of a release, 4 at a time').figure).toBe(
      '0.060× (30 pages/s vs 500 req/s; p50 120 ms); with nothing kept 0.024× (12 pages/s, p50 300 ms)',
    );
    // The reference row is a figure, not a goal.
    expect(goals.some((g) => g.name.includes('reference'))).toBe(false);
  });

  it('meets a goal only at its target, and misses a page that answered errors or a crawl with a failed page', () => {
    const f = figures();
    f.rows[1] = row('cached public page: home', 'cached', 400, 25);
    f.rows[3] = row('member: /dRecord/registration', 'member', 200, 50);
    f.crawl = { ...f.crawl, pagesPerSec: 150 };
    let goals: Goal[] = judgeRenderCost(f);
    expect(goalNamed(goals, 'Cached page vs floor: cached public page: home').met).toBe(true);
    expect(goalNamed(goals, 'Member page vs floor: member: /dRecord/registration').met).toBe(true);
    expect(goalNamed(goals, 'Member page p50: member: /dRecord/registration').met).toBe(true);
    expect(goalNamed(goals, 'Crawl of 300 sitemap URLs from a fresh process of a release, 4 at a time').met).toBe(true);
    f.rows[3] = row('member: /dRecord/registration', 'member', 200, 50, { non2xx: 3 });
    f.crawl = { ...f.crawl, statuses: { 200: 299, 500: 1 } };
    f.memory = { ...f.memory, rssPeakMiB: 401 };
    goals = judgeRenderCost(f);
    expect(goalNamed(goals, 'Member page vs floor: member: /dRecord/registration')).toMatchObject({ met: false });
    expect(goalNamed(goals, 'Member page vs floor: member: /dRecord/registration').why).toContain('3 non-2xx');
    expect(goalNamed(goals, 'Crawl of 300 sitemap URLs from a fresh process of a release, 4 at a time').why).toContain('1 answers were not 200');
    expect(goalNamed(goals, 'Resident memory after the crawl and 600 s of member load').met).toBe(false);
    // A server that another process ended before the end: its last reading, never a met goal.
    f.memory = { ...f.memory, rssPeakMiB: 300, rssEndMiB: null as unknown as number, rssLastSeenMiB: 290, lastSeenAtSeconds: 120 } as typeof f.memory;
    const gone = goalNamed(judgeRenderCost(f), 'Resident memory after the crawl and 600 s of member load');
    expect(gone).toMatchObject({ met: false, figure: 'gone before the end: last seen 290 MiB after 120 s (peak 300)' });
    expect(gone.why).toContain('not judged as met');
  });

  it('judges a kept member shell with its read, as one view of the page: 1 / (1/shell + 1/read), the p50s added', () => {
    const f = figures();
    f.rows[2] = row('member: /userIndex', 'member', 900, 6, { url: '/userIndex', pageCache: 'HIT' });
    f.rows.push(row('member read: /session/member-home (of /userIndex)', 'member-read', 450, 12, { url: '/session/member-home', readOf: '/userIndex' }));
    let goals: Goal[] = judgeRenderCost(f);
    const view = 'member: /userIndex (its kept shell and its read)';
    // 1 / (1/900 + 1/450) = 300 views/s against the better floor's 500: 0.60×.
    expect(goalNamed(goals, `Member page vs floor: ${view}`)).toMatchObject({ met: true, figure: '0.60× (300 views/s: the shell at 900 and /session/member-home at 450 req/s, vs 500 req/s)' });
    expect(goalNamed(goals, `Member page p50: ${view}`)).toMatchObject({ met: true, figure: '18 ms (6 + 12)' });
    // The read is not a page of its own, and the shell alone is never judged.
    expect(goals.some((g) => g.name === 'Member page vs floor: member: /userIndex')).toBe(false);
    expect(goals.some((g) => g.name.includes('member read'))).toBe(false);
    // A slow read misses for the whole view, however fast the shell; a failing read too.
    f.rows[6] = row('member read: /session/member-home (of /userIndex)', 'member-read', 150, 45, { url: '/session/member-home', readOf: '/userIndex' });
    goals = judgeRenderCost(f);
    expect(goalNamed(goals, `Member page vs floor: ${view}`).met).toBe(false);
    expect(goalNamed(goals, `Member page p50: ${view}`)).toMatchObject({ met: false, figure: '51 ms (6 + 45)' });
    f.rows[6] = row('member read: /session/member-home (of /userIndex)', 'member-read', 450, 12, { url: '/session/member-home', readOf: '/userIndex', non2xx: 2 });
    expect(goalNamed(judgeRenderCost(f), `Member page vs floor: ${view}`)).toMatchObject({ met: false, why: expect.stringContaining('2 non-2xx') });
  });

  it('without a floor, judges nothing as met', () => {
    const f = figures();
    f.rows = f.rows.filter((r) => r.kind !== 'floor');
    expect(judgeRenderCost(f)).toEqual([expect.objectContaining({ met: false, figure: 'not measured' })]);
    expect(bestFloor(f.rows)).toBeNull();
  });

  it("reads the sitemap's addresses as paths, once each", () => {
    const xml = '<urlset><url><loc>http://127.0.0.1:3700/</loc></url><url><loc> http://127.0.0.1:3700/doctordetail/D1?x=1&amp;y=2 </loc></url><url><loc>http://127.0.0.1:3700/</loc></url><url><loc>not a url</loc></url></urlset>';
    expect(sitemapPaths(xml)).toEqual(['/', '/doctordetail/D1?x=1&y=2']);
  });

  it('renders its figures, goals and notes into the Markdown of bench/render-cost.md', () => {
    const f = figures();
    const md: string = renderCostMarkdown({
      date: '2026-11-27T20:00:00.000Z',
      note: '',
      settings: { ...settings, durationScale: 0.25, throughputSeconds: 5 },
      machine: { cpus: 2, cpuModel: 'Test CPU', node: 'v20.9.0', loadAverageAtStart: [1, 1, 1], loadAverageAtEnd: [2, 2, 2] },
      notes: ['a note'],
      figures: f,
      goals: judgeRenderCost(f),
    });
    expect(md).toContain('| member: /userIndex | 60 | 0.12 | 160 |');
    expect(md).toContain('| Resident memory after the crawl and 600 s of member load | 350 MiB (peak 380) | ≤ 400 MiB | PASS |');
    expect(md).toContain('30 pages/s (0.060× the floor)');
    expect(md).toContain('> a note');
    expect(md).toContain('load average 1.00 / 1.00 / 1.00 at start and 2.00 / 2.00 / 2.00 at the end');
  });

  it("measures Next's own per-request render on a bare app: a root layout of <html><body>, an empty page rendered at each request, no proxy", () => {
    const files = BARE_NEXT_FILES as Record<string, string>;
    expect(Object.keys(files).sort()).toEqual(['app/empty/page.tsx', 'app/layout.tsx', 'app/robots.txt/route.ts', 'next.config.mjs', 'tsconfig.json']);
    expect(files['app/layout.tsx']).not.toMatch(/^import/m);
    expect(files['app/empty/page.tsx']).toMatch(/await connection\(\)/);
    expect(files['app/robots.txt/route.ts']).toMatch(/force-dynamic/);
  });

  it("counts the lines that follow Next's internals, tests left out, and the patches without a reason", () => {
    expect(lineCounts('/**\n * a note\n */\nconst a = 1;\n\n// why\nexport { a }; /* x */\n')).toEqual({ lines: 7, code: 2 });
    const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'next-internals-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
        fs.writeFileSync(path.join(tree, file), text);
      };
      write('proxy.ts', 'export const a = 1;\n');
      write('lib/page-cache/serve.ts', '// one\nexport const b = 2;\nexport const c = 3;\n');
      write('lib/page-cache/serve.test.ts', 'not counted\n'.repeat(50));
      write('lib/operations/node-patches.ts', "export const PATCHES = ['request log and drain', 'page-cache pass-through'] as const;\n");
      write('docs/decisions.md', "# D\n## Node's HTTP classes, patched in one place\n| patch | why |\n| --- | --- |\n| request log and drain | Next times nothing |\n\n## Later\n| page-cache pass-through | not in the section |\n");
      const code = countNextInternals(tree);
      expect(code.parts.map((p: { part: string }) => p.part)).toEqual(NEXT_INTERNALS.map((p: { part: string }) => p.part));
      expect(code.parts[1].files).toEqual([{ file: 'lib/page-cache/serve.ts', lines: 3, code: 2 }]);
      expect([code.lines, code.code]).toEqual([5, 4]);
      expect(code.patches).toEqual([{ name: 'request log and drain', reasoned: true }, { name: 'page-cache pass-through', reasoned: false }]);
      const goals: Goal[] = judgeNextInternals(code);
      expect(goals.map((g) => [g.name, g.met, g.figure])).toEqual([
        ["Lines that follow Next's internals", true, '5 lines (4 of code) in 3 modules'],
        ['Prototype patches without a reason in docs/decisions.md', false, '1 of 2'],
      ]);
      expect(goals[1]!.why).toContain('page-cache pass-through');
      expect(judgeNextInternals({ ...code, lines: RENDER_GOALS.nextInternalsLines + 1 })[0].met).toBe(false);
    } finally {
      fs.rmSync(tree, { recursive: true, force: true });
    }
  });

  it('the committed bench/render-cost.md is a report of that renderer, with its goals and both profiles', () => {
    const md = fs.readFileSync(path.join('bench', 'render-cost.md'), 'utf8');
    for (const heading of ['# Render cost (`npm run bench:render`)', '## Goals', '## Figures', "## Code that follows Next's internals", '## CPU profiles: where the milliseconds go', '### Cold public pages', '### Member page loads']) expect(md).toContain(heading);
    // The code figure of the committed report is the tree's own.
    const code = countNextInternals(process.cwd());
    expect(md, 'count again: BENCH_RERENDER=1 node bench/stages/render-cost.mjs').toContain(`| all | | ${code.lines} | ${code.code} |`);
  });
});

describe('the profile summary (bench/profile-summary.mjs)', () => {
  // A profile of three functions: main → render → escape, and main → compress; plus idle and GC.
  const frame = (functionName: string, file = '', lineNumber = 0) => ({ functionName, url: file && !file.startsWith('node:') ? pathToFileURL(path.resolve(file)).href : file, lineNumber, columnNumber: 0, scriptId: '0' });
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 5, 6] },
      { id: 2, callFrame: frame('main', 'lib/page-cache/serve.js', 9), children: [3, 7] },
      { id: 3, callFrame: frame('render', 'node_modules/next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js', 99), children: [4] },
      { id: 4, callFrame: frame('render', 'node_modules/next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js', 99), children: [] },
      { id: 5, callFrame: frame('(idle)'), children: [] },
      { id: 6, callFrame: frame('(garbage collector)'), children: [] },
      { id: 7, callFrame: frame('processChunk', 'node:zlib', 479), children: [] },
    ],
    startTime: 0,
    endTime: 10_000,
    // Samples 1 ms apart: the time of a sample is the gap to the next one.
    samples: [4, 4, 3, 2, 7, 5, 5, 6, 4, 4],
    timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
  };

  it('sums self and total time by function, a recursion counted once a sample, and idle apart from busy', () => {
    const s = summariseProfile(profile, { top: 10 });
    expect(s).toMatchObject({ busyMs: 8, idleMs: 2, samples: 10 });
    const render = s.topSelf.find((r: Row) => r.name === 'render');
    expect(render).toMatchObject({ selfMs: 5, totalMs: 5, area: 'React: HTML renderer (react-dom/server)' });
    expect(s.topTotal[0]).toMatchObject({ name: 'main', totalMs: 7, selfMs: 1, area: 'ours: lib/page-cache' });
    // Node's own frames are left out of the total ranking, not out of the areas.
    expect(s.topTotal.some((r: Row) => r.name === 'processChunk')).toBe(false);
    expect(s.areas.find((a: Row) => a.area === 'compression (zlib, brotli)')).toMatchObject({ selfMs: 1, totalMs: 1 });
    expect(s.areas.find((a: Row) => a.area === 'ours: lib/page-cache')).toMatchObject({ selfMs: 1, totalMs: 7 });
    expect(s.areas.find((a: Row) => a.area === 'garbage collection')).toMatchObject({ selfMs: 1 });
    const md: string = summaryMarkdown(s, { perUnit: { count: 4, label: 'pages' } });
    expect(md).toContain('The main thread was busy 8 ms and idle 2 ms, 10 samples (4 pages: 2.0 ms each).');
    expect(md).toContain('| React: HTML renderer (react-dom/server) | 5 | 62.5 % | 5 |');
  });

  it('names the areas of the sources a render runs through', () => {
    expect(areaOf('node_modules/next/dist/compiled/react-server-dom-turbopack/cjs/react-server-dom-turbopack-server.node.production.js')).toBe('React: Server Components payload (Flight)');
    expect(areaOf('node_modules/next/src/server/app-render/app-render.tsx')).toBe('Next: app-render');
    expect(areaOf('node:internal/deps/undici/undici')).toBe('fetch (undici): the loopback render and API calls');
    expect(areaOf('node_modules/better-sqlite3/lib/methods/wrappers.js')).toBe('SQLite (better-sqlite3 and lib/backend/db)');
    expect(areaOf('proxy.ts')).toBe('ours: proxy.ts');
    expect(areaOf('lib/backend/router.ts')).toBe('ours: lib/backend (the embedded API)');
    expect(areaOf('node_modules/jose/dist/webapi/lib/jws_verify.js')).toBe('packages (other)');
    expect(areaOf('')).toMatch(/^V8 builtins/);
  });

  it("reads a function's name from its first line in the original source", () => {
    expect(functionNameOf('export async function freezeBody(html: string, placeholder: string): Promise<FrozenBody> {')).toBe('freezeBody');
    expect(functionNameOf('  const answer = async (page) => {')).toBe('answer');
    expect(functionNameOf('  async renderToHTML(req, res) {')).toBe('renderToHTML');
    expect(functionNameOf('    if (ready) {')).toBeNull();
    expect(functionNameOf(undefined)).toBeNull();
  });
});

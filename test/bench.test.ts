import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs module of the bench, without types
import { judge } from '../bench/goals.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { JSON_REPORT, MARKDOWN_REPORT, renderMarkdown, writeReport } from '../bench/report.mjs';
// @ts-expect-error a plain .mjs module of the bench, without types
import { readSettings } from '../bench/shared.mjs';
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

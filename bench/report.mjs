/**
 * The report of `npm run bench` (docs/bench.md): the whole figures object as JSON in .reports/bench.json, for
 * tools and for a run to be compared with the next (git-ignored: a run's figures are not source), and its Markdown
 * summary in bench/report.md, the one that is committed. `renderMarkdown` is pure: it reads the report object
 * only, its settings included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GOALS } from './goals.mjs';

export const JSON_REPORT = path.join('.reports', 'bench.json');
export const MARKDOWN_REPORT = path.join('bench', 'report.md');

/** An empty report of a run with `settings` (bench/shared.mjs readSettings), in the order its JSON is written. */
export function newReport(settings, note = '') {
  return {
    note,
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', totalMemMB: Math.round(os.totalmem() / 2 ** 20), loadAverageAtStart: os.loadavg() },
    settings,
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
    /** The patients' phrasings (bench/stages/search.mjs); null when the run did not measure them. */
    search: null,
    load: [],
    /** First visits from many addresses at once on the lists cached by place (bench/stages/burst.mjs). */
    burst: [],
    goals: [],
    notes: [],
  };
}

const fmt = (v) => (v === null || v === undefined || Number.isNaN(v) ? '—' : String(v));

/** The Markdown summary of a report: its goals, then one section per stage (docs/bench.md "The figures"). */
export function renderMarkdown(report) {
  const s = report.settings;
  const md = [];
  md.push('# Bench report', '');
  md.push(`Generated ${report.generatedAt} by \`npm run bench\` (bench/run.mjs; docs/bench.md explains each figure).`);
  md.push(`Build ${report.build.buildId ?? '?'} (${report.build.builtAt ?? '?'}), ${report.machine.cpus} CPU (${report.machine.cpuModel}), load average at start ${report.machine.loadAverageAtStart.map((x) => x.toFixed(2)).join(' / ')}.`);
  if (s.durationScale < 1) md.push('', `**Shortened run** (BENCH_DURATION_SCALE=${s.durationScale}): throughput ${s.throughputSeconds} s and load ${s.loadSeconds} s per target instead of 20 s and 60 s. Rerun without it for the real figures.`);
  if (s.skipped.length) md.push('', `Stages left out of this run (BENCH_SKIP): ${s.skipped.join(', ')}; their goals are not in the table.`);
  if (report.note) md.push('', report.note);
  for (const n of report.notes) md.push('', `> ${n}`);
  md.push('', '## Goals', '', '| goal | met | figure | target | by how much and why |', '| --- | --- | --- | --- | --- |');
  for (const g of report.goals) md.push(`| ${g.name} | ${g.met ? 'yes' : '**no**'} | ${fmt(g.figure)} | ${g.target} | ${g.why.replace(/\|/g, '\\|')} |`);
  md.push('', '## Lighthouse 12 (desktop preset)', '', `The median of ${s.lighthouseRuns} runs per template (by performance score); “perf of each run” lists them all.`, '',
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
  md.push('', `## Throughput and latency (autocannon, ${s.connections} connections × ${s.throughputSeconds} s each after ${s.warmupSeconds} s of unmeasured warm-up, same machine)`, '');
  const floor = report.throughput.find((t) => t.kind === 'floor');
  const nginx = report.throughput.find((t) => t.kind === 'nginx');
  md.push('Headers “browser”: `Accept: text/html…` and `Accept-Encoding: gzip, deflate, br, zstd`, as Chrome sends them; “raw”: no Accept-Encoding (the old figure).', '');
  md.push('| target | where | headers | answered by | raw KB | gzip KB | br KB | req/s | p50 ms | p99 ms | × floor | × nginx | errors | non-2xx |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const t of report.throughput) {
    const rf = floor ? (t.reqPerSec / Math.max(1, floor.reqPerSec)).toFixed(2) : '—';
    const rn = nginx ? (t.reqPerSec / Math.max(1, nginx.reqPerSec)).toFixed(3) : '—';
    const by = t.kind === 'member' ? 'render on loopback' : t.kind === 'nginx' ? 'nginx' : t.kind === 'floor' ? 'empty Next app' : t.kind === 'proxy-floor' ? (t.url === '/' ? 'empty app, proxy present' : 'empty app’s proxy') : t.kind.startsWith('static') ? 'static file' : t.pageCache ? `page cache ${t.pageCache}` : t.kind === 'stack' ? 'nginx → next' : 'render';
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
  if (report.search) {
    // A run that measured the search (bench/stages/search.mjs); reports of older runs have no such section.
    md.push('', '## Search: patients’ phrasings (docs/site-search.md “Measured”)', '');
    if (!report.search.available) md.push(report.search.note);
    else {
      const pct = (x) => `${(100 * x).toFixed(1)} %`;
      md.push('| half | phrasings | hit rate | precision (doctors) |', '| --- | --- | --- | --- |');
      for (const h of [report.search.development, report.search.heldOut]) md.push(`| ${h.half} | ${h.phrasings} | ${pct(h.hitRate)} (${h.hits}) | ${pct(h.precision)} (${h.doctorsRight}/${h.doctorsShown}) |`);
      md.push('', `Server time per query over ${report.search.doctors} doctors (${report.search.queries} queries, each the median of five runs): p50 ${report.search.p50Ms.toFixed(2)} ms, p95 ${report.search.p95Ms.toFixed(2)} ms` +
        (typeof report.search.cpuP95Ms === 'number' ? `; CPU time p50 ${report.search.cpuP50Ms.toFixed(2)} ms, p95 ${report.search.cpuP95Ms.toFixed(2)} ms` : '') +
        (typeof report.search.loadAverage === 'number' ? ` (load average ${report.search.loadAverage.toFixed(1)} at the end).` : '.'));
    }
  }
  md.push('', `## Load (${s.loadSeconds} s × ${s.connections} connections)`, '', '| target | req/s | p50 ms | p99 ms | errors | timeouts | non-2xx | RSS start MB | halfway MB | peak MB | end MB |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const l of report.load) md.push(`| ${l.name} | ${l.reqPerSec} | ${l.p50Ms} | ${l.p99Ms} | ${l.errors} | ${l.timeouts} | ${l.non2xx} | ${l.rssStartMB} | ${l.rssHalfwayMB} | ${l.rssPeakMB} | ${l.rssEndMB} |`);
  md.push('', `## A burst of first visits from many addresses (${s.burstVisitors} at once, each from its own loopback address and connection: on a fresh server, and through the stack)`, '');
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
  return `${md.join('\n')}\n`;
}

/** Writes both reports under `dir` (the repository's root); the JSON first, so a failure to render still leaves the figures. */
export function writeReport(report, dir = '.') {
  for (const file of [JSON_REPORT, MARKDOWN_REPORT]) fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
  fs.writeFileSync(path.join(dir, JSON_REPORT), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, MARKDOWN_REPORT), renderMarkdown(report));
}

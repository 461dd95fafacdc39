/**
 * How well and how fast the site search answers patients' phrasings (docs/site-search.md "Measured"), on a fresh
 * demo database through the embedded backend, as the search page asks it:
 *
 * - hit rate: a phrasing is answered when, among the first results, a doctor of a department its label names
 *   is listed (the first PREVIEW doctors, as /searchList's 全部 tab shows them) or the page leads to such a
 *   department (the 挂什么科 links of understand());
 * - precision: of the doctors listed first, the share whose department the label names (they treat what was asked);
 * - server time: the search's catalogue reads of one query (doctors, illnesses, clinics) and the reading of the
 *   keyword, each query the median of five runs, p50 and p95 over all 600.
 *
 *   npx tsx bench/search-quality.ts              # both halves
 *   npx tsx bench/search-quality.ts --misses     # and the development half's phrasings that miss, or list strays
 *   npx tsx bench/search-quality.ts --json       # one JSON line, for the bench stage (bench/stages/search.mjs)
 *
 * The held-out half (search-phrasings/held-out.tsv) is measured and reported, never tuned against: --misses
 * lists the development half's only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBackend } from '../lib/backend/router';
import { understand } from '../lib/lay-terms';

export const PREVIEW = 4;
/** Timed runs of each query; its median counts. */
const RUNS = 5;
type Half = 'development' | 'held-out';

export interface Phrasing {
  phrase: string;
  departments: string[];
}

export function readPhrasings(half: Half, dir = path.join(__dirname, 'search-phrasings')): Phrasing[] {
  return fs
    .readFileSync(path.join(dir, `${half}.tsv`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [phrase, depts] = l.split('\t');
      return { phrase: phrase!.trim(), departments: (depts ?? '').split(',').map((d) => d.trim()).filter(Boolean) };
    });
}

type Backend = ReturnType<typeof createBackend>;

async function call(backend: Backend, p: string, fields: Record<string, string>) {
  const res = await backend.handle(new Request(`http://bench/api/${p}`, { method: 'POST', body: new URLSearchParams(fields) }));
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: { DataList: Record<string, unknown>[]; TotalCount: number } };
  if (body.ErrorNo !== 1) throw new Error(`${p} ${JSON.stringify(fields)}: ${body.ErrorInfo}`);
  return body.Result;
}

export interface HalfFigures {
  half: Half;
  phrasings: number;
  hits: number;
  hitRate: number;
  doctorsShown: number;
  doctorsRight: number;
  precision: number;
  misses: { phrase: string; want: string[]; got: string[] }[];
  /** Phrasings whose first doctors include some of another department. */
  strays: { phrase: string; want: string[]; got: string[] }[];
}

/** The search page's catalogue reads of one query, and how the site reads the keyword. */
async function searchOnce(backend: Backend, phrase: string) {
  const [doctors] = await Promise.all([
    call(backend, 'TW_User/GetDoctorPageList', { Keyword: phrase, PageSize: String(PREVIEW) }),
    call(backend, 'HIS_Specialty/GeHIS_SpecialtyConfiguration', { Keyword: phrase, PageSize: String(PREVIEW), Distinct: '1' }),
    call(backend, 'TW_Org/GetOrgList', { Keyword: phrase, PageSize: String(PREVIEW) }),
  ]);
  return { doctors, read: understand(phrase) };
}

export async function measureHalf(backend: Backend, half: Half): Promise<HalfFigures> {
  const phrasings = readPhrasings(half);
  let hits = 0;
  let shown = 0;
  let right = 0;
  const misses: HalfFigures['misses'] = [];
  const strays: HalfFigures['strays'] = [];
  for (const { phrase, departments } of phrasings) {
    const { doctors, read } = await searchOnce(backend, phrase);
    const listed = doctors.DataList.map((d) => String(d.Department));
    const good = listed.filter((d) => departments.includes(d)).length;
    shown += listed.length;
    right += good;
    const hit = good > 0 || read.departments.some((d) => departments.includes(d));
    if (good < listed.length) strays.push({ phrase, want: departments, got: listed });
    if (hit) hits++;
    else misses.push({ phrase, want: departments, got: [...new Set([...listed, ...read.departments])] });
  }
  return {
    half,
    phrasings: phrasings.length,
    hits,
    hitRate: hits / phrasings.length,
    doctorsShown: shown,
    doctorsRight: right,
    precision: shown ? right / shown : 0,
    misses,
    strays,
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

export async function measureSearch() {
  const backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('search-quality-0123456789abcdef'), log: () => {} });
  try {
    const development = await measureHalf(backend, 'development');
    const heldOut = await measureHalf(backend, 'held-out');
    // The passes above warmed the statements and the JIT. Each query is then timed RUNS times and its median
    // kept, so a moment of other work on a shared machine weighs as one run, not as the query's time.
    // Beside the wall time, the CPU time the process spent on the query: what the query costs the server,
    // without the waits for a CPU that other processes hold.
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const { phrase } of [...readPhrasings('development'), ...readPhrasings('held-out')]) {
      const runs: number[] = [];
      const cpuRuns: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const cpu = process.cpuUsage();
        await searchOnce(backend, phrase);
        const used = process.cpuUsage(cpu);
        runs.push(performance.now() - started);
        cpuRuns.push((used.user + used.system) / 1000);
      }
      times.push(median(runs));
      cpuTimes.push(median(cpuRuns));
    }
    const sorted = [...times].sort((a, b) => a - b);
    const cpuSorted = [...cpuTimes].sort((a, b) => a - b);
    const doctors = (backend.db.prepare('SELECT COUNT(*) AS n FROM doctors').get() as { n: number }).n;
    return { development, heldOut, queries: times.length, doctors, p50Ms: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95), cpuP50Ms: quantile(cpuSorted, 0.5), cpuP95Ms: quantile(cpuSorted, 0.95), loadAverage: os.loadavg()[0] ?? 0 };
  } finally {
    backend.db.close();
  }
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

async function main() {
  const figures = await measureSearch();
  if (process.argv.includes('--json')) {
    const strip = (h: HalfFigures) => ({ ...h, misses: h.misses.length, strays: h.strays.length });
    console.log(JSON.stringify({ ...figures, development: strip(figures.development), heldOut: strip(figures.heldOut) }));
    return;
  }
  for (const h of [figures.development, figures.heldOut]) {
    console.log(`${h.half.padEnd(12)} ${h.phrasings} phrasings: hit rate ${h.hits}/${h.phrasings} (${pct(h.hitRate)}), precision ${h.doctorsRight}/${h.doctorsShown} doctors (${pct(h.precision)})`);
  }
  console.log(`server time per query (${figures.queries} queries, ${figures.doctors} doctors, each the median of ${RUNS} runs): p50 ${figures.p50Ms.toFixed(2)} ms, p95 ${figures.p95Ms.toFixed(2)} ms; CPU time p50 ${figures.cpuP50Ms.toFixed(2)} ms, p95 ${figures.cpuP95Ms.toFixed(2)} ms (load average ${figures.loadAverage.toFixed(1)})`);
  if (process.argv.includes('--misses')) {
    for (const m of figures.development.misses) console.log(`miss ${m.phrase}: want ${m.want.join('、')}, got ${m.got.join('、') || '—'}`);
    for (const m of figures.development.strays) console.log(`stray ${m.phrase}: want ${m.want.join('、')}, listed ${m.got.join('、')}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

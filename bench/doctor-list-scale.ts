/**
 * Scale bench of the doctor finder (docs/bench.md "Scale": a list endpoint with 100k doctors
 * stays fast; figures from a bench, not from timed tests).
 *
 *   npx tsx bench/doctor-list-scale.ts            # 1k, 10k, 100k
 *   npx tsx bench/doctor-list-scale.ts 5000       # custom sizes
 *   BENCH_SCALE_CASES=keyword npx tsx bench/doctor-list-scale.ts   # only the cases whose label has "keyword"
 *
 * For each size: a fresh temporary database (migrated and seeded as usual),
 * plus N generated doctors with schedules. Then, per query case, WARM_UP
 * uncounted and ITERATIONS counted calls of TW_User/GetDoctorPageList through
 * the backend's Request → Response handler, the sizes taking turns call by
 * call; it prints the p50 and p95 per call for each size and case (bench/stages/scale.mjs parses these lines),
 * and writes the same figures to bench/doctor-list-scale.md. A case "after a write" updates one doctor
 * row (its fans counter, as a collection does) before each call, untimed: the first query after a write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackend } from '../lib/backend/router';
import { DEMO_DOCTOR_COUNT, insertDoctors, seededRandom } from '../lib/backend/seed/clinics-doctors';

const SIZES = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const sizes = SIZES.length ? SIZES : [1_000, 10_000, 100_000];
/** Calls per case after WARM_UP calls that are not counted (the JIT, SQLite's page cache, prepared statements). */
const ITERATIONS = 500;
const WARM_UP = 50;

/** A case: its label, the call's form fields, and whether a doctor row is written before each call. */
type Case = [label: string, fields: Record<string, string>, afterWrite?: boolean];
const ALL_CASES: Case[] = [
  ['default, province 215, page 1', { ProvinceID: '215', PageIndex: '1', PageSize: '12' }],
  ['praise, province 215, page 50', { ProvinceID: '215', Sort: 'praise', PageIndex: '50', PageSize: '12' }],
  ['services, all provinces, page 1', { Sort: 'services', PageIndex: '1', PageSize: '12' }],
  ['fans, province 216, page 3', { ProvinceID: '216', Sort: 'fans', PageIndex: '3', PageSize: '12' }],
  ['keyword 失眠, praise', { Keyword: '失眠', Sort: 'praise', PageSize: '12' }],
  // Three and four characters are terms of the index too (migration 062), as one and two are.
  ['keyword 中医内科, praise', { Keyword: '中医内科', Sort: 'praise', PageSize: '12' }],
  ['keyword 针灸推拿, 215, page 3', { ProvinceID: '215', Keyword: '针灸推拿', PageIndex: '3', PageSize: '12' }],
  ['keyword 颈椎病, fans', { Keyword: '颈椎病', Sort: 'fans', PageSize: '12' }],
  // The first query after a write to a doctor row: nothing remembered from before it can answer.
  ['keyword 失眠 after a write', { Keyword: '失眠', Sort: 'praise', PageSize: '12' }, true],
  ['keyword 中医内科 after a write', { Keyword: '中医内科', Sort: 'praise', PageSize: '12' }, true],
  ['keyword 针灸推拿, 215 after a write', { ProvinceID: '215', Keyword: '针灸推拿', PageIndex: '3', PageSize: '12' }, true],
  ['filters 科室+职称, 215', { ProvinceID: '215', Department: '中医内科', DoctorTitle: '主任医师', PageSize: '12' }],
];
const ONLY = process.env.BENCH_SCALE_CASES;
const CASES = ONLY ? ALL_CASES.filter(([label]) => label.includes(ONLY)) : ALL_CASES;
/** Written next to this script; npm run bench:scale runs from the project's root. */
const REPORT = path.resolve('bench', 'doctor-list-scale.md');

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Backend = ReturnType<typeof createBackend>;

/** A fresh database of the demo seed plus `size` generated doctors. */
function seeded(dir: string, size: number): { backend: Backend; doctors: number; seedMs: number } {
  const backend = createBackend({ dbPath: path.join(dir, `bench-${size}.db`), log: () => {} });
  // The seed is one transaction whose triggers also fill the keyword postings (migration 012: ~35 per
  // doctor in five B-trees). With the default 16 MB page cache and statement journals in temporary
  // files, that is minutes of disk writes at 100k; a cache that holds the whole database (~0.5 GB at
  // 100k) and journals in memory keep it to the CPU cost. Seeding only: the calls run with the defaults.
  const defaults = { cache_size: backend.db.pragma('cache_size', { simple: true }), temp_store: backend.db.pragma('temp_store', { simple: true }) };
  backend.db.pragma('cache_size = -1000000');
  backend.db.pragma('temp_store = MEMORY');
  const seedStart = performance.now();
  backend.db.transaction(() => insertDoctors(backend.db, seededRandom(size), size, { withAvatars: false, startAt: DEMO_DOCTOR_COUNT + 1 }))();
  backend.db.exec('ANALYZE');
  for (const [name, value] of Object.entries(defaults)) backend.db.pragma(`${name} = ${Number(value)}`);
  const doctors = (backend.db.prepare('SELECT COUNT(*) AS n FROM doctors').get() as { n: number }).n;
  return { backend, doctors, seedMs: Math.round(performance.now() - seedStart) };
}

async function timedCall(backend: Backend, label: string, fields: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const res = await backend.handle(new Request('http://bench/api/TW_User/GetDoctorPageList', { method: 'POST', body: new URLSearchParams(fields) }));
  const body = (await res.json()) as { ErrorNo: number };
  const ms = performance.now() - t0;
  if (body.ErrorNo !== 1) throw new Error(`${label}: ErrorNo ${body.ErrorNo}`);
  return ms;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-bench-'));
  const dbs: ({ size: number } & ReturnType<typeof seeded>)[] = [];
  try {
    for (const size of sizes) dbs.push({ size, ...seeded(dir, size) });
    // The sizes take turns call by call, so whatever else the machine does (another process, the CPU's
    // clock) weighs on every size alike, and the ratio between sizes is the table's own cost.
    const times = dbs.map(() => CASES.map(() => [] as number[]));
    /** The untimed writes of the "after a write" cases, timed apart (the report only: the price of the triggers). */
    const writes = dbs.map(() => [] as number[]);
    const loadAtStart = os.loadavg().map((n) => n.toFixed(2)).join(' / ');
    for (const [c, [label, fields, afterWrite]] of CASES.entries()) {
      for (let i = 0; i < WARM_UP + ITERATIONS; i++) {
        for (const [d, { backend, doctors }] of dbs.entries()) {
          // Untimed: one doctor's fans counter moves, as a collection does (a different doctor each call).
          if (afterWrite) {
            const id = (backend.db.prepare('SELECT doctor_id FROM doctors LIMIT 1 OFFSET ?').get(i % doctors) as { doctor_id: number }).doctor_id;
            const w0 = performance.now();
            backend.db.prepare('UPDATE doctors SET fans = fans + 1 WHERE doctor_id = ?').run(id);
            if (i >= WARM_UP) writes[d]!.push(performance.now() - w0);
          }
          const ms = await timedCall(backend, label, fields);
          if (i >= WARM_UP) times[d]![c]!.push(ms);
        }
      }
    }
    const p = (d: number, c: number, q: number) => percentile(times[d]![c]!.sort((a, b) => a - b), q).toFixed(2);
    for (const [d, { size, doctors, seedMs }] of dbs.entries()) {
      console.log(`\n${doctors} doctors (seeded ${size} in ${seedMs} ms)`);
      for (const [c, [label]] of CASES.entries()) {
        console.log(`  ${label.padEnd(34)} p50 ${p(d, c, 50)} ms   p95 ${p(d, c, 95)} ms`);
      }
    }
    const version = (backend: Backend) => (backend.db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
    const md = [
      '# Doctor list at scale',
      '',
      `Generated ${new Date().toISOString()} by \`npm run bench:scale\` (bench/doctor-list-scale.ts)${ONLY ? ` with BENCH_SCALE_CASES=${ONLY}` : ''}.`,
      `${os.cpus().length} CPU, load average at start ${loadAtStart}, SQLite ${version(dbs[0]!.backend)}, Node ${process.version}.`,
      `Per case ${WARM_UP} uncounted and ${ITERATIONS} counted calls of TW_User/GetDoctorPageList per size, the sizes taking turns call by call;`,
      'p50 (p95) per call in ms. "After a write": one doctor row is updated, untimed, before each call.',
      '',
      `| case | ${dbs.map(({ doctors }) => `${doctors} doctors`).join(' | ')} | p50 ratio last / first |`,
      `| --- | ${dbs.map(() => '---').join(' | ')} | --- |`,
      ...CASES.map(([label], c) => {
        const ratio = Number(p(dbs.length - 1, c, 50)) / Number(p(0, c, 50));
        return `| ${label} | ${dbs.map((_, d) => `${p(d, c, 50)} (${p(d, c, 95)})`).join(' | ')} | ${ratio.toFixed(2)}× |`;
      }),
      '',
      ...(writes[0]!.length
        ? [`The write before each "after a write" call (one doctor's fans + 1, its postings follow by trigger): p50 ${dbs.map((_, d) => `${percentile(writes[d]!.sort((a, b) => a - b), 50).toFixed(3)} ms at ${dbs[d]!.doctors}`).join(', ')}.`, '']
        : []),
      `Seeding: ${dbs.map(({ size, seedMs }) => `${size} in ${seedMs} ms`).join(', ')}.`,
      '',
    ];
    fs.writeFileSync(REPORT, md.join('\n'));
  } finally {
    for (const { backend } of dbs) backend.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Scale bench of the doctor finder (issue 3: a list endpoint with 100k doctors
 * stays fast; figures from a bench, not from timed tests).
 *
 *   npx tsx bench/doctor-list-scale.ts            # 1k, 10k, 100k
 *   npx tsx bench/doctor-list-scale.ts 5000       # custom sizes
 *
 * For each size: a fresh temporary database (migrated and seeded as usual),
 * plus N generated doctors with schedules. Then, per query case, WARM_UP
 * uncounted and ITERATIONS counted calls of TW_User/GetDoctorPageList through
 * the backend's Request → Response handler, the sizes taking turns call by
 * call; it prints the p50 and p95 per call for each size and case.
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

const CASES: [label: string, fields: Record<string, string>][] = [
  ['default, province 215, page 1', { ProvinceID: '215', PageIndex: '1', PageSize: '12' }],
  ['praise, province 215, page 50', { ProvinceID: '215', Sort: 'praise', PageIndex: '50', PageSize: '12' }],
  ['services, all provinces, page 1', { Sort: 'services', PageIndex: '1', PageSize: '12' }],
  ['fans, province 216, page 3', { ProvinceID: '216', Sort: 'fans', PageIndex: '3', PageSize: '12' }],
  ['keyword 失眠, praise', { Keyword: '失眠', Sort: 'praise', PageSize: '12' }],
  // Longer keywords: their total is counted over candidates once per doctors' version (migration 061).
  ['keyword 中医内科, praise', { Keyword: '中医内科', Sort: 'praise', PageSize: '12' }],
  ['keyword 针灸推拿, 215, page 3', { ProvinceID: '215', Keyword: '针灸推拿', PageIndex: '3', PageSize: '12' }],
  ['filters 科室+职称, 215', { ProvinceID: '215', Department: '中医内科', DoctorTitle: '主任医师', PageSize: '12' }],
];

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
    for (const [c, [label, fields]] of CASES.entries()) {
      for (let i = 0; i < WARM_UP + ITERATIONS; i++) {
        for (const [d, { backend }] of dbs.entries()) {
          const ms = await timedCall(backend, label, fields);
          if (i >= WARM_UP) times[d]![c]!.push(ms);
        }
      }
    }
    for (const [d, { size, doctors, seedMs }] of dbs.entries()) {
      console.log(`\n${doctors} doctors (seeded ${size} in ${seedMs} ms)`);
      for (const [c, [label]] of CASES.entries()) {
        const sorted = times[d]![c]!.sort((a, b) => a - b);
        console.log(`  ${label.padEnd(34)} p50 ${percentile(sorted, 50).toFixed(2)} ms   p95 ${percentile(sorted, 95).toFixed(2)} ms`);
      }
    }
  } finally {
    for (const { backend } of dbs) backend.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

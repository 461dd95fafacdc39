/**
 * How many doctors the demo group has and where they sit (docs/content.md "Doctors"): staffing varies as a
 * real group's does. The two hospitals (中医医院) have every department and several doctors in the busy ones;
 * a 国医堂 is a small hall of senior doctors in four or five departments; a city 中医馆 has five to seven
 * departments; a county or neighbourhood 中医馆 has three or four, one doctor each. The plan is drawn from a
 * stream of its own per clinic (seedOf(code)), so it does not move when other seed content changes.
 *
 * Doctors are numbered round by round (the first doctor of every department at every clinic, then the
 * second…), so D100001… are the 中医内科 doctors of SA0101, SA0102… as before, and the group's default order
 * reads across clinics rather than down one of them.
 */
import { CLINICS, DEPARTMENTS, type ClinicSeed } from './clinics-doctors-data';
import { seededRandom, seedOf } from './random';

export type ClinicTier = 'hospital' | 'hall' | 'city' | 'county';

/** County towns and neighbourhood shops: a few departments, one doctor each. */
const SMALL_CLINICS = new Set([
  'SA0106', 'SA0107', 'SA0108', 'SA0110', 'SA0111', 'SA0112', 'SA0113', 'SA0202', 'SA0203', 'SA0204', 'SA0205',
  'SA0206', 'SA0303', 'SA0304', 'SA0403', 'SA0404', 'SA0502', 'SA0503', 'SA0504', 'SA0602', 'SA0603', 'SA0802',
  'SA1502',
]);

export function clinicTier(clinic: Pick<ClinicSeed, 'code' | 'saleType'>): ClinicTier {
  if (clinic.saleType === 2) return 'hospital';
  if (clinic.saleType === 3) return 'hall';
  return SMALL_CLINICS.has(clinic.code) ? 'county' : 'city';
}

/**
 * Departments the articles say a clinic has (seed/articles-news.ts, articles-culture.ts): the plan keeps
 * them, so no page contradicts another.
 */
const NAMED_IN_ARTICLES: Record<string, string[]> = {
  SA0102: ['中医内科', '中医妇科', '中医儿科', '针灸推拿科'],
  SA0205: ['中医内科', '针灸推拿科', '中医妇科'],
  SA1201: ['中医内科', '中医妇科', '针灸推拿科'],
};

/** Doctors per department at a hospital (中医医院): every department, several in the busy ones. */
const HOSPITAL: Record<string, number> = {
  中医内科: 4,
  中医妇科: 3,
  中医儿科: 2,
  针灸推拿科: 3,
  中医皮肤科: 2,
  中医肿瘤科: 1,
  中医骨伤科: 2,
  中医肺病科: 2,
};

/** The departments of one clinic and how many doctors each has, in DEPARTMENTS order. */
export function clinicStaffing(clinic: ClinicSeed): { department: string; doctors: number }[] {
  const rng = seededRandom(seedOf(`staffing:${clinic.code}`));
  const tier = clinicTier(clinic);
  const counts = new Map<string, number>();
  const add = (department: string, n = 1) => counts.set(department, Math.max(counts.get(department) ?? 0, n));
  const some = (pool: string[], n: number) => [...pool].sort(() => rng.next() - 0.5).slice(0, n);
  if (tier === 'hospital') {
    for (const [department, n] of Object.entries(HOSPITAL)) add(department, n);
    // The group's main hospital has a second oncologist and a fifth physician.
    if (clinic.code === 'SA0101') {
      add('中医肿瘤科', 2);
      add('中医内科', 5);
    }
  } else if (tier === 'hall') {
    add('中医内科', 2);
    add('中医妇科');
    add('针灸推拿科');
    for (const d of some(['中医皮肤科', '中医肺病科', '中医肿瘤科', '中医骨伤科'], rng.int(1, 2))) add(d);
  } else if (tier === 'city') {
    add('中医内科', 2);
    add('针灸推拿科', rng.int(1, 2));
    add('中医妇科');
    add('中医儿科');
    for (const d of some(['中医骨伤科', '中医皮肤科', '中医肺病科'], rng.int(1, 3))) add(d);
  } else {
    add('中医内科');
    add('针灸推拿科');
    for (const d of some(['中医妇科', '中医儿科', '中医骨伤科'], rng.int(1, 2))) add(d);
  }
  for (const d of NAMED_IN_ARTICLES[clinic.code] ?? []) add(d);
  return DEPARTMENTS.filter((d) => counts.has(d.name)).map((d) => ({ department: d.name, doctors: counts.get(d.name)! }));
}

export interface Placement {
  clinic: ClinicSeed;
  department: (typeof DEPARTMENTS)[number];
}

/** Every seat of the demo group, in doctor order (D100001 first): round by round, department by department, clinic by clinic. */
export const STAFFING: Placement[] = (() => {
  const plans = CLINICS.map((clinic) => ({ clinic, staffing: new Map(clinicStaffing(clinic).map((s) => [s.department, s.doctors])) }));
  const rounds = Math.max(...plans.flatMap((p) => [...p.staffing.values()]));
  const seats: Placement[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const department of DEPARTMENTS) {
      for (const { clinic, staffing } of plans) {
        if ((staffing.get(department.name) ?? 0) > round) seats.push({ clinic, department });
      }
    }
  }
  return seats;
})();

/**
 * Where the n-th doctor (1-based) sits. Past the demo group (the bench's 100k doctors) the plan repeats, so
 * a larger group keeps the same shape.
 */
export function placementOf(n: number): Placement {
  return STAFFING[(n - 1) % STAFFING.length]!;
}

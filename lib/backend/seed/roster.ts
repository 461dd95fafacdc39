/**
 * A doctor's weekly roster (docs/content.md "Doctors"): three to six half-days a week at their clinic, as
 * doctors of a real group sit. Senior doctors sit less (and their numbers go faster, handlers/
 * schedule-slots.ts), Sundays are thin, and evening clinics are a few weekday half-days at the hospitals and
 * city clinics. Drawn from a stream of its own per doctor, so the rest of the seed does not move with it.
 */
import { seededRandom } from './random';
import type { ClinicTier } from './staffing';

/** One half-day of the week: weekday 0 (Sunday) … 6, shift 1 上午, 2 下午, 3 夜诊, and its numbers. */
export interface RosterHalfDay {
  weekday: number;
  shiftId: 1 | 2 | 3;
  total: number;
}

export const MIN_HALF_DAYS = 3;
export const MAX_HALF_DAYS = 6;

/** The n-th doctor's week. `title` shapes how often they sit and how many numbers a half-day has. */
export function weeklyRoster(n: number, { title, tier }: { title: string; tier: ClinicTier }): RosterHalfDay[] {
  const rng = seededRandom(0x5eed0000 ^ Math.imul(n, 2654435761));
  const senior = title === '主任医师';
  const count = senior ? rng.int(MIN_HALF_DAYS, 4) : title === '副主任医师' ? rng.int(4, 5) : rng.int(4, MAX_HALF_DAYS);
  const evenings = tier === 'hospital' || tier === 'city';
  const candidates: { weekday: number; shiftId: 1 | 2 | 3; weight: number }[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    const day = weekday === 0 ? 0.3 : 1;
    candidates.push({ weekday, shiftId: 1, weight: day * 1.3 }, { weekday, shiftId: 2, weight: day });
    if (evenings && weekday >= 1 && weekday <= 5) candidates.push({ weekday, shiftId: 3, weight: 0.08 });
  }
  const week: RosterHalfDay[] = [];
  while (week.length < count) {
    const sum = candidates.reduce((a, c) => a + c.weight, 0);
    let roll = rng.next() * sum;
    const i = candidates.findIndex((c) => (roll -= c.weight) < 0);
    const [chosen] = candidates.splice(i < 0 ? candidates.length - 1 : i, 1);
    const { weekday, shiftId } = chosen!;
    const total = shiftId === 3 ? rng.int(5, 10) : senior ? rng.int(10, 16) : shiftId === 1 ? rng.int(14, 30) : rng.int(8, 20);
    week.push({ weekday, shiftId, total });
  }
  return week.sort((a, b) => a.weekday - b.weekday || a.shiftId - b.shiftId);
}

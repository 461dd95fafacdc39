/**
 * What a full slot (约满) offers instead, so it is no dead end: the same doctor's next open periods, and the
 * other doctors of that department at that clinic who still have numbers in the same half-day.
 */
import type { ScheduleDay, ScheduleSlot } from '@/lib/api/doctors';

export interface SlotAlternatives {
  /** The doctor's open periods after the full one, soonest first. */
  nextOfDoctor: ScheduleSlot[];
  /** Open periods of the department's other doctors at the clinic, on that date and in that half-day. */
  sameHalfDay: ScheduleSlot[];
}

export function slotAlternatives(
  full: { id: string; date: string; shiftName: string; doctorCode: string; clinicCode: string },
  input: { doctorDays: ScheduleDay[]; clinicSlots: ScheduleSlot[]; departmentDoctorCodes: string[] },
  limit = 4,
): SlotAlternatives {
  const after = (s: ScheduleSlot) => s.date > full.date || (s.date === full.date && s.id !== full.id);
  const nextOfDoctor = input.doctorDays
    .flatMap((d) => d.slots)
    .filter((s) => s.bookState === 'open' && s.clinicCode === full.clinicCode && after(s))
    .slice(0, limit);
  const colleagues = new Set(input.departmentDoctorCodes.filter((c) => c !== full.doctorCode));
  const sameHalfDay = input.clinicSlots
    .filter((s) => s.bookState === 'open' && s.date === full.date && s.shiftName === full.shiftName && colleagues.has(s.doctorCode))
    .sort((a, b) => b.remaining - a.remaining)
    .slice(0, limit);
  return { nextOfDoctor, sameHalfDay };
}

import { describe, expect, it } from 'vitest';
import type { ScheduleDay, ScheduleSlot } from '@/lib/api/doctors';
import { soonestOpenSlot } from './doctor-schedule';

/** SPEC §2 /doctordetail: 预约最近号源 books the soonest open number, never a 约满 or started one. */
function slot(date: string, shiftId: 1 | 2 | 3, bookState: ScheduleSlot['bookState']): ScheduleSlot {
  const shift = { 1: ['上午', '08:30', '12:00'], 2: ['下午', '14:00', '17:30'], 3: ['夜诊', '18:30', '20:30'] }[shiftId];
  return {
    id: `1001-${date}-${shiftId}-SA0101`, date, weekday: '周六', shiftId, shiftName: shift[0]!, start: shift[1]!, end: shift[2]!,
    doctorCode: 'D100001', doctorName: '李建国', doctorTitle: '主任医师', clinicCode: 'SA0101', clinicName: '圣爱中医馆',
    total: 20, remaining: bookState === 'open' ? 5 : 0, fee: 30, bookState,
  };
}
const day = (date: string, ...slots: ScheduleSlot[]): ScheduleDay => ({ date, weekday: '周六', slots });

describe('soonestOpenSlot', () => {
  it('passes over started and 约满 slots to the first open one, by date', () => {
    const days = [
      day('2026-11-28', slot('2026-11-28', 1, 'closed')),
      day('2026-11-29', slot('2026-11-29', 2, 'full')),
      day('2026-12-01', slot('2026-12-01', 1, 'full')),
      day('2026-12-05', slot('2026-12-05', 1, 'open'), slot('2026-12-05', 2, 'open')),
    ];
    expect(soonestOpenSlot(days)?.id).toBe('1001-2026-12-05-1-SA0101');
  });

  it('takes the earliest shift of a day whatever order the API lists them in', () => {
    const days = [day('2026-11-29', slot('2026-11-29', 3, 'open'), slot('2026-11-29', 2, 'full'), slot('2026-11-29', 1, 'open'))];
    expect(soonestOpenSlot(days)?.id).toBe('1001-2026-11-29-1-SA0101');
  });

  it('is none when nothing in the fortnight is open', () => {
    expect(soonestOpenSlot([day('2026-11-28'), day('2026-11-29', slot('2026-11-29', 2, 'full'))])).toBeUndefined();
  });
});

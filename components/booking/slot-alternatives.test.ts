import { describe, expect, it } from 'vitest';
import type { ScheduleSlot } from '@/lib/api/doctors';
import { slotAlternatives } from './slot-alternatives';

const slot = (over: Partial<ScheduleSlot>): ScheduleSlot => ({
  id: `${over.doctorCode ?? 'D1'}-${over.date ?? '2026-11-25'}-${over.shiftName ?? '上午'}`,
  date: '2026-11-25',
  weekday: '周三',
  shiftId: 1,
  shiftName: '上午',
  start: '08:30',
  end: '12:00',
  doctorCode: 'D1',
  doctorName: '李建国',
  doctorTitle: '主任医师',
  clinicCode: 'SA0101',
  clinicName: '总院',
  total: 20,
  remaining: 3,
  fee: 50,
  bookState: 'open',
  ...over,
});

describe('what a full slot offers', () => {
  const full = slot({ bookState: 'full', remaining: 0 });
  const days = [
    { date: '2026-11-24', weekday: '周二', slots: [slot({ date: '2026-11-24' })] },
    { date: '2026-11-25', weekday: '周三', slots: [full, slot({ shiftName: '下午', start: '14:00', end: '17:30' })] },
    { date: '2026-11-26', weekday: '周四', slots: [slot({ date: '2026-11-26', bookState: 'full', remaining: 0 }), slot({ date: '2026-11-26', clinicCode: 'SA0202' })] },
    { date: '2026-11-27', weekday: '周五', slots: [slot({ date: '2026-11-27' })] },
  ];
  const clinic = [
    slot({ doctorCode: 'D2', doctorName: '王素芳', remaining: 2 }),
    slot({ doctorCode: 'D3', doctorName: '赵建华', remaining: 9 }),
    slot({ doctorCode: 'D4', doctorName: '外科医生' }),
    slot({ doctorCode: 'D5', doctorName: '约满医生', bookState: 'full', remaining: 0 }),
    slot({ doctorCode: 'D2', shiftName: '下午' }),
    slot({ doctorCode: 'D3', date: '2026-11-26' }),
  ];

  it('the doctor’s next open periods at that clinic, after the full one, soonest first', () => {
    const a = slotAlternatives(full, { doctorDays: days, clinicSlots: clinic, departmentDoctorCodes: ['D1', 'D2', 'D3', 'D5'] });
    expect(a.nextOfDoctor.map((s) => `${s.date} ${s.shiftName}`)).toEqual(['2026-11-25 下午', '2026-11-27 上午']);
  });

  it('the department’s other doctors with numbers at that clinic in that half-day, most numbers first', () => {
    const a = slotAlternatives(full, { doctorDays: days, clinicSlots: clinic, departmentDoctorCodes: ['D1', 'D2', 'D3', 'D5'] });
    expect(a.sameHalfDay.map((s) => s.doctorName)).toEqual(['赵建华', '王素芳']);
  });

  it('nothing when nothing is open', () => {
    const a = slotAlternatives(full, { doctorDays: [], clinicSlots: [], departmentDoctorCodes: [] });
    expect(a).toEqual({ nextOfDoctor: [], sameHalfDay: [] });
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read raw wire JSON */
/**
 * The roster and its slots (docs/doctor-finder.md "Who is free when"): each doctor sits three to six
 * half-days a week at their clinic; some slots are full (约满); a few days have no doctor of a department;
 * and a slot's numbers never change because the China date turned (what the front desk took is stored per
 * slot, schedule_slots). The clock is fixed on both sides of midnight China time (16:00 UTC).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import { MAX_HALF_DAYS, MIN_HALF_DAYS } from '../seed/roster';
import { scheduleWindow } from './schedule-slots';
import { idCardFor } from '@/test/id-cards';
import type { WireSlot } from '@/lib/contract';

/** 23:50 China time on a Tuesday; 00:10 the next day is twenty minutes later. */
const BEFORE_MIDNIGHT = new Date('2026-11-24T15:50:00Z');
const AFTER_MIDNIGHT = new Date('2026-11-24T16:10:00Z');

let clock = BEFORE_MIDNIGHT;
let backend: Backend;

async function scheduleOf(code: string): Promise<{ Date: string; Shifts: WireSlot[] }[]> {
  const r = await call(backend, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: code });
  expect(r.ErrorNo, r.ErrorInfo).toBe(1);
  return r.Result.DataList;
}

const codes = (n: number) => Array.from({ length: n }, (_, i) => `D${100001 + i}`);

beforeAll(() => {
  backend = createBackend({ dbPath: tempDbPath('roster'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock });
});
afterAll(() => backend.db.close());

describe('the weekly roster (seed/roster.ts)', () => {
  it('every doctor sits three to six half-days a week, at their own clinic', () => {
    const rows = backend.db
      .prepare(
        `SELECT d.doctor_id, d.org_code, COUNT(*) AS n, SUM(sp.org_code <> d.org_code) AS elsewhere
         FROM doctors d JOIN schedule_patterns sp ON sp.doctor_id = d.doctor_id GROUP BY d.doctor_id`,
      )
      .all() as { n: number; elsewhere: number }[];
    const doctors = (backend.db.prepare('SELECT COUNT(*) AS n FROM doctors').get() as { n: number }).n;
    expect(rows).toHaveLength(doctors);
    for (const r of rows) {
      expect(r.n).toBeGreaterThanOrEqual(MIN_HALF_DAYS);
      expect(r.n).toBeLessThanOrEqual(MAX_HALF_DAYS);
      expect(r.elsewhere).toBe(0);
    }
    // Not one fixed size: the group has doctors of each count of half-days.
    expect(new Set(rows.map((r) => r.n)).size).toBe(MAX_HALF_DAYS - MIN_HALF_DAYS + 1);
  });

  it('a doctor page shows every day of the 14, days off without shifts, and some slots 约满', async () => {
    let full = 0;
    let all = 0;
    for (const code of codes(40)) {
      const days = await scheduleOf(code);
      expect(days.map((d) => d.Date)).toEqual(scheduleWindow(clock).map((d) => d.date));
      expect(days.some((d) => d.Shifts.length === 0)).toBe(true);
      const slots = days.flatMap((d) => d.Shifts);
      all += slots.length;
      full += slots.filter((s) => s.BookState === 'full').length;
      for (const s of slots) {
        expect(s.Remaining).toBeGreaterThanOrEqual(0);
        expect(s.Remaining).toBeLessThanOrEqual(s.Total);
        if (s.BookState === 'full') expect(s.Remaining).toBe(0);
      }
    }
    expect(full).toBeGreaterThan(0);
    expect(full / all).toBeLessThan(0.35);
  });

  it('a few days have no doctor of a department in Yunnan, though most have one', () => {
    const window = scheduleWindow(clock);
    const sitting = backend.db
      .prepare(
        `SELECT d.department, ss.date, COUNT(DISTINCT ss.doctor_id) AS n FROM schedule_slots ss
         JOIN doctors d ON d.doctor_id = ss.doctor_id WHERE d.province_id = 215 AND ss.date BETWEEN ? AND ?
         GROUP BY d.department, ss.date`,
      )
      .all(window[0]!.date, window[window.length - 1]!.date) as { department: string; date: string; n: number }[];
    const departments = new Set(sitting.map((r) => r.department));
    const cells = departments.size * window.length;
    // Department-days with nobody sitting are the cells missing from the grouped count.
    const empty = cells - sitting.length;
    expect(empty).toBeGreaterThan(0);
    expect(empty).toBeLessThan(cells / 4);
  });
});

describe('numbers never change because the date turned', () => {
  it('every slot keeps its total and remaining numbers from 23:50 to 00:10 China time', async () => {
    clock = BEFORE_MIDNIGHT;
    const before = new Map<string, WireSlot>();
    for (const code of codes(30)) for (const s of (await scheduleOf(code)).flatMap((d) => d.Shifts)) before.set(s.ScheduleID, s);
    const clinic = (await call(backend, 'TW_Org/GetSchedOrgList', { HospitalCode: 'SA0101' })).Result.DataList as WireSlot[];
    clock = AFTER_MIDNIGHT;
    try {
      let compared = 0;
      for (const code of codes(30)) {
        for (const s of (await scheduleOf(code)).flatMap((d) => d.Shifts)) {
          const earlier = before.get(s.ScheduleID);
          if (!earlier) continue; // the day released at midnight
          expect([s.ScheduleID, s.Total, s.Remaining]).toEqual([earlier.ScheduleID, earlier.Total, earlier.Remaining]);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(100);
      const after = (await call(backend, 'TW_Org/GetSchedOrgList', { HospitalCode: 'SA0101' })).Result.DataList as WireSlot[];
      const byId = new Map(after.map((s) => [s.ScheduleID, s]));
      for (const s of clinic.filter((x) => byId.has(x.ScheduleID))) expect(byId.get(s.ScheduleID)!.Remaining).toBe(s.Remaining);
      // Midnight released one more day and dropped the one that ended.
      expect(scheduleWindow(clock)[13]!.date > scheduleWindow(BEFORE_MIDNIGHT)[13]!.date).toBe(true);
    } finally {
      clock = BEFORE_MIDNIGHT;
    }
  });

  it('a full slot stays full after midnight, and booking it is refused', async () => {
    clock = BEFORE_MIDNIGHT;
    const full = (await scheduleOf('D100001'))
      .concat(...(await Promise.all(codes(30).slice(1).map(scheduleOf))))
      .flatMap((d) => d.Shifts)
      .find((s) => s.BookState === 'full' && s.Date > scheduleWindow(clock)[1]!.date)!;
    expect(full).toBeDefined();
    clock = AFTER_MIDNIGHT;
    try {
      const slot = await call(backend, 'HIS_Register/GetScheduleSlot', { ScheduleID: full.ScheduleID });
      expect(slot.Result).toMatchObject({ Remaining: 0, BookState: 'full' });
      const id = ensureMember(backend, { phone: '13711110001', vipCode: 'RVIP01', name: '排班测试', points: 0 });
      // Registration is real-name: with no ID card on file the refusal would be that, not the full slot.
      backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(901), id);
      const token = await memberToken(backend, id, 'RVIP01');
      const booked = await call(backend, 'HIS_Register/BookRegister', { ScheduleID: full.ScheduleID, IdempotencyKey: 'roster-full-0001' }, token);
      expect([booked.ErrorNo, booked.Result?.Reason]).toEqual([-1, 'FULL']);
    } finally {
      clock = BEFORE_MIDNIGHT;
    }
  });

  it('what the front desk took is stored per slot: a later change of the weekly pattern leaves released days as they were', async () => {
    clock = BEFORE_MIDNIGHT;
    const slot = (await scheduleOf('D100002')).flatMap((d) => d.Shifts)[0]!;
    const stored = backend.db.prepare('SELECT total, front_desk FROM schedule_slots WHERE schedule_id = ?').get(slot.ScheduleID) as {
      total: number;
      front_desk: number;
    };
    expect(stored.total).toBe(slot.Total);
    expect(slot.Remaining).toBeLessThanOrEqual(stored.total - stored.front_desk);
    backend.db.prepare('UPDATE schedule_patterns SET total = total + 7 WHERE doctor_id = 1002').run();
    const again = (await scheduleOf('D100002')).flatMap((d) => d.Shifts).find((s) => s.ScheduleID === slot.ScheduleID)!;
    expect([again.Total, again.Remaining]).toEqual([slot.Total, slot.Remaining]);
  });
});

describe('who is free when: the finder by date and the next open number (docs/doctor-finder.md)', () => {
  const yunnan = { ProvinceID: '215' };

  it('each of the 14 date chips counts the doctors its list shows, each with an open number that day', async () => {
    clock = BEFORE_MIDNIGHT;
    const counts = (await call(backend, 'TW_User/GetDoctorFilterCounts', yunnan)).Result.ReturnObject;
    expect(counts.Dates.map((d: any) => d.Date)).toEqual(scheduleWindow(clock).map((d) => d.date));
    const total = counts.Total as number;
    for (const day of (counts.Dates as { Date: string; Count: number }[]).slice(1, 5)) {
      const list = await call(backend, 'TW_User/GetDoctorPageList', { ...yunnan, Date: day.Date, PageSize: '100' });
      expect(list.Result.TotalCount, day.Date).toBe(day.Count);
      // It narrows: not every doctor has an open number every day.
      expect(day.Count).toBeLessThan(total);
      for (const d of list.Result.DataList) {
        expect(d.NextOpenSlot?.Date, d.DoctorName).toBe(day.Date);
        const slot = (await call(backend, 'HIS_Register/GetScheduleSlot', { ScheduleID: d.NextOpenSlot.ScheduleID })).Result;
        expect(slot.BookState).toBe('open');
        expect(slot.Remaining).toBe(d.NextOpenSlot.Remaining);
      }
    }
  });

  it('the date combines with 科室 and the keyword; some date has no doctor of a department, and its count is 0', async () => {
    clock = BEFORE_MIDNIGHT;
    const departments = ((await call(backend, 'TW_User/GetDoctorFilterCounts', yunnan)).Result.ReturnObject.Departments as { Name: string }[]).map(
      (d) => d.Name,
    );
    let emptyDays = 0;
    for (const dept of departments) {
      const dates = (await call(backend, 'TW_User/GetDoctorFilterCounts', { ...yunnan, Department: dept })).Result.ReturnObject.Dates as {
        Date: string;
        Count: number;
      }[];
      for (const day of dates.filter((d) => d.Count === 0)) {
        emptyDays++;
        const list = await call(backend, 'TW_User/GetDoctorPageList', { ...yunnan, Department: dept, Date: day.Date });
        expect(list.Result.TotalCount).toBe(0);
      }
    }
    expect(emptyDays).toBeGreaterThan(0);
    const keyword = await call(backend, 'TW_User/GetDoctorPageList', { ...yunnan, Keyword: '失眠', Date: scheduleWindow(clock)[2]!.date, PageSize: '100' });
    for (const d of keyword.Result.DataList) expect(d.GoodAt).toContain('失眠');
  });

  it('a list card’s next open number is the first open slot of the doctor’s schedule', async () => {
    clock = BEFORE_MIDNIGHT;
    const list = await call(backend, 'TW_User/GetDoctorPageList', { ...yunnan, PageSize: '20' });
    for (const d of list.Result.DataList) {
      const first = (await scheduleOf(d.AppointmentCode)).flatMap((day) => day.Shifts).find((s) => s.BookState === 'open');
      expect(d.NextOpenSlot?.ScheduleID ?? null, d.DoctorName).toBe(first?.ScheduleID ?? null);
      expect(d.RegisterFee).toBeGreaterThan(0);
    }
  });

  it('the date counts of the days on both sides of midnight agree; a date out of the 14 days has nobody; a bad date is refused', async () => {
    clock = BEFORE_MIDNIGHT;
    const before = (await call(backend, 'TW_User/GetDoctorFilterCounts', yunnan)).Result.ReturnObject.Dates as { Date: string; Count: number }[];
    clock = AFTER_MIDNIGHT;
    try {
      const after = (await call(backend, 'TW_User/GetDoctorFilterCounts', yunnan)).Result.ReturnObject.Dates as { Date: string; Count: number }[];
      const common = after.filter((d) => before.some((b) => b.Date === d.Date));
      expect(common).toHaveLength(13);
      for (const d of common) expect(d.Count, d.Date).toBe(before.find((b) => b.Date === d.Date)!.Count);
      const gone = await call(backend, 'TW_User/GetDoctorPageList', { ...yunnan, Date: before[0]!.Date });
      expect(gone.Result.TotalCount).toBe(0);
    } finally {
      clock = BEFORE_MIDNIGHT;
    }
    for (const bad of ['2026-13-01', '24-11-2026', '2026-11-24; DROP', 'x'.repeat(200)]) {
      const r = await call(backend, 'TW_User/GetDoctorPageList', { Date: bad });
      expect(r.ErrorNo, bad).toBe(0);
      expect(r.ErrorInfo).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

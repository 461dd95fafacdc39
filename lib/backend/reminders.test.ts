/**
 * The reminder SMS the day before (reminders.ts): written to the outbox of notices from 18:00 China time on
 * the day before the visit, for 已预约 records only, once, even when two server processes share the
 * database and run their pass at the same moment. Fixed clocks on both sides of midnight China time.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from './router';
import { createThrottles } from './throttles';
import { dueReminders, reminderDueAt, sendDueReminders, sendReminder } from './reminders';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import { idCardFor } from '@/test/id-cards';
import type { WireSlot } from '@/lib/contract';

let dbPath = '';
let a: Backend;
let b: Backend;
// 2026-11-23 10:00 China time: the bookings below are for 11-25, 11-26 and later.
let clock = new Date('2026-11-23T02:00:00Z');
const quiet = { log: () => {}, devAids: false };
const at = (iso: string) => new Date(iso);

const usedDoctors = new Set<string>();

async function openSlotsOf(code: string): Promise<WireSlot[]> {
  const r = await call(a, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: code });
  return r.Result.DataList.flatMap((d: { Shifts: WireSlot[] }) => d.Shifts).filter((s: WireSlot) => s.BookState === 'open');
}

/** An open slot on each of `dates` of one doctor not used by another test yet (whoever sits those days). */
async function slotsOn(...dates: string[]): Promise<WireSlot[]> {
  const codes = a.db.prepare('SELECT appointment_code FROM doctors ORDER BY doctor_id LIMIT 200').pluck().all() as string[];
  for (const code of codes) {
    if (usedDoctors.has(code)) continue;
    const open = await openSlotsOf(code);
    const found = dates.map((d) => open.find((s) => s.Date === d));
    if (found.every(Boolean)) {
      usedDoctors.add(code);
      return found as WireSlot[];
    }
  }
  throw new Error(`no doctor sits on ${dates.join(', ')}`);
}

const slotOn = async (date: string) => (await slotsOn(date))[0]!;

async function bookAndPay(token: string, scheduleId: string, patientId = '0') {
  const booked = await call(a, 'HIS_Register/BookRegister', { ScheduleID: scheduleId, IdempotencyKey: `rem${crypto.randomUUID().slice(0, 12)}`, PatientID: patientId }, token);
  expect(booked.ErrorNo, booked.ErrorInfo).toBe(1);
  const paid = await call(a, 'HIS_Register/PayRegister', { RegisterNo: booked.Result.RegisterNo }, token);
  expect(paid.ErrorNo, paid.ErrorInfo).toBe(1);
  return booked.Result.RegisterNo as string;
}

const notices = (backend: Backend, registerNo: string) =>
  backend.db.prepare(`SELECT phone, text, created_at FROM sms_notices WHERE register_no = ? AND kind = 'reminder'`).all(registerNo) as {
    phone: string;
    text: string;
    created_at: string;
  }[];

let token = '';

beforeAll(async () => {
  dbPath = tempDbPath('reminders');
  const settings = { dbPath, jwtSecret: TEST_SECRET, log: () => {}, now: () => clock };
  a = createBackend(settings, createThrottles({ scale: 1000, redis: false }));
  // A second process on the same database file: its own connection, its own clock reading.
  b = createBackend(settings, createThrottles({ scale: 1000, redis: false }));
  const id = ensureMember(a, { phone: '13400000001', vipCode: 'RVIPR01', name: '提醒会员', points: 0 });
  a.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(7), id);
  token = await memberToken(a, id, 'RVIPR01');
  // The seed's own 已预约 records would be reminded too; this file watches only its own bookings.
  a.db.prepare(`UPDATE registrations SET reminder_sent_at = 'seed' WHERE status = 0`).run();
});

afterAll(() => {
  a.db.close();
  b.db.close();
});

describe('when', () => {
  it('is due at 18:00 China time the day before the visit (10:00 UTC)', () => {
    expect(reminderDueAt('2026-11-26').toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(reminderDueAt('2026-12-01').toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });

  it('is sent from 18:00 the day before, not earlier; once; to the 就诊人’s phone and the account holder’s; with when, where and what to bring', async () => {
    const slot = await slotOn('2026-11-26');
    const patient = await call(a, 'HIS_Register/AddPatient', { Name: '张秀兰', Relation: '父母', IDCard: idCardFor(8, { sex: 0 }), Phone: '13400000002' }, token);
    const no = await bookAndPay(token, slot.ScheduleID, String(patient.Result.PatientID));
    expect(sendDueReminders(a.db, quiet, at('2026-11-25T09:59:00Z'))).toBe(0);
    expect(notices(a, no)).toHaveLength(0);
    expect(sendDueReminders(a.db, quiet, at('2026-11-25T10:00:00Z'))).toBe(1);
    expect(sendDueReminders(a.db, quiet, at('2026-11-25T10:01:00Z'))).toBe(0);
    // The daughter who booked for her mother hears of it too: one notice to each phone, the same words.
    expect(notices(a, no).map((n) => n.phone).sort()).toEqual(['13400000001', '13400000002']);
    const sms = notices(a, no).find((n) => n.phone === '13400000002');
    expect(notices(a, no).find((n) => n.phone === '13400000001')!.text).toBe(sms!.text);
    expect(sms!.created_at).toBe('2026-11-25T10:00:00.000Z');
    expect(sms!.text).toMatch(/^【圣爱中医】就诊提醒：张秀兰您好，您预约了11月26日（周四）上午 \d{2}:\d{2}-\d{2}:\d{2}/);
    expect(sms!.text).toContain(no);
    expect(sms!.text).toContain('携带就诊人身份证或医保卡');
    expect(sms!.text).toMatch(/地址：.+。/);
  });

  it('a booking paid after 18:00 for the next morning is reminded at once; one on the day itself before its period too, not after it starts', async () => {
    const tomorrow = await slotOn('2026-11-27');
    const start = clock;
    try {
      clock = at('2026-11-26T13:30:00Z'); // 21:30 China time, the evening before
      const t = await memberToken(a, Number(a.db.prepare(`SELECT id FROM members WHERE vip_code = 'RVIPR01'`).pluck().get()), 'RVIPR01');
      const no = await bookAndPay(t, tomorrow.ScheduleID);
      expect(dueReminders(a.db, clock).map((r) => r.register_no)).toContain(no);
      // Past the period's start nothing is sent any more.
      expect(dueReminders(a.db, new Date(new Date(tomorrow.PeriodStart).getTime() + 60_000)).map((r) => r.register_no)).not.toContain(no);
      expect(sendDueReminders(a.db, quiet, clock)).toBe(1);
      expect(notices(a, no)).toHaveLength(1);
    } finally {
      clock = start;
    }
  });

  it('across midnight China time: at 23:59 and 00:01 it is the same reminder, sent once', async () => {
    const slot = await slotOn('2026-11-28');
    const no = await bookAndPay(token, slot.ScheduleID);
    expect(sendDueReminders(a.db, quiet, at('2026-11-27T15:59:00Z'))).toBeGreaterThanOrEqual(1);
    expect(sendDueReminders(a.db, quiet, at('2026-11-27T16:01:00Z'))).toBe(0);
    expect(notices(a, no)).toHaveLength(1);
  });
});

describe('only appointments that stand', () => {
  it('an unpaid or cancelled booking gets none; a rescheduled one is reminded for its new day', async () => {
    // The unpaid booking is on another day: one 就诊人 is booked at one place per half-day (
    // docs/api.md "HIS_Register booking"), and the moved booking below starts on 2026-11-26 (the other days
    // this member books on in this file are taken too).
    const unpaidSlot = await slotOn('2026-11-29');
    const unpaid = await call(a, 'HIS_Register/BookRegister', { ScheduleID: unpaidSlot.ScheduleID, IdempotencyKey: 'rem-unpaid-1' }, token);
    const cancelledSlot = await slotOn('2026-11-26');
    const cancelled = await bookAndPay(token, cancelledSlot.ScheduleID);
    expect((await call(a, 'HIS_Register/CancelRegister', { RegisterNo: cancelled }, token)).ErrorNo).toBe(1);
    const [from, to] = await slotsOn('2026-11-26', '2026-11-30');
    const moved = await bookAndPay(token, from!.ScheduleID);
    expect((await call(a, 'HIS_Register/RescheduleRegister', { RegisterNo: moved, ScheduleID: to!.ScheduleID }, token)).ErrorNo).toBe(1);

    expect(unpaid.ErrorNo, unpaid.ErrorInfo).toBe(1);
    sendDueReminders(a.db, quiet, at('2026-11-25T10:30:00Z'));
    expect(notices(a, cancelled)).toHaveLength(0);
    expect(notices(a, moved)).toHaveLength(0);
    sendDueReminders(a.db, quiet, at('2026-11-28T10:30:00Z'));
    expect(notices(a, unpaid.Result.RegisterNo)).toHaveLength(0);
    sendDueReminders(a.db, quiet, at('2026-11-29T10:30:00Z'));
    expect(notices(a, moved)).toHaveLength(1);
    expect(notices(a, moved)[0]!.text).toContain('11月30日');
  });
});

describe('two server processes sharing one database', () => {
  it('both find the same due reminder, both try to send it: it is written once', async () => {
    const slot = await slotOn('2026-11-29');
    // Another member: the first has used up the day's six bookings above.
    const id = ensureMember(a, { phone: '13400000003', vipCode: 'RVIPR02', name: '提醒会员二', points: 0 });
    a.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(9), id);
    const no = await bookAndPay(await memberToken(a, id, 'RVIPR02'), slot.ScheduleID);
    const now = at('2026-11-28T10:00:30Z');
    // Interleaved as two processes can be: both read the due rows before either writes.
    const seenByA = dueReminders(a.db, now).filter((r) => r.register_no === no);
    const seenByB = dueReminders(b.db, now).filter((r) => r.register_no === no);
    expect([seenByA.length, seenByB.length]).toEqual([1, 1]);
    expect(sendReminder(b.db, quiet, seenByB[0]!, now)).toBe(true);
    expect(sendReminder(a.db, quiet, seenByA[0]!, now)).toBe(false);
    expect(sendDueReminders(a.db, quiet, now) + sendDueReminders(b.db, quiet, now)).toBe(0);
    expect(notices(a, no)).toHaveLength(1);
  });
});

/** A reminder pass in a process of its own (test/reminder-pass-process.ts), driven line by line. */
function passInProcess(now: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('test/reminder-pass-process.ts'), dbPath, now], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiters: { prefix: string; resolve: (line: string) => void }[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      for (const w of waiters.filter((x) => line.startsWith(x.prefix))) w.resolve(line);
    }
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`reminder process exited ${code}: ${lines.join(' | ')}`))));
  });
  /** The next line starting with `prefix` (or one already printed). */
  const line = (prefix: string) =>
    new Promise<string>((resolve) => {
      const seen = lines.find((l) => l.startsWith(prefix));
      if (seen) resolve(seen);
      else waiters.push({ prefix, resolve });
    });
  return { line, step: () => child.stdin.write('step\n'), exited };
}

describe('two server processes, for real', () => {
  it('two OS processes on one database file both find 12 reminders due before either sends: 12 notices, each once', async () => {
    const id = ensureMember(a, { phone: '13400000004', vipCode: 'RVIPR03', name: '提醒会员三', points: 0 });
    a.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(10), id);
    // Twelve paid bookings for 12-03, booked over two days (the daily cap), each for a 就诊人 of its own.
    const nos: string[] = [];
    const start = clock;
    try {
      for (const day of ['2026-11-23T02:00:00Z', '2026-11-24T02:00:00Z']) {
        clock = new Date(day);
        const t = await memberToken(a, id, 'RVIPR03');
        for (let i = 0; i < 6; i++) {
          const patient = await call(a, 'HIS_Register/AddPatient', { Name: `家人${nos.length}`, Relation: '其他亲属', IDCard: idCardFor(20 + nos.length), Phone: '13400000005' }, t);
          expect(patient.ErrorNo, patient.ErrorInfo).toBe(1);
          nos.push(await bookAndPay(t, (await slotOn('2026-12-03')).ScheduleID, String(patient.Result.PatientID)));
          // At most five 就诊人: each goes once booked for (the booking keeps its own copy of the person).
          a.db.prepare('DELETE FROM patients WHERE id = ?').run(patient.Result.PatientID);
        }
      }
    } finally {
      clock = start;
    }
    const now = '2026-12-02T10:00:30Z';
    const due = dueReminders(a.db, new Date(now)).length;
    expect(dueReminders(a.db, new Date(now)).filter((r) => nos.includes(r.register_no))).toHaveLength(12);

    const [p, q] = [passInProcess(now), passInProcess(now)];
    await Promise.all([p.line('ready'), q.line('ready')]);
    p.step();
    q.step();
    // Both have read the due rows before either writes.
    expect(await Promise.all([p.line('due'), q.line('due')])).toEqual([`due ${due}`, `due ${due}`]);
    p.step();
    q.step();
    const sent = (await Promise.all([p.line('sent'), q.line('sent')])).map((l) => Number(l.split(' ')[1]));
    await Promise.all([p.exited, q.exited]);
    expect(sent[0]! + sent[1]!).toBe(due);
    // Each once to the 就诊人's phone and once to the holder's.
    for (const no of nos) expect(notices(a, no).map((n) => n.phone).sort(), no).toEqual(['13400000004', '13400000005']);
  });
});

describe('the outbox for development', () => {
  it('Dev/GetSmsNotices lists a phone’s notices with development aids on, and answers 404 otherwise', async () => {
    a.settings.devAids = true;
    try {
      const r = await call(a, 'Dev/GetSmsNotices', { Phone: '13400000002' });
      expect(r.ErrorNo).toBe(1);
      expect(r.Result.DataList[0]).toMatchObject({ Phone: '13400000002', Kind: 'reminder' });
      expect((await call(a, 'Dev/GetSmsNotices', { Phone: '1' })).ErrorNo).toBe(0);
    } finally {
      a.settings.devAids = false;
    }
    expect((await call(a, 'Dev/GetSmsNotices', { Phone: '13400000002' })).ErrorNo).toBe(404);
  });
});

/**
 * The booking domain's server actions (components/booking/actions.ts) called as Next calls them after
 * decoding a request, against a throwaway embedded backend (docs/security.md "server actions"): hostile
 * arguments resolve with a Chinese message and write nothing; a real member adds a 就诊人, books for them
 * (the form must name the 就诊人), pays, reschedules, and a cancel says what is refunded.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jar, request } from '@/test/next-headers-jar';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { openReader, snapshot } from '@/test/db-snapshot';
import { idCardFor, wrongIdCard } from '@/test/id-cards';
import { formatYuan, toFen, toYuan } from '@/lib/fees';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));
request.headers.set('x-forwarded-for', '203.0.113.27');

const overlays = await import('@/components/overlays/actions');
const actions = await import('./actions');

const TABLES = ['patients', 'registrations', 'evaluations', 'payments'];
const SCRIPT = '<script>alert("booking")</script>';
const NOT_STRINGABLE = { toString: 1, valueOf: 1 };
const HAN = /\p{Script=Han}/u;

let test: TestBackend;
let reader: Database.Database;

beforeAll(async () => {
  test = installTestBackend();
  reader = openReader(test.backend.settings.dbPath);
  expect(await overlays.loginWithPasswordAction('13800000005', 'Shengai2026')).toMatchObject({ ok: true });
  expect(jar.has('refreshToken')).toBe(true);
});

afterAll(() => {
  reader.close();
  test.close();
});

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

async function openSlots(code: string) {
  const r = await test.backend.handle(
    new Request('http://x/api/TW_User/GetDoctorScheduleNew', { method: 'POST', body: new URLSearchParams({ AppointmentCode: code }) }),
  );
  const body = (await r.json()) as { Result: { DataList: { Shifts: { ScheduleID: string; BookState: string }[] }[] } };
  return body.Result.DataList.slice(2).flatMap((d) => d.Shifts).filter((s) => s.BookState === 'open');
}

describe('hostile arguments: a Chinese message, nothing written', () => {
  const cases: [string, () => Promise<unknown>][] = [
    ['savePatientAction', () => actions.savePatientAction(null, { name: SCRIPT, relation: '老板', idCard: wrongIdCard(1), phone: '1' })],
    ['savePatientAction', () => actions.savePatientAction(NOT_STRINGABLE as never, { name: '张三', relation: '父母', idCard: idCardFor(1), phone: '13900000000' })],
    ['savePatientAction', () => actions.savePatientAction(null, NOT_STRINGABLE as never)],
    ['savePatientAction', () => actions.savePatientAction(null, { name: ['张三'], relation: '父母', idCard: idCardFor(1), phone: '13900000000' } as never)],
    ['savePatientAction', () => actions.savePatientAction(-5, { name: '张三', relation: '父母', idCard: '', phone: '13900000000' })],
    ['removePatientAction', () => actions.removePatientAction('1; DROP TABLE patients' as never)],
    ['removePatientAction', () => actions.removePatientAction((10n ** 30n) as never)],
    ['reviewVisitAction', () => actions.reviewVisitAction({ registerNo: "R1' OR 1=1", stars: '5', content: '很好很好很好' })],
    ['reviewVisitAction', () => actions.reviewVisitAction({ registerNo: 'RVIP0005-003', stars: '9', content: SCRIPT })],
    ['reviewVisitAction', () => actions.reviewVisitAction(new Map() as never)],
    ['rescheduleRegistrationAction', () => actions.rescheduleRegistrationAction({ registerNo: 'RVIP0005-001', scheduleId: SCRIPT })],
    ['rescheduleRegistrationAction', () => actions.rescheduleRegistrationAction([] as never)],
    ['bookSlotAction', () => actions.bookSlotAction(null, { scheduleId: '1-2026-01-01-1-X', idempotencyKey: 'abcdefgh', patientId: '0' } as never)],
    ['bookSlotAction', () => actions.bookSlotAction(null, form({ scheduleId: '1001-2030-01-01-1-SA0101', idempotencyKey: 'abcdefghij', patientId: '-1' }))],
  ];
  it.each(cases)('%s', async (_name, call) => {
    const before = snapshot(reader, TABLES);
    const result = (await call()) as { ok: boolean; message: string };
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(HAN);
    expect(snapshot(reader, TABLES).version).toBe(before.version);
  });
});

describe('a member books for a 就诊人 through the actions', () => {
  it('adds the 就诊人, must name them to book, pays, reschedules, and a cancel says what is refunded', async () => {
    const added = await actions.savePatientAction(null, { name: '刘建国', relation: '父母', idCard: idCardFor(55), phone: '13900005555' });
    expect(added).toMatchObject({ ok: true, message: '已添加就诊人刘建国' });
    const patientId = String((added as { patient: { id: number } }).patient.id);

    const [from, to] = await openSlots('D100021');
    const unnamed = await actions.bookSlotAction(null, form({ scheduleId: from!.ScheduleID, idempotencyKey: 'action-book-0001' }));
    expect(unnamed).toEqual({ ok: false, message: '请选择就诊人' });
    // The holder (13800000005) has no ID card on file: booking for her is refused in Chinese.
    const self = await actions.bookSlotAction(null, form({ scheduleId: from!.ScheduleID, idempotencyKey: 'action-book-0002', patientId: '0' }));
    expect(self).toMatchObject({ ok: false, reason: 'REAL_NAME_REQUIRED' });

    const booked = await actions.bookSlotAction(null, form({ scheduleId: from!.ScheduleID, idempotencyKey: 'action-book-0003', patientId }));
    expect(booked).toMatchObject({ ok: true, receipt: { patientName: '刘建国', patientRelation: '父母', status: 'unpaid' } });
    const registerNo = (booked as { receipt: { registerNo: string } }).receipt.registerNo;
    expect(await actions.payRegistrationAction(null, form({ registerNo }))).toMatchObject({ ok: true, message: '支付成功' });

    const moved = await actions.rescheduleRegistrationAction({ registerNo, scheduleId: to!.ScheduleID });
    expect(moved).toMatchObject({ ok: true, receipt: { scheduleId: to!.ScheduleID, status: 'booked' } });
    expect((moved as { message: string }).message).toMatch(/^已改约至 \d{4}-\d{2}-\d{2} /);

    const cancelled = await actions.cancelRegistrationAction(null, form({ registerNo }));
    expect(cancelled).toMatchObject({ ok: true, receipt: { status: 'cancelled' } });
    // What was paid is refunded: the list fee at the holder's card level (普卡 9.5折, lib/fees.ts), to the fen.
    const { fee, amount } = (cancelled as { receipt: { fee: number; amount: number } }).receipt;
    expect(amount).toBe(toYuan(Math.round(toFen(fee) * 0.95)));
    expect((cancelled as { message: string }).message).toBe(`预约已取消，挂号费￥${formatYuan(amount)}将原路退回`);
    expect(await actions.removePatientAction(Number(patientId))).toEqual({ ok: true, message: '已删除就诊人' });
  });
});

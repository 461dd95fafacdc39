/**
 * The 图文问诊 server actions (components/online/actions.ts) called as Next calls them after decoding a request,
 * against a throwaway embedded backend: hostile arguments resolve with a Chinese message and write nothing; an
 * empty file input asks without a photo; a real photo is kept; a resubmit of the same form asks once; a
 * non-image answers on the photos field; pay, and the follow-up and rating refuse before the answer.
 */
import type Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simulatedPaymentProvider } from '@/lib/backend/payments';
import { jar, request } from '@/test/next-headers-jar';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { openReader } from '@/test/db-snapshot';
import { idCardFor } from '@/test/id-cards';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));
vi.mock('next/cache', () => ({ updateTag: () => undefined }));
request.headers.set('x-forwarded-for', '203.0.113.31');

const overlays = await import('@/components/overlays/actions');
const booking = await import('@/components/booking/actions');
const actions = await import('./actions');

const HAN = /\p{Script=Han}/u;
const QUESTION = '胃脘胀痛三周，饭后加重，嗳气反酸，请问如何调理？';
let test: TestBackend;
let reader: Database.Database;
let doctorId = '';
let patientId = '';

const asks = () => (reader.prepare('SELECT COUNT(*) AS n FROM asks').get() as { n: number }).n;

function askForm(extra: Record<string, string> = {}, files: File[] = []): FormData {
  const f = new FormData();
  const fields = { doctorId, patientId, content: QUESTION, duration: '一个月内', seenDoctor: '0', isPrivate: '1', idempotencyKey: `act${crypto.randomUUID().replace(/-/g, '')}`, ...extra };
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const file of files) f.append('photos', file);
  return f;
}

beforeAll(async () => {
  test = installTestBackend({ paymentProvider: simulatedPaymentProvider() });
  reader = openReader(test.backend.settings.dbPath);
  expect(await overlays.loginWithPasswordAction('13800000006', 'Shengai2026')).toMatchObject({ ok: true });
  expect(jar.has('refreshToken')).toBe(true);
  const added = await booking.savePatientAction(null, { name: '陈淑芬', relation: '父母', idCard: idCardFor(66), phone: '13900006666' });
  expect(added).toMatchObject({ ok: true });
  patientId = String((added as { patient: { id: number } }).patient.id);
  doctorId = String((reader.prepare('SELECT doctor_id FROM doctors WHERE consult_online = 1 AND consult_fee > 0 LIMIT 1').get() as { doctor_id: number }).doctor_id);
});

afterAll(() => {
  reader.close();
  test.close();
});

describe('hostile arguments: a Chinese message, nothing written', () => {
  const NOT_STRINGABLE = { toString: 1, valueOf: 1 };
  const cases: [string, () => Promise<{ ok: boolean; message: string }>][] = [
    ['not a form', () => actions.askDoctorAction(null, NOT_STRINGABLE as never)],
    ['a file in a text field', () => {
      const f = askForm();
      f.set('content', new File(['x'], 'x.txt'));
      return actions.askDoctorAction(null, f);
    }],
    ['a repeated field', () => {
      const f = askForm();
      f.append('doctorId', doctorId);
      return actions.askDoctorAction(null, f);
    }],
    ['a photos text field', () => {
      const f = askForm();
      f.append('photos', 'not a file');
      return actions.askDoctorAction(null, f);
    }],
    ['an unknown field', () => {
      const f = askForm();
      f.append('fee', '0');
      return actions.askDoctorAction(null, f);
    }],
    ['five photos', () => actions.askDoctorAction(null, askForm({}, Array.from({ length: 5 }, (_, i) => new File([new Uint8Array(10)], `${i}.jpg`))))],
    ['a bad ask number', () => actions.payAskAction({ askNo: "Q1' OR 1=1" })],
    ['an odd satisfaction', () => actions.rateAskAction({ askNo: 'Q20261127ABCDEF1234', satisfaction: '9' as never, words: '' })],
  ];
  for (const [what, run] of cases) {
    it(what, async () => {
      const r = await run();
      expect(r.ok).toBe(false);
      expect(r.message).toMatch(HAN);
      expect(asks()).toBe(0);
    });
  }
});

describe('asking through the action', () => {
  it('an empty file input (one empty file, nameless or "blob" once serialised) asks without a photo; a resubmit asks once', async () => {
    const f = askForm({}, [new File([], 'blob')]);
    const first = await actions.askDoctorAction(null, f);
    expect(first).toMatchObject({ ok: true, question: { status: 'unpaid', photoIds: [], patientName: '陈淑芬' } });
    const again = await actions.askDoctorAction(null, f);
    expect(again).toMatchObject({ ok: true, question: { askNo: (first as { question: { askNo: string } }).question.askNo, repeated: true } });
    expect(asks()).toBe(1);
  });

  it('keeps a real photo, refuses a non-image on the photos field, and pays', async () => {
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: 'white' } }).jpeg().toBuffer();
    const made = await actions.askDoctorAction(null, askForm({}, [new File([new Uint8Array(jpeg)], 'tongue.jpg', { type: 'image/jpeg' })]));
    expect(made).toMatchObject({ ok: true });
    const question = (made as { question: { askNo: string; photoIds: number[] } }).question;
    expect(question.photoIds).toHaveLength(1);
    const bad = await actions.askDoctorAction(null, askForm({}, [new File(['不是图片'], 'x.jpg', { type: 'image/jpeg' })]));
    expect(bad).toMatchObject({ ok: false, reason: 'BAD_PHOTO', errors: { photos: expect.stringContaining('第1张图片不是JPEG、PNG或WebP格式的图片') } });
    expect(asks()).toBe(2);
    expect(await actions.payAskAction({ askNo: question.askNo })).toMatchObject({ ok: true, message: '支付成功', question: { status: 'waiting' } });
    expect(await actions.followUpAskAction({ askNo: question.askNo, content: '请问需要复诊吗？' })).toMatchObject({ ok: false, reason: 'NOT_ANSWERED' });
    expect(await actions.rateAskAction({ askNo: question.askNo, satisfaction: '1', words: '' })).toMatchObject({ ok: false, reason: 'NOT_ANSWERED' });
  });

  it('checks the words before sending: a short question is the content field’s message', async () => {
    const r = await actions.askDoctorAction(null, askForm({ content: '胃痛' }));
    expect(r).toMatchObject({ ok: false, errors: { content: '问题描述至少10个字' } });
  });
});

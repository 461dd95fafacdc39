/**
 * 图文问诊 asked on the site (docs/api.md "IM_AskQuestion: asking a doctor"): one question and one payment per
 * idempotency key, photos sniffed and re-encoded without metadata, refused files leave nothing behind, an
 * unpaid question lapses, the aid's answer sends an SMS notice, one follow-up within 72 hours, one rating, a
 * paid question unanswered for 48 hours is refunded with an SMS, a public one is published masked, a private
 * one never, and another member or a visitor never sees a question or its photos. Time moves through the
 * backend's injected clock, never by sleeping.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';
import { photosDirOf, sniffPhotoType } from '../ask-photos';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath, visitorToken, type TestEnvelope } from '@/test/backend-member-services';
import { idCardFor } from '@/test/id-cards';
import type { PaymentProvider } from '../payments';
import { LIMITS } from '@/lib/limits';
import { siteMetrics } from '@/lib/observability/metrics';

/** A counter of /metrics as it stands: its value for the labels. */
async function metric(name: 'askPhotos' | 'askPhotoBytes', labels: Record<string, string>): Promise<number> {
  const values = (await siteMetrics()[name].get()).values;
  return values.find((v) => Object.entries(labels).every(([k, x]) => (v.labels as Record<string, string | number | undefined>)[k] === x))?.value ?? 0;
}

let backend: Backend;
// 10:00 China time.
let clock = new Date('2026-11-24T02:00:00Z');
let refunds: string[] = [];
let creates = 0;
/** What each payment asked the provider for, by order number. */
const charged = new Map<string, number>();
const provider: PaymentProvider = {
  name: 'test',
  create: async ({ orderNo, amount }) => {
    creates += 1;
    charged.set(orderNo, amount);
    return { ok: true, paymentNo: `T${Math.random().toString(36).slice(2, 12)}` };
  },
  confirm: async (paymentNo) => ({ ok: true, paymentNo }),
  refund: async ({ paymentNo }) => {
    refunds.push(paymentNo);
    return { ok: true, paymentNo };
  },
};

const HAN = /[\u4e00-\u9fa5]/;
const key = () => `k${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
const QUESTION = '舌苔白厚，食欲不振两周，饭后腹胀，大便偏稀，请问应如何调理？';
let doctorId = 0;
let closedDoctorId = 0;
const members: { id: number; token: string; phone: string; vip: string }[] = [];

/** A token signed at the moved clock (an access token lives minutes; the tests move hours). */
const tokenNow = (m: (typeof members)[number]) => memberToken(backend, m.id, m.vip);

/** A JPEG made here with EXIF (a maker, a comment, GPS) and XMP, as a phone's photo carries them. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 80, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMakerX', ImageDescription: 'HOME-ADDRESS-NOTE' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '102/1 42/1 0/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>XMP-OWNER-NAME</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** The GPS IFD pointer (tag 0x8825) of a TIFF header in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));

async function ask(
  token: string | undefined,
  fields: Record<string, string>,
  photos: { name: string; bytes: Buffer; type?: string }[] = [],
): Promise<TestEnvelope> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const p of photos) form.append('Photo', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/jpeg' }), p.name);
  const response = await backend.handle(
    new Request('http://x/api/IM_AskQuestion/AskQuestion?IsWeb=1&Sub=', { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} }),
  );
  return (await response.json()) as TestEnvelope;
}

const askFields = (extra: Record<string, string> = {}) => ({
  DoctorID: String(doctorId),
  Content: QUESTION,
  Duration: '一个月内',
  SeenDoctor: '0',
  IsPrivate: '1',
  IdempotencyKey: key(),
  ...extra,
});

const photoFiles = () => {
  const dir = photosDirOf(backend.settings.dbPath);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const askCount = (memberId: number) => (backend.db.prepare('SELECT COUNT(*) AS n FROM asks WHERE member_id = ?').get(memberId) as { n: number }).n;
const notices = (phone: string, kind: string) =>
  backend.db.prepare('SELECT text FROM sms_notices WHERE phone = ? AND kind = ? ORDER BY id').all(phone, kind) as { text: string }[];

async function paidQuestion(m: (typeof members)[number], extra: Record<string, string> = {}): Promise<string> {
  const made = await ask(m.token, askFields(extra));
  expect(made.ErrorNo, made.ErrorInfo).toBe(1);
  const paid = await call(backend, 'IM_AskQuestion/PayAskQuestion', { AskNo: made.Result.AskNo }, m.token);
  expect(paid.ErrorNo, paid.ErrorInfo).toBe(1);
  return made.Result.AskNo as string;
}

beforeAll(async () => {
  backend = createBackend({ dbPath: tempDbPath('ask'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock, paymentProvider: provider });
  doctorId = (backend.db.prepare('SELECT doctor_id FROM doctors WHERE consult_online = 1 AND consult_fee > 0 ORDER BY doctor_id LIMIT 1').get() as { doctor_id: number }).doctor_id;
  closedDoctorId = (backend.db.prepare('SELECT doctor_id FROM doctors WHERE consult_online = 0 ORDER BY doctor_id LIMIT 1').get() as { doctor_id: number }).doctor_id;
  for (let i = 0; i < 6; i++) {
    const phone = `1360000${String(i).padStart(4, '0')}`;
    const vip = `AVIP${i}`;
    const id = ensureMember(backend, { phone, vipCode: vip, name: i === 0 ? '王秀琴' : `问诊${i}`, points: 0 });
    backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(300 + i), id);
    members.push({ id, token: await memberToken(backend, id, vip), phone, vip });
  }
});

afterAll(() => backend.db.close());

describe('AskQuestion', () => {
  it('charges the doctor’s fee at the account holder’s card level, as 挂号 is (lib/fees.ts), and says so', async () => {
    const id = ensureMember(backend, { phone: '13600000099', vipCode: 'AVIPGOLD', name: '金卡问诊', points: 0 });
    backend.db.prepare('UPDATE members SET id_card = ?, level = 3 WHERE id = ?').run(idCardFor(399), id);
    const token = await memberToken(backend, id, 'AVIPGOLD');
    const listFee = (backend.db.prepare('SELECT consult_fee FROM doctors WHERE doctor_id = ?').get(doctorId) as { consult_fee: number }).consult_fee;
    const made = await ask(token, askFields());
    expect(made.ErrorNo, made.ErrorInfo).toBe(1);
    const amount = Math.round(listFee * 100 * 0.85) / 100;
    expect(made.Result).toMatchObject({ ListFee: listFee, Fee: amount, DiscountLabel: '金卡 8.5折' });
    const paid = await call(backend, 'IM_AskQuestion/PayAskQuestion', { AskNo: made.Result.AskNo }, token);
    expect(paid.ErrorNo, paid.ErrorInfo).toBe(1);
    expect(charged.get(made.Result.AskNo)).toBe(amount);
    expect(amount).toBeLessThan(listFee);
  });

  it('keeps a photo re-encoded with no EXIF, GPS or XMP, resized, served back only through GetAskPhoto', async () => {
    const sent = await phonePhoto();
    const [storedBefore, sentBytesBefore] = [await metric('askPhotos', { outcome: 'stored' }), await metric('askPhotoBytes', { kind: 'sent' })];
    const before = await sharp(sent).metadata();
    expect(before.exif && hasGpsPointer(before.exif)).toBe(true);
    expect(sent.includes('XMP-OWNER-NAME')).toBe(true);
    const made = await ask(members[0]!.token, askFields(), [{ name: 'tongue.jpg', bytes: sent }]);
    expect(made.ErrorNo, made.ErrorInfo).toBe(1);
    expect(made.Result).toMatchObject({ Status: 4, StatusName: '待支付', PatientName: '王秀琴', IsPrivate: 1, Repeated: false });
    expect(made.Result.Photos).toHaveLength(1);
    // /metrics counts the photo and its bytes as sent.
    expect(await metric('askPhotos', { outcome: 'stored' })).toBe(storedBefore + 1);
    expect(await metric('askPhotoBytes', { kind: 'sent' })).toBe(sentBytesBefore + sent.length);
    const photo = await call(backend, 'IM_AskQuestion/GetAskPhoto', { AskNo: made.Result.AskNo, PhotoID: String(made.Result.Photos[0].PhotoID) }, members[0]!.token);
    expect(photo.ErrorNo).toBe(1);
    expect(photo.Result.ContentType).toBe('image/jpeg');
    const served = Buffer.from(photo.Result.Data, 'base64');
    const after = await sharp(served).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.comments ?? []).toHaveLength(0);
    for (const text of ['PhoneMakerX', 'HOME-ADDRESS-NOTE', 'XMP-OWNER-NAME', 'Exif']) expect(served.includes(text), text).toBe(false);
    expect(Math.max(after.width!, after.height!)).toBe(2048);
    expect(sniffPhotoType(served)).toBe('jpeg');
  });

  it('a double submit (same key, even at once) makes one question with one set of photos', async () => {
    const m = members[1]!;
    const fields = askFields();
    const photo = await phonePhoto();
    const filesBefore = photoFiles().length;
    const [a, b] = await Promise.all([ask(m.token, fields, [{ name: 'a.jpg', bytes: photo }]), ask(m.token, fields, [{ name: 'a.jpg', bytes: photo }])]);
    expect([a.ErrorNo, b.ErrorNo]).toEqual([1, 1]);
    expect(a.Result.AskNo).toBe(b.Result.AskNo);
    expect([a.Result.Repeated, b.Result.Repeated].sort()).toEqual([false, true]);
    expect(askCount(m.id)).toBe(1);
    expect(photoFiles().length).toBe(filesBefore + 1);
    // The same key for other words is refused, not silently answered with the first question.
    const reused = await ask(m.token, { ...fields, Content: `${QUESTION}补充` });
    expect(reused.Result.Reason).toBe('KEY_REUSED');
    // Paying twice at once pays once.
    const [p, q] = await Promise.all([
      call(backend, 'IM_AskQuestion/PayAskQuestion', { AskNo: a.Result.AskNo }, m.token),
      call(backend, 'IM_AskQuestion/PayAskQuestion', { AskNo: a.Result.AskNo }, m.token),
    ]);
    expect([p.ErrorNo, q.ErrorNo].filter((n) => n === 1).length).toBeGreaterThanOrEqual(1);
    const paid = backend.db.prepare(`SELECT COUNT(*) AS n FROM payments WHERE register_no = ? AND status = 'paid'`).get(a.Result.AskNo) as { n: number };
    expect(paid.n).toBe(1);
    const again = await call(backend, 'IM_AskQuestion/PayAskQuestion', { AskNo: a.Result.AskNo }, m.token);
    expect(again.Result).toMatchObject({ Status: 0, StatusName: '待回复', Repeated: true });
  });

  it('refuses a non-image, a corrupt, an oversized or a fifth photo in Chinese, keeping and charging nothing', async () => {
    const m = members[2]!;
    const good = await phonePhoto();
    const filesBefore = photoFiles().length;
    const createsBefore = creates;
    const refusedBefore = await metric('askPhotos', { outcome: 'refused' });
    const cases: [string, { name: string; bytes: Buffer; type?: string }[], RegExp][] = [
      ['text named .jpg', [{ name: 'x.jpg', bytes: Buffer.from('这不是图片，只是一段文字'.repeat(20)) }], /第1张图片不是JPEG、PNG或WebP格式/],
      ['a PDF sent as image/png', [{ name: 'r.png', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n'), type: 'image/png' }], /不是JPEG、PNG或WebP/],
      ['a JPEG header on garbage', [{ name: 'a.jpg', bytes: good }, { name: 'b.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]) }], /第2张图片已损坏/],
      ['over 8 MB', [{ name: 'big.jpg', bytes: Buffer.concat([good, Buffer.alloc(8 * 1024 * 1024)]) }], /超过8MB/],
      ['five photos', Array.from({ length: 5 }, (_, i) => ({ name: `${i}.jpg`, bytes: good })), /最多上传4张图片/],
    ];
    for (const [what, photos, message] of cases) {
      const r = await ask(m.token, askFields(), photos);
      expect(r.ErrorNo, what).not.toBe(1);
      expect(r.ErrorInfo, what).toMatch(message);
      expect(r.ErrorInfo, what).toMatch(HAN);
    }
    expect(askCount(m.id)).toBe(0);
    expect(photoFiles().length).toBe(filesBefore);
    expect(creates).toBe(createsBefore);
    // Each refused photo is counted; a fifth photo refuses the question before any photo is read.
    expect(await metric('askPhotos', { outcome: 'refused' })).toBe(refusedBefore + 4);
  });

  it('refuses bad words, a doctor without 图文问诊 and a visitor, with Chinese messages', async () => {
    const m = members[2]!;
    const bad: [Record<string, string>, RegExp][] = [
      [{ Content: '太短了' }, /至少10个字/],
      [{ Content: '很'.repeat(1001) }, /不能超过1000个字/],
      [{ Content: `${QUESTION}<script>alert(1)</script>` }, /不能包含/],
      [{ Duration: '十年' }, /请选择患病时长/],
      [{ IsPrivate: '2' }, /公开或私密取值无效/],
      [{ PatientID: '999999' }, /就诊人不存在/],
    ];
    for (const [extra, message] of bad) {
      const r = await ask(m.token, askFields(extra));
      expect(r.ErrorNo, JSON.stringify(extra)).not.toBe(1);
      expect(r.ErrorInfo, JSON.stringify(extra)).toMatch(message);
    }
    const closed = await ask(m.token, askFields({ DoctorID: String(closedDoctorId) }));
    expect(closed.Result.Reason).toBe('NOT_OFFERED');
    expect(closed.ErrorInfo).toMatch(/暂未开通图文问诊/);
    const visitor = await ask(await visitorToken(backend), askFields());
    expect(visitor.ErrorNo).toBe(4001);
    expect(askCount(m.id)).toBe(0);
  });

  it(`allows ${LIMITS.askDaily.allowance} questions a China day per member, and more the next day`, async () => {
    const m = members[5]!;
    for (let i = 0; i < LIMITS.askDaily.allowance; i++) expect((await ask(m.token, askFields())).ErrorNo).toBe(1);
    const over = await ask(m.token, askFields());
    expect(over.Result.Reason).toBe('DAILY_LIMIT');
    expect(over.ErrorInfo).toContain(`最多提交${LIMITS.askDaily.allowance}个问诊`);
    const start = clock;
    try {
      clock = new Date('2026-11-24T16:00:01Z'); // 00:00:01 China time, the next day
      expect((await ask(await tokenNow(m), askFields())).ErrorNo).toBe(1);
    } finally {
      clock = start;
    }
  });
});

describe('the photo allowance of one client', () => {
  it(`refuses the photos past ${LIMITS.askUploadClient.allowance} an hour from one client with 429 and a Chinese wait`, async () => {
    // A second backend on the same database has throttles of its own, untouched by the tests above.
    const fresh = createBackend({ dbPath: backend.settings.dbPath, jwtSecret: TEST_SECRET, log: () => {}, now: () => clock, paymentProvider: provider });
    const m = members[3]!;
    const junk = { name: 'x.jpg', bytes: Buffer.from('不是图片') };
    const send = async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries(askFields())) form.set(k, v);
      for (let i = 0; i < 4; i++) form.append('Photo', new Blob([new Uint8Array(junk.bytes)]), junk.name);
      const r = await fresh.handle(new Request('http://x/api/IM_AskQuestion/AskQuestion', { method: 'POST', body: form, headers: { Authorization: `Bearer ${m.token}` } }));
      return { status: r.status, body: (await r.json()) as TestEnvelope };
    };
    for (let i = 0; i < LIMITS.askUploadClient.allowance / 4; i++) {
      const r = await send();
      expect(r.body.Result.Reason, `request ${i + 1}`).toBe('BAD_PHOTO');
    }
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.body.ErrorInfo).toMatch(/^当前网络上传图片过于频繁，请.+后再试$/);
    fresh.db.close();
  });
});

describe('after asking', () => {
  it('an unpaid question lapses after the payment minutes and can no longer be paid', async () => {
    const m = members[3]!;
    const made = await ask(m.token, askFields());
    const start = clock;
    try {
      clock = new Date(start.getTime() + backend.settings.bookingPaymentMinutes * 60_000 + 1000);
      const token = await tokenNow(m);
      const got = await call(backend, 'IM_AskQuestion/GetMyAskQuestion', { AskNo: made.Result.AskNo }, token);
      expect(got.Result).toMatchObject({ Status: 5, StatusName: '已过期' });
      const pay = await call(backend, 'IM_AskQuestion/PayAskQuestion', { AskNo: made.Result.AskNo }, token);
      expect(pay.Result.Reason).toBe('LAPSED');
    } finally {
      clock = start;
    }
  });

  it('answer → SMS notice → one follow-up within 72 h → its answer → one rating; a private one is never public', async () => {
    const m = members[0]!;
    const askNo = await paidQuestion(m);
    const early = await call(backend, 'IM_AskQuestion/RateAskQuestion', { AskNo: askNo, Satisfaction: '1' }, m.token);
    expect(early.Result.Reason).toBe('NOT_ANSWERED');
    const answered = await call(backend, 'Dev/AnswerQuestion', { AskNo: askNo, Content: '建议健脾化湿，少食生冷。' });
    expect(answered.Result).toEqual({ AskNo: askNo, Answered: 'question' });
    expect(notices(m.phone, 'ask-answer').map((n) => n.text).join()).toContain(askNo);
    let got = await call(backend, 'IM_AskQuestion/GetMyAskQuestion', { AskNo: askNo }, m.token);
    expect(got.Result).toMatchObject({ Status: 1, StatusName: '已回复', Answer: '建议健脾化湿，少食生冷。', PublicCode: null });
    expect(Date.parse(got.Result.FollowUpUntil) - Date.parse(got.Result.AnswerTime)).toBe(72 * 3_600_000);
    const follow = await call(backend, 'IM_AskQuestion/AddAskFollowUp', { AskNo: askNo, Content: '请问需要忌口哪些食物？' }, m.token);
    expect(follow.Result).toMatchObject({ Status: 0, StatusName: '待回复', FollowUp: '请问需要忌口哪些食物？' });
    const second = await call(backend, 'IM_AskQuestion/AddAskFollowUp', { AskNo: askNo, Content: '还有一个问题想问问' }, m.token);
    expect(second.Result.Reason).toBe('FOLLOW_UP_USED');
    expect((await call(backend, 'Dev/AnswerQuestion', { AskNo: askNo, Content: '忌生冷油腻。' })).Result.Answered).toBe('followUp');
    expect(notices(m.phone, 'ask-answer')).toHaveLength(2);
    got = await call(backend, 'IM_AskQuestion/GetMyAskQuestion', { AskNo: askNo }, m.token);
    expect(got.Result).toMatchObject({ Status: 1, FollowUpAnswer: '忌生冷油腻。', FollowUpUntil: null });
    const evaluationsBefore = (backend.db.prepare('SELECT COUNT(*) AS n FROM evaluations').get() as { n: number }).n;
    const rated = await call(backend, 'IM_AskQuestion/RateAskQuestion', { AskNo: askNo, Satisfaction: '1', Content: '回复很及时' }, m.token);
    expect(rated.Result).toMatchObject({ Status: 3, StatusName: '已评价', Satisfaction: 1, RatingWords: '回复很及时' });
    const twice = await call(backend, 'IM_AskQuestion/RateAskQuestion', { AskNo: askNo, Satisfaction: '3' }, m.token);
    expect(twice.Result.Reason).toBe('ALREADY_RATED');
    // Private: no public question, no public evaluation.
    expect(backend.db.prepare('SELECT 1 FROM questions WHERE code = ?').get(askNo)).toBeUndefined();
    expect((backend.db.prepare('SELECT COUNT(*) AS n FROM evaluations').get() as { n: number }).n).toBe(evaluationsBefore);
    const list = await call(backend, 'IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode', { DoctorID: String(doctorId), PageSize: '100' });
    expect(JSON.stringify(list.Result)).not.toContain(askNo);
  });

  it('the follow-up closes 72 hours after the answer', async () => {
    const m = members[3]!;
    const askNo = await paidQuestion(m);
    await call(backend, 'Dev/AnswerQuestion', { AskNo: askNo });
    const start = clock;
    try {
      clock = new Date(start.getTime() + 72 * 3_600_000 + 1000);
      const late = await call(backend, 'IM_AskQuestion/AddAskFollowUp', { AskNo: askNo, Content: '请问还需要复诊吗？' }, await tokenNow(m));
      expect(late.Result.Reason).toBe('FOLLOW_UP_CLOSED');
      expect(late.ErrorInfo).toContain('72小时');
    } finally {
      clock = start;
    }
  });

  it('a public question appears masked without photos once answered, and its 满意 moves the doctor’s counts', async () => {
    const m = members[0]!;
    const satisfied = async () =>
      (await call(backend, 'TW_Evaluate/GetTW_EvaluateDetailsList', { DoctorID: String(doctorId), Source: '1', Satisfaction: '1', PageSize: '1' })).Result.TotalCount as number;
    const publicCount = async () =>
      (await call(backend, 'IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode', { DoctorID: String(doctorId), QuestionType: '0', PageSize: '1' })).Result.TotalCount as number;
    const [sBefore, qBefore] = [await satisfied(), await publicCount()];
    const made = await ask(m.token, askFields({ IsPrivate: '0' }), [{ name: 't.jpg', bytes: await phonePhoto() }]);
    await call(backend, 'IM_AskQuestion/PayAskQuestion', { AskNo: made.Result.AskNo }, m.token);
    expect(await publicCount()).toBe(qBefore);
    await call(backend, 'Dev/AnswerQuestion', { AskNo: made.Result.AskNo, Content: '建议清淡饮食。' });
    expect(await publicCount()).toBe(qBefore + 1);
    const detail = await call(backend, 'IM_AskQuestion/GetIM_AskQuestionDetailByDoctorCode', { AppointmentCode: made.Result.AskNo });
    expect(detail.Result.ReturnObject).toMatchObject({ AskerName: '王*琴', Content: QUESTION, ReplyContent: '建议清淡饮食。', QuestionType: 0, IsReply: 1 });
    expect(JSON.stringify(detail.Result)).not.toMatch(/Photo|王秀琴/);
    await call(backend, 'IM_AskQuestion/RateAskQuestion', { AskNo: made.Result.AskNo, Satisfaction: '1' }, m.token);
    expect(await satisfied()).toBe(sBefore + 1);
  });

  it('refunds a paid question unanswered for 48 hours, once, and tells the member by SMS', async () => {
    const m = members[4]!;
    const askNo = await paidQuestion(m);
    const start = clock;
    refunds = [];
    try {
      clock = new Date(start.getTime() + 48 * 3_600_000 - 60_000);
      expect((await call(backend, 'IM_AskQuestion/GetMyAskQuestion', { AskNo: askNo }, await tokenNow(m))).Result.Status).toBe(0);
      clock = new Date(start.getTime() + 48 * 3_600_000 + 1000);
      const token = await tokenNow(m);
      const [a, b] = await Promise.all([
        call(backend, 'IM_AskQuestion/GetMyAskQuestion', { AskNo: askNo }, token),
        call(backend, 'IM_AskQuestion/GetMyAskQuestionList', {}, token),
      ]);
      expect(a.Result).toMatchObject({ Status: 2, StatusName: '已退款' });
      expect(b.Result.DataList.find((x: { AskNo: string }) => x.AskNo === askNo)).toMatchObject({ Status: 2 });
      expect(refunds).toHaveLength(1);
      expect(notices(m.phone, 'ask-refund')).toHaveLength(1);
      expect(notices(m.phone, 'ask-refund')[0]!.text).toContain('48小时内未获回复');
      const late = await call(backend, 'Dev/AnswerQuestion', { AskNo: askNo });
      expect(late.Result.Reason).toBe('NOT_ANSWERABLE');
    } finally {
      clock = start;
    }
  });

  it('another member gets "not found" for a question and its photo; a visitor is refused', async () => {
    const owner = members[0]!;
    const made = await ask(owner.token, askFields(), [{ name: 'p.jpg', bytes: await phonePhoto() }]);
    const photoId = String(made.Result.Photos[0].PhotoID);
    const stranger = members[1]!;
    const q = await call(backend, 'IM_AskQuestion/GetMyAskQuestion', { AskNo: made.Result.AskNo }, stranger.token);
    expect(q.ErrorNo).toBe(404);
    const p = await call(backend, 'IM_AskQuestion/GetAskPhoto', { AskNo: made.Result.AskNo, PhotoID: photoId }, stranger.token);
    expect(p.ErrorNo).toBe(404);
    const v = await call(backend, 'IM_AskQuestion/GetAskPhoto', { AskNo: made.Result.AskNo, PhotoID: photoId }, await visitorToken(backend));
    expect(v.ErrorNo).toBe(4001);
    const list = await call(backend, 'IM_AskQuestion/GetMyAskQuestionList', {}, stranger.token);
    expect(JSON.stringify(list.Result)).not.toContain(made.Result.AskNo);
  });
});

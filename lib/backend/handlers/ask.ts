/**
 * 图文问诊 asked on the site, under IM_AskQuestion (the site's extension of SPEC §7, documented in docs/api.md
 * "IM_AskQuestion: asking a doctor", as HIS_Register's booking is):
 * - AskQuestion (member, write, multipart): a question to a doctor who offers 图文问诊, for one 就诊人, with up
 *   to four photos (ask-photos.ts), made once per idempotency key; it starts unpaid (4 待支付) with the booking's
 *   payment deadline and lapses (5 已过期) when it passes, as an unpaid booking does;
 * - PayAskQuestion (member, write): the doctor's 图文问诊 fee through settings.paymentProvider, → 0 待回复;
 * - AddAskFollowUp (member, write): one follow-up within ASK_RULES.followUpHours of the answer, → 0 again;
 * - RateAskQuestion (member, write): 满意/一般/不满意 with optional words, once, → 3 已评价;
 * - GetMyAskQuestionList / GetMyAskQuestion (member): the member's own; another's is "not found";
 * - GetAskPhoto (member): the bytes of a photo of the member's own question;
 * - Dev/AnswerQuestion (development aid): plays the doctor answering the question or its follow-up.
 * The answer sends an SMS notice (sms_notices, the outbox). A paid question unanswered ASK_RULES.answerHours
 * after payment is refunded in full and the member told by SMS (refundOverdueAsks, on the backend's clock).
 * A public question, once answered, is copied into the public Q&A (`questions`) with the asker masked and
 * without photos, and its rating into the doctor's 问诊评价 (evaluations, source 1); a private one never is.
 */
import crypto from 'node:crypto';
import { isIdempotencyKey, type WireAsk } from '@/lib/contract';
import { BODY_LIMITS, LIMITS, limitMessage } from '@/lib/limits';
import { registrationCharge, toYuan } from '@/lib/fees';
import { recordAskPhoto } from '@/lib/observability/metrics';
import { ASK_RULES, ASK_STATUS_NAMES, askTextProblem, maskAskerName, validateAskDraft } from '@/lib/validation';
import { cleanPhoto, newPhotoFile, PHOTO_CONTENT_TYPES, PHOTO_MAX_COUNT, photosDirOf, readPhoto, removePhoto, writePhoto, type CleanPhoto } from '../ask-photos';
import { optionalEnum, optionalInt, optionalString, paging, listResult, requiredString } from '../fields';
import { BackendError, ErrorNo, type BackendSettings, type Caller, type Database, type EndpointMap, type HandlerContext } from '../types';
import { chinaDate, chinaDayStartIso } from './clinic-rows';
import { bookingPatient, optionalPatientId } from './patients';

export type AskRefusal =
  | 'NOT_OFFERED'
  | 'KEY_REUSED'
  | 'LAPSED'
  | 'NOT_PAYABLE'
  | 'IN_PROGRESS'
  | 'PAYMENT_FAILED'
  | 'DAILY_LIMIT'
  | 'BYTES_LIMIT'
  | 'NOT_ANSWERED'
  | 'FOLLOW_UP_USED'
  | 'FOLLOW_UP_CLOSED'
  | 'ALREADY_RATED'
  | 'NOT_ANSWERABLE';

function refuse(reason: AskRefusal, message: string): never {
  throw new BackendError(ErrorNo.REFUSED, message, { Reason: reason });
}

const ASK_NO = /^Q\d{8}[0-9A-F]{10}$/;

export interface AskRow {
  id: number;
  ask_no: string;
  member_id: number;
  idempotency_key: string;
  doctor_id: number;
  patient_id: number | null;
  patient_name: string;
  patient_phone: string | null;
  content: string;
  duration: string;
  seen_doctor: number;
  is_private: number;
  fee: number;
  list_fee: number;
  discount_label: string;
  status: number;
  created_at: string;
  pay_deadline: string;
  paid_at: string | null;
  payment_no: string | null;
  answer: string | null;
  answered_at: string | null;
  follow_up: string | null;
  follow_up_at: string | null;
  follow_up_answer: string | null;
  follow_up_answered_at: string | null;
  satisfaction: number | null;
  rating_words: string | null;
  rated_at: string | null;
  refunded_at: string | null;
  public_question_id: number | null;
}

interface DoctorOfAsk {
  doctor_id: number;
  appointment_code: string;
  name: string;
  title: string;
  department: string;
  org_code: string;
  consult_online: number;
  consult_fee: number;
  praise_rate: number;
  hospital_name: string | null;
}

function memberOf(caller: Caller) {
  if (caller.kind !== 'member') throw new BackendError(ErrorNo.UNAUTHORIZED, '请先登录');
  return caller;
}

function askNoField(ctx: HandlerContext): string {
  const no = requiredString(ctx.fields, 'AskNo', '问诊单号', 40);
  if (!ASK_NO.test(no)) throw new BackendError(ErrorNo.BAD_INPUT, '问诊单号格式不正确');
  return no;
}

function doctorById(db: Database, doctorId: number): DoctorOfAsk | undefined {
  return db
    .prepare(
      `SELECT d.doctor_id, d.appointment_code, d.name, d.title, d.department, d.org_code, d.consult_online, d.consult_fee,
         d.praise_rate, o.name AS hospital_name
       FROM doctors d LEFT JOIN orgs o ON o.code = d.org_code WHERE d.doctor_id = ?`,
    )
    .get(doctorId) as DoctorOfAsk | undefined;
}

/** Status as of `now`: an unpaid question past its deadline has lapsed. */
export function effectiveAskStatus(row: Pick<AskRow, 'status' | 'pay_deadline'>, now: Date): number {
  return row.status === 4 && row.pay_deadline <= now.toISOString() ? 5 : row.status;
}

/** Until when the follow-up may be asked, or null when it cannot. */
function followUpUntil(row: AskRow, status: number): string | null {
  if (status !== 1 || !row.answered_at || row.follow_up) return null;
  return new Date(Date.parse(row.answered_at) + ASK_RULES.followUpHours * 3_600_000).toISOString();
}

function ownRow(db: Database, memberId: number, askNo: string): AskRow {
  const row = db.prepare('SELECT * FROM asks WHERE ask_no = ? AND member_id = ?').get(askNo, memberId) as AskRow | undefined;
  // Another member's question is "not found" too: its existence is not told.
  if (!row) throw new BackendError(ErrorNo.NOT_FOUND, '问诊记录不存在');
  return row;
}

export function askWire(db: Database, settings: Pick<BackendSettings, 'paymentProvider'>, row: AskRow, now: Date): WireAsk {
  const doctor = doctorById(db, row.doctor_id);
  const status = effectiveAskStatus(row, now);
  const until = followUpUntil(row, status);
  const photos = db.prepare('SELECT id, width, height FROM ask_photos WHERE ask_id = ? ORDER BY id').all(row.id) as { id: number; width: number; height: number }[];
  const publicCode = row.public_question_id
    ? ((db.prepare('SELECT code FROM questions WHERE question_id = ?').get(row.public_question_id) as { code: string } | undefined)?.code ?? null)
    : null;
  return {
    AskNo: row.ask_no,
    DoctorID: row.doctor_id,
    DoctorCode: doctor?.appointment_code ?? '',
    DoctorName: doctor?.name ?? '',
    DoctorTitle: doctor?.title ?? '',
    Department: doctor?.department ?? '',
    HospitalName: doctor?.hospital_name ?? '',
    PatientName: row.patient_name,
    Content: row.content,
    Duration: row.duration,
    SeenDoctor: row.seen_doctor,
    IsPrivate: row.is_private,
    Fee: row.fee,
    ListFee: row.list_fee,
    DiscountLabel: row.discount_label,
    Status: status,
    StatusName: ASK_STATUS_NAMES[status] ?? '',
    CreateTime: row.created_at,
    PayDeadline: row.pay_deadline,
    PaidTime: row.paid_at,
    Answer: row.answer,
    AnswerTime: row.answered_at,
    FollowUp: row.follow_up,
    FollowUpTime: row.follow_up_at,
    FollowUpAnswer: row.follow_up_answer,
    FollowUpAnswerTime: row.follow_up_answered_at,
    FollowUpUntil: until && until > now.toISOString() ? until : null,
    Satisfaction: row.satisfaction,
    RatingWords: row.rating_words,
    RefundTime: row.refunded_at,
    PublicCode: publicCode,
    Photos: photos.map((p) => ({ PhotoID: p.id, Width: p.width, Height: p.height })),
    PayChannel: settings.paymentProvider.name,
  };
}

function notice(db: Database, phone: string | null, kind: string, askNo: string, text: string, at: string) {
  if (!phone) return;
  db.prepare('INSERT INTO sms_notices (phone, kind, register_no, text, created_at) VALUES (?, ?, ?, ?, ?)').run(phone, kind, askNo, text, at);
}

/** The phone an SMS about a question goes to: the 就诊人's, else the member's. */
function phoneOf(db: Database, row: AskRow): string | null {
  if (row.patient_phone) return row.patient_phone;
  return (db.prepare('SELECT phone FROM members WHERE id = ?').get(row.member_id) as { phone: string | null } | undefined)?.phone ?? null;
}

/** What AskQuestion is asked, checked (before any photo is decoded). */
interface AskInput {
  doctorId: number;
  patientId: number;
  key: string;
  content: string;
  duration: string;
  seenDoctor: 0 | 1;
  isPrivate: 0 | 1;
}

function askInput(ctx: HandlerContext): AskInput {
  const doctorId = optionalInt(ctx.fields, 'DoctorID', '医生ID', { min: 1, max: 2_147_483_647 });
  if (doctorId === undefined) throw new BackendError(ErrorNo.BAD_INPUT, '缺少医生ID');
  const key = requiredString(ctx.fields, 'IdempotencyKey', '问诊请求编号', 64);
  if (!isIdempotencyKey(key)) throw new BackendError(ErrorNo.BAD_INPUT, '问诊请求编号格式不正确');
  const checked = validateAskDraft({
    content: optionalString(ctx.fields, 'Content', '问题描述', 4000),
    duration: optionalString(ctx.fields, 'Duration', '患病时长', 20),
    seenDoctor: optionalEnum(ctx.fields, 'SeenDoctor', ['0', '1'], '是否就诊过'),
    isPrivate: optionalEnum(ctx.fields, 'IsPrivate', ['0', '1'], '公开或私密'),
  });
  if (!checked.ok) {
    const e = checked.errors;
    throw new BackendError(ErrorNo.BAD_INPUT, e.content ?? e.duration ?? e.seenDoctor ?? e.isPrivate ?? '问诊内容格式不正确');
  }
  return { doctorId, patientId: optionalPatientId(ctx.fields), key, ...checked.value };
}

function previousAsk(db: Database, memberId: number, key: string): AskRow | undefined {
  return db.prepare('SELECT * FROM asks WHERE member_id = ? AND idempotency_key = ?').get(memberId, key) as AskRow | undefined;
}

/**
 * AskQuestion: the checks that need no photo, then the photos (each decoded and re-encoded; a bad one refuses
 * the whole question before anything is stored), then one IMMEDIATE transaction that checks the caps again,
 * writes the question and its photos' rows; the files are written inside it and removed if it fails.
 */
export async function askQuestion(ctx: HandlerContext): Promise<WireAsk> {
  const member = memberOf(ctx.caller);
  const input = askInput(ctx);
  const { db, settings } = ctx;
  const repeat = previousAsk(db, member.memberId, input.key);
  if (repeat) return sameOrRefuse(db, settings, repeat, input, ctx.now);
  const doctor = doctorById(db, input.doctorId);
  if (!doctor) throw new BackendError(ErrorNo.NOT_FOUND, '医生不存在');
  if (!doctor.consult_online || doctor.consult_fee <= 0) refuse('NOT_OFFERED', `${doctor.name}医生暂未开通图文问诊，请选择其他医生`);
  bookingPatient(db, member.memberId, input.patientId);
  const sent = ctx.files.filter((f) => f.field === 'Photo');
  if (sent.length !== ctx.files.length) throw new BackendError(ErrorNo.BAD_INPUT, '上传内容格式不正确');
  if (sent.length > PHOTO_MAX_COUNT) throw new BackendError(ErrorNo.BAD_INPUT, `最多上传${PHOTO_MAX_COUNT}张图片`);
  checkDailyCaps(db, member.memberId, sent.reduce((n, f) => n + f.bytes.length, 0), ctx.now);
  for (let i = 0; i < sent.length; i += 1) await ctx.throttles.consume('askUploadClient', ctx.ip);
  const photos: CleanPhoto[] = [];
  for (const [i, f] of sent.entries()) {
    try {
      photos.push(await cleanPhoto(f.bytes, i));
    } catch (err) {
      recordAskPhoto('refused', f.bytes.length);
      throw err;
    }
  }
  const dir = photosDirOf(settings.dbPath);
  const written: string[] = [];
  try {
    const made = db
      .transaction(() => {
        const again = previousAsk(db, member.memberId, input.key);
        if (again) return sameOrRefuse(db, settings, again, input, ctx.now);
        checkDailyCaps(db, member.memberId, photos.reduce((n, p) => n + p.sentBytes, 0), ctx.now);
        const patient = bookingPatient(db, member.memberId, input.patientId);
        const nowIso = ctx.now.toISOString();
        const askNo = `Q${chinaDate(ctx.now).date.replace(/-/g, '')}${crypto.randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
        const deadline = new Date(ctx.now.getTime() + settings.bookingPaymentMinutes * 60_000).toISOString();
        // The account holder's card level prices the question as it prices 挂号, whoever the 就诊人 is (lib/fees.ts).
        const holder = db.prepare('SELECT level FROM members WHERE id = ?').get(member.memberId) as { level: number } | undefined;
        const charge = registrationCharge(doctor.consult_fee, holder?.level);
        const id = Number(
          db
            .prepare(
              `INSERT INTO asks (ask_no, member_id, idempotency_key, doctor_id, patient_id, patient_name, patient_phone, content, duration,
                 seen_doctor, is_private, fee, list_fee, discount_label, status, created_at, pay_deadline)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 4, ?, ?)`,
            )
            .run(askNo, member.memberId, input.key, doctor.doctor_id, patient.patientId, patient.name, patient.phone || null, input.content,
              input.duration, input.seenDoctor, input.isPrivate, toYuan(charge.amountFen), doctor.consult_fee, charge.discountLabel, nowIso, deadline)
            .lastInsertRowid,
        );
        for (const p of photos) {
          const file = newPhotoFile(p.type);
          writePhoto(dir, file, p.bytes);
          written.push(file);
          db.prepare(
            `INSERT INTO ask_photos (ask_id, member_id, file, content_type, bytes, sent_bytes, width, height, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(id, member.memberId, file, PHOTO_CONTENT_TYPES[p.type], p.bytes.length, p.sentBytes, p.width, p.height, nowIso);
        }
        return { ...askWire(db, settings, ownRow(db, member.memberId, askNo), ctx.now), Repeated: false };
      })
      .immediate();
    if (!made.Repeated) for (const p of photos) recordAskPhoto('stored', p.sentBytes, p.bytes.length);
    return made;
  } catch (err) {
    for (const file of written) removePhoto(dir, file);
    throw err;
  }
}

function sameOrRefuse(db: Database, settings: BackendSettings, row: AskRow, input: AskInput, now: Date): WireAsk {
  if (row.doctor_id !== input.doctorId || row.content !== input.content) refuse('KEY_REUSED', '该问诊请求已用于其他问题，请刷新页面后重新提交');
  return { ...askWire(db, settings, row, now), Repeated: true };
}

/** The member's questions today and the photo bytes sent today, with `extraBytes` more (lib/limits.ts askDaily, askUploadBytesDaily). */
function checkDailyCaps(db: Database, memberId: number, extraBytes: number, now: Date) {
  const since = chinaDayStartIso(now);
  const asked = (db.prepare('SELECT COUNT(*) AS n FROM asks WHERE member_id = ? AND created_at >= ?').get(memberId, since) as { n: number }).n;
  if (asked >= LIMITS.askDaily.allowance) refuse('DAILY_LIMIT', limitMessage('askDaily'));
  const bytes = (
    db.prepare('SELECT COALESCE(SUM(sent_bytes), 0) AS n FROM ask_photos WHERE member_id = ? AND created_at >= ?').get(memberId, since) as { n: number }
  ).n;
  if (extraBytes > 0 && bytes + extraBytes > LIMITS.askUploadBytesDaily.allowance) refuse('BYTES_LIMIT', limitMessage('askUploadBytesDaily'));
}

function recordPayment(db: Database, p: { paymentNo: string; orderNo: string; memberId: number; provider: string; amount: number; status: string }, now: Date) {
  const at = now.toISOString();
  db.prepare(
    `INSERT INTO payments (payment_no, register_no, member_id, provider, amount, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (payment_no) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
  ).run(p.paymentNo, p.orderNo, p.memberId, p.provider, p.amount, p.status, at, at);
}

/** PayAskQuestion: claimed first (a double click pays once), then the provider, then 0 待回复. */
export async function payAsk(db: Database, settings: BackendSettings, memberId: number, askNo: string, now: Date): Promise<WireAsk> {
  const provider = settings.paymentProvider;
  const claim = `CLAIM-${askNo}`;
  const done = db
    .transaction(() => {
      const r = ownRow(db, memberId, askNo);
      const status = effectiveAskStatus(r, now);
      if (r.paid_at) return r;
      if (status === 5) refuse('LAPSED', '支付已超时，该问诊已过期，请重新提交');
      if (status !== 4) refuse('NOT_PAYABLE', '该问诊当前状态无需支付');
      if (db.prepare(`SELECT 1 FROM payments WHERE register_no = ? AND status IN ('created', 'paid')`).get(askNo)) {
        refuse('IN_PROGRESS', '支付正在处理中，请勿重复提交');
      }
      recordPayment(db, { paymentNo: claim, orderNo: askNo, memberId, provider: provider.name, amount: r.fee, status: 'created' }, now);
      return null;
    })
    .immediate();
  if (done) return { ...askWire(db, settings, done, now), Repeated: true };
  const fail = (message: string): never => {
    db.prepare(`UPDATE payments SET status = 'failed', updated_at = ? WHERE payment_no = ?`).run(now.toISOString(), claim);
    refuse('PAYMENT_FAILED', message);
  };
  let paymentNo = '';
  try {
    const r = ownRow(db, memberId, askNo);
    const doctor = doctorById(db, r.doctor_id);
    const created = await provider.create({ orderNo: askNo, amount: r.fee, description: `${doctor?.name ?? ''}医生 图文问诊费` });
    if (!created.ok) fail(created.message ?? '支付未完成，请稍后再试');
    paymentNo = (created as { paymentNo: string }).paymentNo;
    const confirmed = await provider.confirm(paymentNo);
    if (!confirmed.ok) fail('支付未完成，请稍后再试');
  } catch (err) {
    if (err instanceof BackendError) throw err;
    fail('支付服务暂时不可用，请稍后再试');
  }
  const at = settings.now();
  const paid = db
    .transaction(() => {
      db.prepare(`UPDATE payments SET payment_no = ?, status = 'paid', updated_at = ? WHERE payment_no = ?`).run(paymentNo, at.toISOString(), claim);
      return db
        .prepare(`UPDATE asks SET status = 0, paid_at = ?, payment_no = ? WHERE ask_no = ? AND status = 4 AND pay_deadline > ?`)
        .run(at.toISOString(), paymentNo, askNo, at.toISOString()).changes;
    })
    .immediate();
  if (paid !== 1) {
    const refund = await provider.refund({ paymentNo, amount: ownRow(db, memberId, askNo).fee, key: `REFUND-${askNo}` }).catch(() => ({ ok: false as const, reason: 'error' }));
    if (refund.ok) db.prepare(`UPDATE payments SET status = 'refunded', updated_at = ? WHERE payment_no = ?`).run(at.toISOString(), paymentNo);
    refuse('LAPSED', '支付已超时，该问诊已过期，费用将原路退回');
  }
  return { ...askWire(db, settings, ownRow(db, memberId, askNo), at), Repeated: false };
}

/**
 * Refunds every paid question still unanswered ASK_RULES.answerHours after payment, and tells its member by
 * SMS. Each is claimed first (status 6), so two passes (two processes) refund it once; a refused refund puts it
 * back for the next pass. Returns how many this pass refunded.
 */
export async function refundOverdueAsks(db: Database, settings: Pick<BackendSettings, 'paymentProvider'>, now: Date, memberId?: number): Promise<number> {
  const before = new Date(now.getTime() - ASK_RULES.answerHours * 3_600_000).toISOString();
  const rows = db
    .prepare(
      `SELECT * FROM asks WHERE status = 0 AND answered_at IS NULL AND paid_at IS NOT NULL AND paid_at <= ?
       ${memberId === undefined ? '' : 'AND member_id = ?'} ORDER BY id`,
    )
    .all(...(memberId === undefined ? [before] : [before, memberId])) as AskRow[];
  let refunded = 0;
  for (const row of rows) {
    const claimed = db.prepare('UPDATE asks SET status = 6 WHERE id = ? AND status = 0 AND answered_at IS NULL').run(row.id).changes;
    if (claimed !== 1) continue;
    const refund = row.payment_no
      ? await settings.paymentProvider.refund({ paymentNo: row.payment_no, amount: row.fee, key: `REFUND-${row.ask_no}` }).catch(() => ({ ok: false as const, reason: 'error' }))
      : ({ ok: true } as const);
    if (!refund.ok) {
      db.prepare('UPDATE asks SET status = 0 WHERE id = ? AND status = 6').run(row.id);
      continue;
    }
    const at = now.toISOString();
    db.transaction(() => {
      db.prepare('UPDATE asks SET status = 2, refunded_at = ? WHERE id = ? AND status = 6').run(at, row.id);
      if (row.payment_no) db.prepare(`UPDATE payments SET status = 'refunded', updated_at = ? WHERE payment_no = ?`).run(at, row.payment_no);
      const doctor = doctorById(db, row.doctor_id);
      notice(
        db, phoneOf(db, row), 'ask-refund', row.ask_no,
        `【圣爱中医】问诊退款：您向${doctor?.name ?? ''}医生提交的图文问诊（单号${row.ask_no}）${ASK_RULES.answerHours}小时内未获回复，` +
          `问诊费${row.fee}元已全额原路退回，请留意到账。如需继续咨询，可重新提问或预约挂号。`,
        at,
      );
    }).immediate();
    refunded += 1;
  }
  return refunded;
}

/** The doctor's answer (Dev/AnswerQuestion here; the hospital's system on the API host): the question's or the follow-up's. */
export function answerAsk(db: Database, askNo: string, answer: string, now: Date): { AskNo: string; Answered: 'question' | 'followUp' } {
  return db
    .transaction(() => {
      const row = db.prepare('SELECT * FROM asks WHERE ask_no = ?').get(askNo) as AskRow | undefined;
      if (!row) throw new BackendError(ErrorNo.NOT_FOUND, '问诊记录不存在');
      if (row.status !== 0) refuse('NOT_ANSWERABLE', '只有待回复的问诊可以回复');
      const at = now.toISOString();
      const doctor = doctorById(db, row.doctor_id);
      const first = row.answered_at === null;
      if (first) {
        db.prepare('UPDATE asks SET status = 1, answer = ?, answered_at = ? WHERE id = ?').run(answer, at, row.id);
        if (!row.is_private) publishQuestion(db, row, answer, at);
      } else {
        db.prepare('UPDATE asks SET status = 1, follow_up_answer = ?, follow_up_answered_at = ? WHERE id = ?').run(answer, at, row.id);
      }
      notice(
        db, phoneOf(db, row), 'ask-answer', row.ask_no,
        `【圣爱中医】问诊回复：${doctor?.name ?? ''}医生已回复您的${first ? '图文问诊' : '追问'}（单号${row.ask_no}），` +
          `请登录圣爱中医官网“我的问诊”查看。`,
        at,
      );
      return { AskNo: row.ask_no, Answered: first ? ('question' as const) : ('followUp' as const) };
    })
    .immediate();
}

/** A public question's first answer: a row of the public Q&A, asker masked, no photos (SPEC §2 online Q&A). */
function publishQuestion(db: Database, row: AskRow, answer: string, at: string) {
  const title = Array.from(row.content.replace(/\s+/g, ' ').trim()).slice(0, 30).join('');
  const id = Number(
    db
      .prepare(
        `INSERT INTO questions (code, doctor_id, asker, title, content, is_private, is_replied, reply, views, created_at, replied_at)
         VALUES (?, ?, ?, ?, ?, 0, 1, ?, 0, ?, ?)`,
      )
      .run(row.ask_no, row.doctor_id, maskAskerName(row.patient_name), title, row.content, answer, row.created_at, at).lastInsertRowid,
  );
  db.prepare('UPDATE asks SET public_question_id = ? WHERE id = ?').run(id, row.id);
}

export const askEndpoints = {
  'IM_AskQuestion/AskQuestion': {
    access: 'member',
    write: true,
    // The photos and the form's fields (lib/limits.ts BODY_LIMITS.upload).
    upload: { maxBodyBytes: BODY_LIMITS.upload, maxFiles: PHOTO_MAX_COUNT },
    handle: askQuestion,
  },

  'IM_AskQuestion/PayAskQuestion': {
    access: 'member',
    write: true,
    handle(ctx) {
      return payAsk(ctx.db, ctx.settings, memberOf(ctx.caller).memberId, askNoField(ctx), ctx.now);
    },
  },

  'IM_AskQuestion/AddAskFollowUp': {
    access: 'member',
    write: true,
    handle(ctx) {
      const memberId = memberOf(ctx.caller).memberId;
      const askNo = askNoField(ctx);
      const text = optionalString(ctx.fields, 'Content', '追问内容', 2000).trim();
      const problem = askTextProblem(text, '追问内容', ASK_RULES.followUpMin, ASK_RULES.followUpMax);
      if (problem) throw new BackendError(ErrorNo.BAD_INPUT, problem);
      return ctx.db
        .transaction(() => {
          const row = ownRow(ctx.db, memberId, askNo);
          if (row.follow_up) {
            if (row.follow_up === text) return { ...askWire(ctx.db, ctx.settings, row, ctx.now), Repeated: true };
            refuse('FOLLOW_UP_USED', '每个问诊只能追问一次');
          }
          const status = effectiveAskStatus(row, ctx.now);
          if (status !== 1 || !row.answered_at) refuse('NOT_ANSWERED', '医生回复后才能追问');
          if (!followUpUntil(row, status) || followUpUntil(row, status)! <= ctx.now.toISOString()) {
            refuse('FOLLOW_UP_CLOSED', `追问需在医生回复后${ASK_RULES.followUpHours}小时内提交，已超过时限`);
          }
          ctx.db.prepare('UPDATE asks SET status = 0, follow_up = ?, follow_up_at = ? WHERE id = ?').run(text, ctx.now.toISOString(), row.id);
          return { ...askWire(ctx.db, ctx.settings, ownRow(ctx.db, memberId, askNo), ctx.now), Repeated: false };
        })
        .immediate();
    },
  },

  'IM_AskQuestion/RateAskQuestion': {
    access: 'member',
    write: true,
    handle(ctx) {
      const memberId = memberOf(ctx.caller).memberId;
      const askNo = askNoField(ctx);
      const satisfaction = optionalEnum(ctx.fields, 'Satisfaction', ['1', '2', '3'], '满意度');
      if (!satisfaction) throw new BackendError(ErrorNo.BAD_INPUT, '请选择满意、一般或不满意');
      const words = optionalString(ctx.fields, 'Content', '评价内容', 1000).trim();
      if (words) {
        const problem = askTextProblem(words, '评价内容', 1, ASK_RULES.ratingWordsMax);
        if (problem) throw new BackendError(ErrorNo.BAD_INPUT, problem);
      }
      return ctx.db
        .transaction(() => {
          const row = ownRow(ctx.db, memberId, askNo);
          if (row.rated_at) refuse('ALREADY_RATED', '该问诊已评价，每个问诊只能评价一次');
          if (effectiveAskStatus(row, ctx.now) !== 1) refuse('NOT_ANSWERED', '医生回复后才能评价');
          const at = ctx.now.toISOString();
          const s = Number(satisfaction) as 1 | 2 | 3;
          ctx.db.prepare('UPDATE asks SET status = 3, satisfaction = ?, rating_words = ?, rated_at = ? WHERE id = ?').run(s, words || null, at, row.id);
          if (!row.is_private) {
            // The doctor's 问诊评价 (source 1, an online consultation): the §9 filters count it. The doctor's one
            // satisfaction figure counts clinic visits only (refreshDoctorSatisfaction, docs/api.md).
            const doctor = doctorById(ctx.db, row.doctor_id)!;
            ctx.db
              .prepare(
                `INSERT INTO evaluations (doctor_id, org_code, member_name, satisfaction, eval_type, has_content, content, tags, source, created_at, verified)
                 VALUES (?, ?, ?, ?, 0, ?, ?, '', 1, ?, 1)`,
              )
              .run(doctor.doctor_id, doctor.org_code, maskAskerName(row.patient_name), s, words ? 1 : 0, words, at);
          }
          return { ...askWire(ctx.db, ctx.settings, ownRow(ctx.db, memberId, askNo), ctx.now), Repeated: false };
        })
        .immediate();
    },
  },

  'IM_AskQuestion/GetMyAskQuestionList': {
    access: 'member',
    async handle(ctx) {
      const memberId = memberOf(ctx.caller).memberId;
      await refundOverdueAsks(ctx.db, ctx.settings, ctx.now, memberId);
      const page = paging(ctx.fields, { defaultSize: 10, maxSize: 50 });
      const total = (ctx.db.prepare('SELECT COUNT(*) AS n FROM asks WHERE member_id = ?').get(memberId) as { n: number }).n;
      const rows = ctx.db
        .prepare('SELECT * FROM asks WHERE member_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?')
        .all(memberId, page.pageSize, page.offset) as AskRow[];
      return listResult(rows.map((r) => askWire(ctx.db, ctx.settings, r, ctx.now)), total, page);
    },
  },

  'IM_AskQuestion/GetMyAskQuestion': {
    access: 'member',
    async handle(ctx) {
      const memberId = memberOf(ctx.caller).memberId;
      const askNo = askNoField(ctx);
      await refundOverdueAsks(ctx.db, ctx.settings, ctx.now, memberId);
      return askWire(ctx.db, ctx.settings, ownRow(ctx.db, memberId, askNo), ctx.now);
    },
  },

  'IM_AskQuestion/GetAskPhoto': {
    access: 'member',
    handle(ctx) {
      const memberId = memberOf(ctx.caller).memberId;
      const row = ownRow(ctx.db, memberId, askNoField(ctx));
      const photoId = optionalInt(ctx.fields, 'PhotoID', '图片编号', { min: 1, max: 2_147_483_647 });
      const photo = photoId === undefined ? undefined : (ctx.db.prepare('SELECT * FROM ask_photos WHERE id = ? AND ask_id = ?').get(photoId, row.id) as
        | { id: number; file: string; content_type: string }
        | undefined);
      const bytes = photo ? readPhoto(photosDirOf(ctx.settings.dbPath), photo.file) : null;
      if (!photo || !bytes) throw new BackendError(ErrorNo.NOT_FOUND, '图片不存在');
      return { PhotoID: photo.id, ContentType: photo.content_type, Data: bytes.toString('base64') };
    },
  },

  /**
   * Dev/AnswerQuestion (AskNo, Content optional): plays the doctor answering a paid question or its follow-up,
   * as Dev/MarkVisited plays the clinic (docs/api.md "Dev"); the member gets the SMS notice.
   */
  'Dev/AnswerQuestion': {
    access: 'public',
    write: true,
    ignoresToken: true,
    handle(ctx) {
      if (!ctx.settings.devAids) throw new BackendError(ErrorNo.NOT_FOUND, '接口不存在');
      const askNo = askNoField(ctx);
      const text = optionalString(ctx.fields, 'Content', '回复内容', 2000).trim() ||
        '您好，根据您的描述，建议清淡饮食、规律作息，避免熬夜和辛辣刺激食物；如症状持续或加重，请到门诊面诊，以便四诊合参、辨证施治。';
      return answerAsk(ctx.db, askNo, text, ctx.now);
    },
  },
} satisfies EndpointMap;

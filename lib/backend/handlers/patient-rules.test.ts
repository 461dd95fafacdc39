/**
 * The rules a hospital keeps about 就诊人 (docs/api.md "HIS_Register patients", docs/security.md "就诊人"),
 * and the probes an ID card number once was: one person at one place per half-day, the departments that see
 * only women or children, one ID card is one person across accounts (another name is refused with the
 * real-name check's words only; the same name needs the person's consent by SMS), 15- and 18-digit forms
 * are one number, no answer tells an account about another account's 就诊人 or bookings, 就诊人 phones and
 * region codes are real, writes are throttled and ids are never given twice. Fixed clock, no sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@/lib/limits';
import { PROOF_FIELD, solveProof, type WireProofChallenge } from '@/lib/contract';
import { idCardCheckChar } from '@/lib/validation';
import { createBackend, type Backend } from '../router';
import { createThrottles } from '../throttles';
import { call, ensureMember, memberToken, TEST_SECRET, tempDbPath } from '@/test/backend-member-services';
import { idCardFor } from '@/test/id-cards';

let backend: Backend;
// 10:00 China time, 2026-11-25.
const clock = new Date('2026-11-25T02:00:00Z');
let serial = 0;

async function member(opts: { idCard?: string; name?: string } = {}) {
  const n = ++serial;
  const vip = `RVIP${String(n).padStart(3, '0')}`;
  const phone = `1350000${String(n).padStart(4, '0')}`;
  const id = ensureMember(backend, { phone, vipCode: vip, name: opts.name ?? `会员${n}`, points: 0 });
  backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(opts.idCard ?? null, id);
  return { id, phone, token: await memberToken(backend, id, vip) };
}

const add = (token: string, fields: Record<string, string>) =>
  call(backend, 'HIS_Register/AddPatient', { Name: '张秀兰', Relation: '父母', Phone: '13900000001', ...fields }, token);

const key = () => `k${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
const book = (token: string, scheduleId: string, patientId: number) =>
  call(backend, 'HIS_Register/BookRegister', { ScheduleID: scheduleId, IdempotencyKey: key(), PatientID: String(patientId) }, token);

/** An 18-digit card from its first 17 characters. */
const card = (first17: string) => first17 + idCardCheckChar(first17);

/** Open slots released for the coming days (a schedule read releases them). */
async function openSlots(): Promise<{ schedule_id: string; org_code: string; date: string; shift_id: number; department: string; doctor_id: number }[]> {
  const anyDoctor = backend.db.prepare('SELECT appointment_code FROM doctors LIMIT 1').get() as { appointment_code: string };
  await call(backend, 'TW_User/GetDoctorScheduleNew', { AppointmentCode: anyDoctor.appointment_code });
  return backend.db
    .prepare(
      `SELECT s.schedule_id, s.org_code, s.date, s.shift_id, d.department, d.doctor_id FROM schedule_slots s JOIN doctors d ON d.doctor_id = s.doctor_id
       WHERE s.date > ? AND s.total > s.front_desk + 2 ORDER BY s.date, s.shift_id, s.schedule_id`,
    )
    .all('2026-11-26') as never;
}

beforeAll(() => {
  backend = createBackend(
    { dbPath: tempDbPath('patient-rules'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock },
    createThrottles({ scale: 1000, redis: false }),
  );
});
afterAll(() => backend.db.close());

describe('a 就诊人’s phone and ID card are real', () => {
  it('refuses 00000000000 and numbers without a mobile prefix', async () => {
    const m = await member();
    for (const phone of ['00000000000', '12345678901', '10086100861']) {
      const r = await add(m.token, { IDCard: idCardFor(1), Phone: phone });
      expect(r.ErrorNo).not.toBe(1);
      expect(r.ErrorInfo).toBe('请输入有效的手机号（以13–19开头的11位号码）');
    }
    expect((await add(m.token, { IDCard: idCardFor(1), Phone: '19912345678' })).ErrorNo).toBe(1);
  });

  it('refuses region codes 000000 and 999999 (province-level GB/T 2260 check)', async () => {
    const m = await member();
    for (const region of ['000000', '999999', '990101']) {
      const r = await add(m.token, { IDCard: card(`${region}19800101123`) });
      expect(r.ErrorNo).not.toBe(1);
      expect(r.ErrorInfo).toBe('身份证号前6位的地区码无效，请核对');
    }
    expect((await add(m.token, { IDCard: card('11010519800101123') })).ErrorNo).toBe(1);
  });
});

describe('15- and 18-digit forms are one number', () => {
  it('a 15-digit card is stored in its 18-digit form, and the 18-digit form of it is the same person', async () => {
    const m = await member();
    const r = await add(m.token, { IDCard: '530102800515123' });
    expect(r.ErrorNo, r.ErrorInfo).toBe(1);
    const stored = backend.db.prepare('SELECT id_card FROM patients WHERE id = ?').get(r.Result.PatientID) as { id_card: string };
    expect(stored.id_card).toBe(card('53010219800515123'));
    const again = await add(m.token, { IDCard: card('53010219800515123') });
    expect(again.Result.Reason).toBe('PATIENT_EXISTS');
  });

  it('another account cannot register the 15-digit form of a card under another name', async () => {
    const a = await member();
    expect((await add(a.token, { Name: '刘建军', IDCard: card('53010219700304151') })).ErrorNo).toBe(1);
    const b = await member();
    const r = await add(b.token, { Name: '钱建华', IDCard: '530102700304151' });
    expect(r.Result.Reason).toBe('NAME_MISMATCH');
  });
});

describe('one ID card is one person, across accounts, and no answer tells what another account holds', () => {
  it('the same number under another name is refused with 姓名与身份证号不一致 only', async () => {
    const a = await member();
    const id = idCardFor(31);
    expect((await add(a.token, { Name: '刘建军', IDCard: id, Phone: '13911112222' })).ErrorNo).toBe(1);
    const b = await member();
    const r = await add(b.token, { Name: '钱建华', IDCard: id });
    expect(r.ErrorNo).toBe(-1);
    expect(r.Result.Reason).toBe('NAME_MISMATCH');
    expect(r.ErrorInfo).toBe('姓名与身份证号不一致，请核对后重新输入（须与身份证上的姓名一致）');
    const said = JSON.stringify(r);
    for (const secret of ['刘建军', '13911112222', '2222', a.phone]) expect(said).not.toContain(secret);
    // Nothing was added, and no SMS went to the person.
    expect(backend.db.prepare('SELECT COUNT(*) AS n FROM patients WHERE member_id = ?').get(b.id)).toEqual({ n: 0 });
    expect(backend.db.prepare('SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = ?').get('13911112222')).toEqual({ n: 0 });
  });

  it('a holder’s own card is in the index: another name for it is refused on AddPatient and on /modifyInfor', async () => {
    const id = idCardFor(32, { sex: 0 });
    await member({ idCard: id, name: '王淑芬' });
    const b = await member();
    expect((await add(b.token, { Name: '王淑华', IDCard: id })).Result.Reason).toBe('NAME_MISMATCH');
    const c = await member({ name: '李四' });
    const r = await call(backend, 'VIP_Member/UpdateVipinformation', { VipName: '李四', IDCard: id }, c.token);
    expect(r.ErrorNo).toBe(-1);
    expect(r.ErrorInfo).toBe('姓名与身份证号不一致，请核对后重新输入（须与身份证上的姓名一致）');
  });

  it('the same name needs the person’s consent: a code to the phone on file, never named; a wrong code is refused, the right one adds', async () => {
    const a = await member();
    const id = idCardFor(33, { sex: 0 });
    expect((await add(a.token, { Name: '张秀兰', IDCard: id, Phone: '13933334444' })).ErrorNo).toBe(1);
    const b = await member();
    const first = await add(b.token, { Name: '张秀兰', IDCard: id, Phone: '13855556666' });
    expect(first.ErrorNo).toBe(-1);
    expect(first.Result.Reason).toBe('CONSENT_REQUIRED');
    expect(first.ErrorInfo).toMatch(/^该就诊人需本人同意后才能添加/);
    expect(JSON.stringify(first)).not.toMatch(/13933334444|4444|3333/);
    const sent = backend.db.prepare(`SELECT code, purpose FROM sms_outbox WHERE phone = '13933334444' ORDER BY id DESC`).get() as { code: string; purpose: string };
    expect(sent.purpose).toBe('consent');
    const wrong = await add(b.token, { Name: '张秀兰', IDCard: id, Phone: '13855556666', ConsentCode: sent.code === '000000' ? '000001' : '000000' });
    expect(wrong.ErrorNo).toBe(-1);
    expect(wrong.ErrorInfo).toMatch(/验证码错误/);
    const ok = await add(b.token, { Name: '张秀兰', IDCard: id, Phone: '13855556666', ConsentCode: sent.code });
    expect(ok.ErrorNo, ok.ErrorInfo).toBe(1);
    // Spent: the code does not add the person to a third account.
    const c = await member();
    const reuse = await add(c.token, { Name: '张秀兰', IDCard: id, ConsentCode: sent.code });
    expect(reuse.ErrorNo).toBe(-1);
  });

  it('a consent code is not a login code, and a login code is not consent', async () => {
    const holderCard = idCardFor(34);
    const holder = await member({ idCard: holderCard, name: '赵大海' });
    const b = await member();
    expect((await add(b.token, { Name: '赵大海', IDCard: holderCard })).Result.Reason).toBe('CONSENT_REQUIRED');
    const consent = backend.db.prepare(`SELECT code FROM sms_outbox WHERE phone = ? AND purpose = 'consent'`).get(holder.phone) as { code: string };
    const login = await call(backend, 'AuthenticationCenter/SmsLogin', { Phone: holder.phone, Code: consent.code });
    expect(login.ErrorNo).not.toBe(1);
    backend.db
      .prepare(`INSERT INTO sms_outbox (phone, code, purpose, ip, created_at, expires_at) VALUES (?, '654321', 'login', 'x', ?, ?)`)
      .run(holder.phone, Math.floor(clock.getTime() / 1000), Math.floor(clock.getTime() / 1000) + 300);
    const asConsent = await add(b.token, { Name: '赵大海', IDCard: holderCard, ConsentCode: '654321' });
    expect(asConsent.ErrorNo).toBe(-1);
  });

  it('strangers who spent the phone’s share do not close the consent: the send asks for a proof of work, and a solved one sends the code', async () => {
    const a = await member();
    const id = idCardFor(36, { sex: 0 });
    const hers = '13966667777';
    expect((await add(a.token, { Name: '张秀兰', IDCard: id, Phone: hers })).ErrorNo).toBe(1);
    // Strangers asked her phone for codes all morning, from many addresses (sms.ts counts the outbox).
    const now = Math.floor(clock.getTime() / 1000);
    const stranger = backend.db.prepare(`INSERT INTO sms_outbox (phone, code, purpose, ip, created_at, expires_at) VALUES (?, '111111', 'login', ?, ?, ?)`);
    for (let i = 0; i < LIMITS.smsPhoneDayStrangers.allowance; i++) stranger.run(hers, `198.51.100.${i}`, now - 3600 + i, now - 3300 + i);
    const sentToHer = () => (backend.db.prepare(`SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = ? AND purpose = 'consent'`).get(hers) as { n: number }).n;

    const b = await member();
    const asked = await add(b.token, { Name: '张秀兰', IDCard: id });
    expect(asked.ErrorNo, asked.ErrorInfo).toBe(-1);
    expect(asked.Result.NeedProof).toBe(true);
    expect(asked.ErrorInfo).toBe(LIMITS.smsPhoneDayStrangers.message);
    expect(sentToHer()).toBe(0);
    const solution = await solveProof(asked.Result.Challenge as WireProofChallenge);
    expect(solution).not.toBeNull();
    const proof = JSON.stringify(solution);
    const sent = await add(b.token, { Name: '张秀兰', IDCard: id, [PROOF_FIELD]: proof });
    expect(sent.Result.Reason, sent.ErrorInfo).toBe('CONSENT_REQUIRED');
    expect(sentToHer()).toBe(1);
    const code = (backend.db.prepare(`SELECT code FROM sms_outbox WHERE phone = ? AND purpose = 'consent'`).get(hers) as { code: string }).code;
    expect((await add(b.token, { Name: '张秀兰', IDCard: id, ConsentCode: code })).ErrorNo).toBe(1);
  });

  it('another account’s booking of the same person is never told, and does not block this account', async () => {
    const slot = (await openSlots()).find((s) => s.department !== '中医妇科' && s.department !== '中医儿科')!;
    const id = idCardFor(35);
    const a = await member();
    const pa = await add(a.token, { Name: '张秀兰', IDCard: id, Phone: '13977778888' });
    expect((await book(a.token, slot.schedule_id, pa.Result.PatientID)).ErrorNo).toBe(1);
    const b = await member();
    await add(b.token, { Name: '张秀兰', IDCard: id });
    const code = (backend.db.prepare(`SELECT code FROM sms_outbox WHERE phone = '13977778888' AND purpose = 'consent'`).get() as { code: string }).code;
    const pb = await add(b.token, { Name: '张秀兰', IDCard: id, ConsentCode: code });
    expect(pb.ErrorNo, pb.ErrorInfo).toBe(1);
    const r = await book(b.token, slot.schedule_id, pb.Result.PatientID);
    // Today's answer was "张秀兰已预约该医生的同一时段": now the other account's booking is not this one's to see.
    expect(r.ErrorNo, r.ErrorInfo).toBe(1);
    // Within the account, the rule holds and names the account's own 就诊人.
    const again = await book(b.token, slot.schedule_id, pb.Result.PatientID);
    expect(again.Result.Reason).toBe('DUPLICATE');
    expect(again.ErrorInfo).toMatch(/^张秀兰已预约该医生的同一时段/);
  });
});

describe('one 就诊人 at one place per half-day', () => {
  it('a second clinic in the same half-day is refused, naming the first booking; another half-day or the same clinic is fine', async () => {
    const slots = (await openSlots()).filter((s) => s.department !== '中医妇科' && s.department !== '中医儿科');
    const first = slots[0]!;
    const elsewhere = slots.find((s) => s.date === first.date && s.shift_id === first.shift_id && s.org_code !== first.org_code)!;
    const sameClinic = slots.find((s) => s.date === first.date && s.shift_id === first.shift_id && s.org_code === first.org_code && s.doctor_id !== first.doctor_id);
    const otherHalf = slots.find((s) => s.date === first.date && s.shift_id !== first.shift_id && s.org_code !== first.org_code)!;
    expect(elsewhere).toBeDefined();
    const m = await member();
    const p = await add(m.token, { Name: '王建国', IDCard: idCardFor(41) });
    const booked = await book(m.token, first.schedule_id, p.Result.PatientID);
    expect(booked.ErrorNo, booked.ErrorInfo).toBe(1);
    const r = await book(m.token, elsewhere.schedule_id, p.Result.PatientID);
    expect(r.ErrorNo).toBe(-1);
    expect(r.Result.Reason).toBe('SAME_HALF_DAY');
    expect(r.ErrorInfo).toContain(booked.Result.RegisterNo);
    expect(r.ErrorInfo).toContain(booked.Result.HospitalName);
    expect(r.ErrorInfo).toMatch(/同一半天只能在一处就诊：请选择其他半天，或先取消那笔预约/);
    // Another half-day, or another doctor of the same clinic, is fine (three unpaid bookings: the cap).
    expect((await book(m.token, otherHalf.schedule_id, p.Result.PatientID)).ErrorNo).toBe(1);
    if (sameClinic) expect((await book(m.token, sameClinic.schedule_id, p.Result.PatientID)).ErrorNo).toBe(1);
    // The refused slot itself was open: another person is booked there.
    const other = await member();
    const q = await add(other.token, { Name: '王小明', IDCard: idCardFor(42) });
    expect((await book(other.token, elsewhere.schedule_id, q.Result.PatientID)).ErrorNo).toBe(1);
  });
});

describe('departments see only their patients', () => {
  it('中医妇科 refuses a man; 中医儿科 refuses anyone 14 or over on the visit date, and takes a child', async () => {
    const slots = await openSlots();
    const gyn = slots.find((s) => s.department === '中医妇科')!;
    const paed = slots.find((s) => s.department === '中医儿科')!;
    const m = await member();
    const man = await add(m.token, { Name: '刘老汉', IDCard: card('53010219550101123') });
    const r1 = await book(m.token, gyn.schedule_id, man.Result.PatientID);
    expect(r1.Result.Reason).toBe('DEPARTMENT');
    expect(r1.ErrorInfo).toBe('中医妇科仅接诊女性患者，该就诊人不能预约：请为女性就诊人预约，或选择中医内科等其他科室');
    const r2 = await book(m.token, paed.schedule_id, man.Result.PatientID);
    expect(r2.Result.Reason).toBe('DEPARTMENT');
    expect(r2.ErrorInfo).toMatch(/^中医儿科仅接诊就诊当天未满14周岁的儿童，该就诊人就诊时71岁/);
    // 14 on the visit date (born on that date 14 years before) is refused; a day older than 13 years is not.
    const [y, mo, d] = paed.date.split('-');
    const turning14 = await add(m.token, { Name: '刘十四', Relation: '子女', IDCard: card(`530102${Number(y) - 14}${mo}${d}123`) });
    expect((await book(m.token, paed.schedule_id, turning14.Result.PatientID)).Result.Reason).toBe('DEPARTMENT');
    const girl = await add(m.token, { Name: '刘小妹', Relation: '子女', IDCard: card(`530102${Number(y) - 13}${mo}${d}122`) });
    const ok = await book(m.token, paed.schedule_id, girl.Result.PatientID);
    expect(ok.ErrorNo, ok.ErrorInfo).toBe(1);
    expect((await book(m.token, gyn.schedule_id, girl.Result.PatientID)).ErrorNo).toBe(1);
  });
});

describe('the limit of 5 (含本人) is what is said, shown and enforced', () => {
  it('a holder with 5 就诊人 must make room before registering their own ID card', async () => {
    const m = await member({ name: '周全' });
    for (let i = 0; i < 5; i++) expect((await add(m.token, { Name: `周家${'一二三四五'[i]}`, IDCard: idCardFor(50 + i) })).ErrorNo).toBe(1);
    const list = await call(backend, 'HIS_Register/GetPatientList', {}, m.token);
    expect(list.Result).toMatchObject({ TotalCount: 5, MaxCount: 5 });
    const r = await call(backend, 'VIP_Member/UpdateVipinformation', { VipName: '周全', IDCard: idCardFor(59) }, m.token);
    expect(r.ErrorNo).toBe(-1);
    expect(r.ErrorInfo).toBe('就诊人已满5位（含本人）：登记本人身份证号后本人也是就诊人，请先在“就诊人管理”中删除一位');
    const after = await call(backend, 'HIS_Register/GetPatientList', {}, m.token);
    expect(after.Result.TotalCount).toBe(5);
  });
});

describe('就诊人 writes', () => {
  it('ids are never given again after a delete (AUTOINCREMENT)', async () => {
    const m = await member();
    const a = await add(m.token, { IDCard: idCardFor(61) });
    const del = await call(backend, 'HIS_Register/DeletePatient', { PatientID: String(a.Result.PatientID) }, m.token);
    expect(del.ErrorNo, del.ErrorInfo).toBe(1);
    const b = await add(m.token, { IDCard: idCardFor(61) });
    expect(b.Result.PatientID).toBeGreaterThan(a.Result.PatientID);
  });

  it('are throttled per member (lib/limits.ts patientWrite) with a Chinese refusal', async () => {
    const tight = createBackend(
      { dbPath: tempDbPath('patient-throttle'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock },
      createThrottles({ scale: 1, redis: false }),
    );
    try {
      const id = ensureMember(tight, { phone: '13500009999', vipCode: 'TVIP001', name: '节流', points: 0 });
      const token = await memberToken(tight, id, 'TVIP001');
      const answers = [];
      for (let i = 0; i < 32; i++) {
        answers.push(await call(tight, 'HIS_Register/UpdatePatient', { PatientID: '1', Name: '张秀兰', Relation: '父母', Phone: '13900000001' }, token));
      }
      const refused = answers.filter((r) => /就诊人信息修改过于频繁，请.+后再试/.test(r.ErrorInfo));
      expect(answers.slice(0, 30).every((r) => !/过于频繁/.test(r.ErrorInfo))).toBe(true);
      expect(refused).toHaveLength(2);
    } finally {
      tight.db.close();
    }
  });
});

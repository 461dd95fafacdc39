/**
 * docs/security.md, "Nothing stored that should not be", on every write endpoint of the
 * embedded backend (lib/backend/handlers, `write: true`). Each field in turn
 * gets hostile values (empty, 10 KB, NUL, control characters, a wrong ID card,
 * an unknown goods sn or code, a negative or huge quantity, a repeated key, a
 * JSON array) with every other field valid: the call is refused, never a 500,
 * and the database is read back through a separate read-only connection to
 * prove nothing changed. Values that only look hostile (markup, SQL, unicode)
 * are stored exactly as text. fast-check properties cover arbitrary mixes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_RE, idCardCheckChar, isPlainText, validateIdCard } from '@/lib/validation';
import { type Backend, type Envelope } from './router';
import { createSeededBackend } from '@/test/seeded-backend';
import { latestSmsCode } from './sms';
import { changedTables, findMarkers, openReader, snapshot, type Snapshot, type WriteTable } from '@/test/db-snapshot';
import { idCardFor } from '@/test/id-cards';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read many wire fields
type Loose = any;

let backend: Backend;
let reader: Database.Database;
let dir: string;
let token: string;
let memberId: number;

const SCRIPT = '<script>alert("fz-stored")</script>';
const SQL = "' OR 1=1 --";
const BIG = 'A'.repeat(10 * 1024);
const CONTROL = ['\u0000', 'ab\u0000cd', '\u001b[31m红\u001b[0m', 'x\u0007y', 'x\u007fy', 'x\u0085y', 'x\u0008y'];
/** Invalid in every field: empty, 10 KB and control characters (an optional field may be empty). */
const GENERIC_INVALID = ['', '   ', BIG, ...CONTROL];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shengai-stored-writes-'));
  const dbPath = path.join(dir, 'writes.db');
  backend = createSeededBackend({
    dbPath,
    jwtSecret: new TextEncoder().encode('stored-writes-test-secret-0123456789'),
    smsIpLimitPerHour: 1_000_000,
    smsImageCodeAfter: 1_000_000,
    log: () => {},
  });
  reader = openReader(dbPath);
  const login = await call('AuthenticationCenter/PcPwdLogin', { Phone: '13800000004', Password: 'Shengai2026' });
  expect(login.ErrorNo).toBe(1);
  token = login.Result.access_token;
  memberId = (backend.db.prepare("SELECT id FROM members WHERE phone = '13800000004'").get() as { id: number }).id;
});

afterAll(() => {
  reader.close();
  backend.db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let ipCounter = 0;

/** POSTs to the backend: form fields, a raw body, or a JSON object. */
async function call(
  apiPath: string,
  body: Record<string, string> | string,
  { auth, json }: { auth?: boolean; json?: unknown } = {},
): Promise<Envelope<Loose>> {
  const headers: Record<string, string> = { 'x-shengai-peer': `10.9.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}` };
  if (auth) headers.authorization = `Bearer ${token}`;
  let payload: string;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(json);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = typeof body === 'string' ? body : new URLSearchParams(body).toString();
  }
  const res = await backend.handle(new Request(`http://x/api/${apiPath}?IsWeb=1&Sub=`, { method: 'POST', headers, body: payload }));
  expect(res.status, apiPath).toBe(200);
  return (await res.json()) as Envelope<Loose>;
}

function expectUnchanged(before: Snapshot, label: string, allowed: readonly WriteTable[] = []) {
  const after = snapshot(reader);
  const changed = changedTables(before, after).filter((t) => !(allowed as readonly string[]).includes(t));
  expect(changed, label).toEqual([]);
  if (allowed.length === 0) expect(after.version, `${label}: a commit happened`).toBe(before.version);
}

let phoneCounter = 0;
/** A phone no seed or other test uses. */
const freshPhone = () => `1370000${String(++phoneCounter).padStart(4, '0')}`;

async function smsCode(phone: string, type = 'register'): Promise<string> {
  const sent = await call('AuthenticationCenter/SendSmsVerifyCode', { Phone: phone, Type: type });
  expect(sent.ErrorNo, sent.ErrorInfo).toBe(1);
  return latestSmsCode(backend.db, phone)!.Code;
}

/** A valid 18-digit ID card, and the same number with a wrong check digit. */
const ID_17 = '53010219850614231';
const ID_CARD = ID_17 + idCardCheckChar(ID_17);
const WRONG_ID_CARD = ID_17 + (idCardCheckChar(ID_17) === '1' ? '2' : '1');
/** Another person's card, for a 就诊人: ID_CARD is the registered member's, and one card is one person. */
const PATIENT_ID_17 = '53010219560308122';
const PATIENT_ID_CARD = PATIENT_ID_17 + idCardCheckChar(PATIENT_ID_17);

interface WriteCase {
  path: string;
  auth?: boolean;
  /** Valid fields; the call with them succeeds (checked last, so refusals are the hostile field's doing). */
  valid: () => Promise<Record<string, string>>;
  /** Per field, the invalid values beyond GENERIC_INVALID. */
  invalid: Record<string, string[]>;
  /** Fields where an empty value is valid. */
  optional?: string[];
  /** Tables a refusal may legitimately change (brute-force counters). */
  allowedOnRefusal?: WriteTable[];
}

const PHONE_INVALID = ['1380000000', '138000000011', '1380000000a', '１３８００００００４', SCRIPT, SQL, '../../etc/passwd', '-1', '99999999999999999999999'];
const CODE_INVALID = ['12345', '1234567', 'abcdef', SCRIPT, SQL, '-12345'];
const PASSWORD_INVALID = ['12345', 'a'.repeat(17), 'abc def1', SCRIPT, SQL];
const NAME_INVALID = ['王', 'a'.repeat(31)];
const ID_INVALID = [WRONG_ID_CARD, '53010229990101231X', '123', SCRIPT, SQL, '../../etc/passwd'];

const CASES: WriteCase[] = [
  {
    path: 'AuthenticationCenter/SendSmsVerifyCode',
    valid: async () => ({ Phone: freshPhone(), Type: 'login' }),
    invalid: { Phone: PHONE_INVALID, Type: ['admin', SCRIPT, SQL, '-1'] },
    optional: ['Type'],
  },
  {
    path: 'AuthenticationCenter/PcPwdLogin',
    valid: async () => ({ Phone: '13800000005', Password: 'Shengai2026' }),
    invalid: { Phone: PHONE_INVALID, Password: [...PASSWORD_INVALID, 'x'.repeat(65)] },
  },
  {
    path: 'AuthenticationCenter/PcPhoneLogin',
    valid: async () => ({ Phone: '13800000005', Code: await smsCode('13800000005', 'login') }),
    invalid: { Phone: PHONE_INVALID, Code: CODE_INVALID },
  },
  {
    path: 'AuthenticationCenter/PcWechatLogin',
    valid: async () => {
      const r = await call('Dev/WechatAuthorize', {});
      return { Code: r.Result.Code as string };
    },
    invalid: { Code: ['x'.repeat(129)] },
  },
  {
    path: 'VIP_Member/PCVipCheckByPhone',
    valid: async () => ({ Phone: '13800000006', Code: await smsCode('13800000006', 'check') }),
    invalid: { Phone: PHONE_INVALID, Code: CODE_INVALID },
  },
  {
    path: 'VIP_Member/InsertPCVip',
    valid: async () => {
      const phone = freshPhone();
      return { Phone: phone, Code: await smsCode(phone), VipName: '测试会员', Password: 'Test2026ab', AgreeFlag: '1', IDCard: ID_CARD };
    },
    invalid: {
      Phone: PHONE_INVALID,
      Code: CODE_INVALID,
      VipName: NAME_INVALID,
      Password: PASSWORD_INVALID,
      AgreeFlag: ['0', 'yes', SCRIPT],
      IDCard: ID_INVALID,
    },
    optional: ['IDCard'],
  },
  {
    path: 'VIP_Member/ActivationPcVipCard',
    valid: async () => {
      const phone = freshPhone();
      const card = await call('Dev/IssueCard', { Phone: phone, HolderName: '持卡会员' });
      expect(card.ErrorNo, card.ErrorInfo).toBe(1);
      return { Phone: phone, Code: await smsCode(phone, 'activate'), CardNo: card.Result.CardNo as string, Password: 'Test2026ab' };
    },
    invalid: { Phone: PHONE_INVALID, Code: CODE_INVALID, CardNo: ['SA00000000', SCRIPT, SQL, '../../etc/passwd', 'x'.repeat(33)], Password: PASSWORD_INVALID },
  },
  {
    path: 'VIP_Member/ResetPwd',
    valid: async () => ({ Phone: '13800000002', Code: await smsCode('13800000002', 'reset'), Password: 'Shengai2026' }),
    invalid: { Phone: PHONE_INVALID, Code: CODE_INVALID, Password: PASSWORD_INVALID },
  },
  {
    path: 'VIP_Member/UpdateVipinformation',
    auth: true,
    valid: async () => ({ VipName: '陈思远', Sex: '1', Birthday: '1985-11-02', IDCard: '', Email: 'siyuan@example.com', Address: '昆明市五华区' }),
    invalid: {
      VipName: NAME_INVALID,
      Sex: ['2', '-1', 'male', SCRIPT],
      Birthday: ['2999-01-01', '1899-12-31', '1000-01-01', '2001-02-30', '1990/01/01', SCRIPT],
      IDCard: ID_INVALID,
      Email: ['not-an-email', 'a@b', 'a b@example.com', '<script>@example.com', `"${SQL}"@example.com`, `${'a'.repeat(96)}@x.cn`],
      Address: ['x'.repeat(201)],
    },
    optional: ['Sex', 'Birthday', 'IDCard', 'Email', 'Address'],
  },
  {
    path: 'WX_OrgCollectionClent/AddOrgCollection',
    auth: true,
    valid: async () => ({ CollectionType: '1', Code: 'SA0102' }),
    invalid: { CollectionType: ['3', '0', SCRIPT], Code: ['SA9999', 'D100001', SCRIPT, SQL, '../../etc/passwd', '-1'] },
    optional: ['CollectionType'],
  },
  {
    path: 'WX_OrgCollectionClent/CannelCollection',
    auth: true,
    valid: async () => ({ CollectionType: '2', Code: 'D100002' }),
    invalid: { CollectionType: ['3', SCRIPT], Code: ['D999999', SCRIPT, SQL, '../../etc/passwd'] },
    optional: ['CollectionType'],
  },
  {
    path: 'TW_Message/AddTW_Message',
    auth: true,
    valid: async () => ({ Type: '2', SourceID: '7', Title: '标题', Content: '候诊时间太长了，希望改进。', ContactPhone: '13800000004' }),
    invalid: {
      Type: ['3', '0', SCRIPT],
      SourceID: ['0', '-1', '1.5', 'abc', '99999999999999999999999', '999', '1', SQL],
      Title: ['x'.repeat(51), '汉'.repeat(51)],
      Content: ['abcd', 'x'.repeat(501)],
      ContactPhone: ['123', SCRIPT, SQL],
    },
    optional: ['Type', 'Title', 'ContactPhone'],
  },
  {
    path: 'PointsMall/ExchangeGoods',
    auth: true,
    valid: async () => ({ SN: 'PG0001', Quantity: '1', IdempotencyKey: `stored-writes-${Date.now()}` }),
    invalid: {
      SN: ['NOPE0001', 'pg0001', SCRIPT, SQL, '../../etc/passwd', 'x'.repeat(33)],
      Quantity: ['0', '-1', '11', '99999999999999999999999', '1.5', 'abc', '1e2', SQL],
      IdempotencyKey: ['short', SCRIPT, SQL, 'a'.repeat(65)],
    },
    optional: ['Quantity'],
  },
  {
    path: 'TW_HotWords/InsertHotWords',
    valid: async () => ({ Word: '艾灸养生' }),
    invalid: { Word: [SCRIPT, SQL, '1; DROP TABLE hot_words;--', '../../etc/passwd', '中医\u202e', 'x'.repeat(21), '12345'] },
  },
  {
    path: 'Dev/IssueCard',
    valid: async () => ({ Phone: freshPhone(), HolderName: '持卡会员' }),
    invalid: { Phone: PHONE_INVALID, HolderName: NAME_INVALID },
    optional: ['HolderName'],
  },
  {
    path: 'HIS_Register/AddPatient',
    auth: true,
    valid: async () => ({ Name: '张秀兰', Relation: '父母', IDCard: PATIENT_ID_CARD, Phone: '13900000001' }),
    invalid: {
      Name: [...NAME_INVALID, '<b>张三</b>', '张\n三'],
      Relation: ['本人', '老板', SCRIPT, SQL],
      IDCard: ID_INVALID,
      Phone: PHONE_INVALID,
    },
  },
  {
    path: 'HIS_Register/UpdatePatient',
    auth: true,
    valid: async () => {
      const at = new Date().toISOString();
      const id = backend.db
        .prepare(`INSERT INTO patients (member_id, name, relation, id_card, phone, created_at, updated_at) VALUES (?, '李想', '子女', ?, '13900000002', ?, ?)`)
        .run(memberId, idCardFor(901), at, at).lastInsertRowid;
      return { PatientID: String(id), Name: '李想', Relation: '子女', IDCard: '', Phone: '13900000003' };
    },
    invalid: {
      PatientID: ['0', '-1', '99999999', 'abc', '1.5', SQL],
      Name: NAME_INVALID,
      Relation: ['本人', '老板', SCRIPT],
      IDCard: ID_INVALID,
      Phone: PHONE_INVALID,
    },
    optional: ['IDCard'],
  },
  {
    path: 'HIS_Register/DeletePatient',
    auth: true,
    valid: async () => {
      const at = new Date().toISOString();
      const id = backend.db
        .prepare(`INSERT INTO patients (member_id, name, relation, id_card, phone, created_at, updated_at) VALUES (?, '王芳', '配偶', ?, '13900000004', ?, ?)`)
        .run(memberId, idCardFor(902), at, at).lastInsertRowid;
      return { PatientID: String(id) };
    },
    invalid: { PatientID: ['0', '-1', '99999999', 'abc', '1.5', SQL, SCRIPT] },
  },
  {
    path: 'TW_Evaluate/AddRegisterEvaluate',
    auth: true,
    valid: async () => {
      const no = backend.db
        .prepare('SELECT register_no FROM registrations WHERE member_id = ? AND status = 1 AND register_no NOT IN (SELECT register_no FROM evaluations WHERE register_no IS NOT NULL) LIMIT 1')
        .pluck()
        .get(memberId) as string;
      return { RegisterNo: no, Stars: '4', Content: '医生讲解耐心，调理效果不错。' };
    },
    invalid: {
      RegisterNo: ["R1' OR 1=1", 'RVIP0001-003', SCRIPT, 'x'.repeat(61)],
      Stars: ['0', '6', '-1', '4.5', 'five', SQL],
      Content: ['好', '好'.repeat(501)],
    },
  },
  {
    path: 'AuthenticationCenter/OutLogin',
    valid: async () => {
      const r = await call('AuthenticationCenter/PcPwdLogin', { Phone: '13800000005', Password: 'Shengai2026' });
      return { refresh_token: r.Result.refresh_token as string };
    },
    invalid: { refresh_token: ['forged.token.value', SCRIPT, SQL, 'x'.repeat(513)] },
  },
  {
    path: 'AuthenticationCenter/GetPcTokenByURefreshToken',
    valid: async () => {
      const r = await call('AuthenticationCenter/PcPwdLogin', { Phone: '13800000005', Password: 'Shengai2026' });
      return { refresh_token: r.Result.refresh_token as string };
    },
    invalid: { refresh_token: ['forged.token.value', SCRIPT, SQL, 'x'.repeat(513)] },
  },
];

describe('every write endpoint refuses hostile values and stores nothing', () => {
  for (const c of CASES) {
    it(`${c.path}`, async () => {
      const valid = await c.valid();
      const allowed = c.allowedOnRefusal ?? [];
      for (const field of Object.keys(c.invalid)) {
        const values = [...GENERIC_INVALID.filter((v) => !(c.optional?.includes(field) && v.trim() === '')), ...c.invalid[field]!];
        for (const value of values) {
          const label = `${c.path} ${field}=${JSON.stringify(value.slice(0, 24))}`;
          const before = snapshot(reader);
          const r = await call(c.path, { ...valid, [field]: value }, { auth: c.auth });
          expect(r.ErrorNo, label).not.toBe(1);
          expect(r.ErrorNo, label).not.toBe(500);
          expect(r.ErrorInfo, label).toMatch(/[\u4e00-\u9fff]/);
          expectUnchanged(before, label, allowed);
        }
        // Arrays: the field given twice (?F=valid&F=hostile), in either order, and as a JSON array.
        for (const body of [
          `${new URLSearchParams(valid)}&${field}=${encodeURIComponent(SCRIPT)}`,
          `${field}=${encodeURIComponent(SCRIPT)}&${new URLSearchParams(valid)}`,
        ]) {
          const before = snapshot(reader);
          const r = await call(c.path, body, { auth: c.auth });
          expect(r.ErrorNo, `${c.path} ${field} repeated`).toBe(0);
          expectUnchanged(before, `${c.path} ${field} repeated`);
        }
        const before = snapshot(reader);
        const r = await call(c.path, '', { auth: c.auth, json: { ...valid, [field]: [valid[field] ?? '1', '2'] } });
        expect(r.ErrorNo, `${c.path} ${field} as a JSON array`).toBe(0);
        expectUnchanged(before, `${c.path} ${field} as a JSON array`);
      }
      // The valid fields do succeed: each refusal above was the hostile field's doing.
      const ok = await call(c.path, valid, { auth: c.auth });
      expect(ok.ErrorNo, `${c.path} valid: ${ok.ErrorInfo}`).toBe(1);
    });
  }
});

describe('values that only look hostile are stored exactly, as text', () => {
  const LOOKS_HOSTILE = [SCRIPT, SQL, '1; DROP TABLE members;--', '../../etc/passwd', '中医𝌆Ω﹏\u202e反转', '<img src=x onerror=alert(1)>', '%00 %3Cscript%3E'];

  it('TW_Message/AddTW_Message keeps markup, SQL and unicode as sent; GetMessageList returns the same text', async () => {
    for (const text of LOOKS_HOSTILE) {
      const content = `留言：${text}\n第二行\t结束`;
      const title = text.slice(0, 50);
      const r = await call('TW_Message/AddTW_Message', { Type: '1', SourceID: '1', Title: title, Content: content }, { auth: true });
      expect(r.ErrorNo, `${text}: ${r.ErrorInfo}`).toBe(1);
      const row = reader.prepare('SELECT title, content, member_id FROM member_messages WHERE id = ?').get(r.Result.MessageID) as Loose;
      expect(row).toEqual({ title, content, member_id: memberId });
      const list = await call('TW_Message/GetMessageList', { Type: '1', PageSize: '1' }, { auth: true });
      expect(list.Result.DataList[0]).toMatchObject({ MessageID: r.Result.MessageID, Title: title, Content: content });
    }
  });

  it('VIP_Member/UpdateVipinformation keeps a quoted name, an SQL-looking address and an unusual email as sent', async () => {
    for (const [name, address, email] of [
      [SQL, '"云南" & 昆明 \\ 1号', "o'brien+fz@example.com"],
      ['陈思远 & 李', '1; DROP TABLE members;--', 'a.b-c@mail.example.cn'],
      ['陈 思远', '../../etc/passwd 中医𝌆', ''],
    ] as const) {
      const r = await call('VIP_Member/UpdateVipinformation', { VipName: name, Address: address, Email: email }, { auth: true });
      expect(r.ErrorNo, r.ErrorInfo).toBe(1);
      const row = reader.prepare('SELECT name, address, email FROM members WHERE id = ?').get(memberId) as Loose;
      expect(row).toEqual({ name, address, email: email || null });
      const me = await call('VIP_Member/GetVIPMember', {}, { auth: true });
      expect(me.Result).toMatchObject({ VipName: name, Address: address, Email: email });
    }
  });

  it('names and addresses refuse markup characters and line breaks, with a Chinese message', async () => {
    const phone = freshPhone();
    const code = await smsCode(phone);
    const before = snapshot(reader);
    for (const [name, address, message] of [
      ['<i>张三</i>', '', '姓名不能包含<或>'],
      ['张\n三', '', '姓名不能换行'],
      ['张三', SCRIPT, '地址不能包含<或>'],
      ['张三', '昆明\r\n五华', '地址不能换行'],
    ] as const) {
      const r = await call('VIP_Member/UpdateVipinformation', { VipName: name, Address: address }, { auth: true });
      expect(r).toMatchObject({ ErrorNo: 0, ErrorInfo: message });
    }
    const reg = await call('VIP_Member/InsertPCVip', { Phone: phone, Code: code, VipName: '<i>张三</i>', Password: 'Test2026ab', AgreeFlag: '1' });
    expect(reg).toMatchObject({ ErrorNo: 0, ErrorInfo: '姓名不能包含<或>' });
    expectUnchanged(before, 'markup name or address');
  });

  it('VIP_Member/InsertPCVip and Dev/IssueCard → ActivationPcVipCard keep a quoted name as the member name', async () => {
    const phone = freshPhone();
    const reg = await call('VIP_Member/InsertPCVip', { Phone: phone, Code: await smsCode(phone), VipName: "O'Neil & 张三", Password: 'Test2026ab', AgreeFlag: '1' });
    expect(reg.ErrorNo, reg.ErrorInfo).toBe(1);
    expect(reader.prepare('SELECT name FROM members WHERE phone = ?').pluck().get(phone)).toBe("O'Neil & 张三");
    const holderPhone = freshPhone();
    const card = await call('Dev/IssueCard', { Phone: holderPhone, HolderName: SQL });
    const act = await call('VIP_Member/ActivationPcVipCard', { Phone: holderPhone, Code: await smsCode(holderPhone, 'activate'), CardNo: card.Result.CardNo, Password: 'Test2026ab' });
    expect(act.ErrorNo, act.ErrorInfo).toBe(1);
    expect(reader.prepare('SELECT name FROM members WHERE phone = ?').pluck().get(holderPhone)).toBe(SQL);
  });
});

/** Pieces that make hostile strings: markup, SQL, control characters, unicode, lengths around the limits. */
const piece = fc.oneof(
  fc.constantFrom(SCRIPT, SQL, '\u0000', '\u001b', '\u0007', '\u007f', '\u0085', '\n', '\r\n', '\t', ' ', '\u3000', '../', '%00', '中医', '𝌆', '\u202e', "'", '"', '<', '>', '&', ';', '--'),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 40, maxLength: 120 }),
);
const text = fc.array(piece, { maxLength: 8 }).map((a) => a.join(''));
const chars = (s: string) => Array.from(s).length;

describe('properties (fast-check)', () => {
  it('AddTW_Message: accepted ⇔ the rules hold; accepted ⇒ stored exactly; refused ⇒ nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          Type: fc.constantFrom('1', '2', '', '3', SCRIPT),
          SourceID: fc.constantFrom('1', '5', '6', '11', '0', '12', '-1', '1.5', SQL, ''),
          Title: text,
          Content: text,
          ContactPhone: fc.constantFrom('', '13800000004', '1380000000', SCRIPT, ' 13800000004 '),
        }),
        async (fields) => {
          const before = snapshot(reader);
          const r = await call('TW_Message/AddTW_Message', fields, { auth: true });
          const type = fields.Type || '1';
          const title = fields.Title.trim();
          const content = fields.Content.trim();
          const phone = fields.ContactPhone.trim();
          const sourceOk = /^\d+$/.test(fields.SourceID) && ((type === '1' && +fields.SourceID >= 1 && +fields.SourceID <= 5) || (type === '2' && +fields.SourceID >= 6 && +fields.SourceID <= 11));
          const valid =
            ['1', '2'].includes(type) &&
            sourceOk &&
            isPlainText(title) &&
            chars(title) <= 50 &&
            fields.Title.length <= 200 &&
            isPlainText(content, { multiline: true }) &&
            chars(content) >= 5 &&
            chars(content) <= 500 &&
            fields.Content.length <= 2000 &&
            (phone === '' || /^\d{11}$/.test(phone));
          expect(r.ErrorNo).not.toBe(500);
          expect(r.ErrorNo === 1, `${JSON.stringify(fields).slice(0, 200)} → ${r.ErrorInfo}`).toBe(valid);
          if (!valid) return expectUnchanged(before, 'refused message');
          const row = reader.prepare('SELECT kind, source_id, title, content, contact_phone FROM member_messages WHERE id = ?').get(r.Result.MessageID);
          expect(row).toEqual({ kind: Number(type), source_id: Number(fields.SourceID), title, content, contact_phone: phone });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('UpdateVipinformation: refused ⇒ the member row is unchanged; accepted ⇒ every stored field obeys the rules', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            VipName: fc.oneof(text, fc.constantFrom('陈思远', SQL, '王')),
            Sex: fc.constantFrom('0', '1', '', '2', SCRIPT),
            Birthday: fc.constantFrom('', '1985-11-02', '1899-12-31', '2999-01-01', '2001-02-30', '0001-01-01', SCRIPT),
            IDCard: fc.constantFrom('', ID_CARD, WRONG_ID_CARD, '530102********2311', SCRIPT, '\u0000'),
            Email: fc.oneof(text, fc.constantFrom('', 'a@example.com', "o'brien@example.cn", '<x>@example.com')),
            Address: fc.oneof(text, fc.constantFrom('', SCRIPT, 'x'.repeat(201))),
          },
          { requiredKeys: ['VipName'] },
        ),
        async (fields) => {
          const before = snapshot(reader);
          const r = await call('VIP_Member/UpdateVipinformation', fields as Record<string, string>, { auth: true });
          expect(r.ErrorNo).not.toBe(500);
          if (r.ErrorNo !== 1) return expectUnchanged(before, `refused profile ${r.ErrorInfo}`);
          const row = reader.prepare('SELECT name, sex, birthday, id_card, email, address FROM members WHERE id = ?').get(memberId) as Loose;
          expect(row.name).toBe(fields.VipName.trim());
          expect(isPlainText(row.name)).toBe(true);
          expect(row.name).not.toMatch(/[<>\r\n]/);
          expect(chars(row.name)).toBeGreaterThanOrEqual(2);
          expect(chars(row.name)).toBeLessThanOrEqual(30);
          if (row.email !== null) {
            expect(row.email).toBe(fields.Email?.trim());
            expect(row.email).toMatch(EMAIL_RE);
          }
          if (row.address !== null) {
            expect(row.address).toBe(fields.Address?.trim());
            expect(isPlainText(row.address)).toBe(true);
            expect(row.address).not.toMatch(/[<>\r\n]/);
          }
          if (row.id_card !== null) expect(validateIdCard(row.id_card).ok).toBe(true);
          if (row.birthday !== null) expect(row.birthday >= '1900-01-01' && row.birthday <= new Date().toISOString().slice(0, 10)).toBe(true);
          expect([0, 1, null]).toContain(row.sex);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ExchangeGoods: only a known sn, a quantity of 1–10 and a well-formed key ever spend points', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          SN: fc.constantFrom('PG0001', 'PG0025', 'NOPE', '', SCRIPT, 'PG0001 ', 'pg0001', '\u0000'),
          Quantity: fc.oneof(fc.constantFrom('', '1', '2', '10', '0', '-1', '11', '1e1', '99999999999999999999999', ' 1'), fc.integer().map(String)),
          IdempotencyKey: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/), fc.constantFrom('', 'short', SCRIPT, 'k'.repeat(65))),
        }),
        async (fields) => {
          const before = snapshot(reader);
          const points = reader.prepare('SELECT points FROM members WHERE id = ?').pluck().get(memberId) as number;
          const r = await call('PointsMall/ExchangeGoods', fields, { auth: true });
          expect(r.ErrorNo).not.toBe(500);
          const q = fields.Quantity.trim() === '' ? 1 : Number(fields.Quantity.trim());
          const wellFormed =
            ['PG0001', 'PG0025'].includes(fields.SN.trim()) &&
            /^-?\d+$/.test(fields.Quantity.trim() || '1') &&
            q >= 1 &&
            q <= 10 &&
            /^[A-Za-z0-9_-]{8,64}$/.test(fields.IdempotencyKey);
          if (!wellFormed) {
            expect(r.ErrorNo).not.toBe(1);
            return expectUnchanged(before, 'refused exchange');
          }
          if (r.ErrorNo !== 1) return expectUnchanged(before, `refused exchange ${r.ErrorInfo}`);
          const after = reader.prepare('SELECT points FROM members WHERE id = ?').pluck().get(memberId) as number;
          if (!r.Result.Repeated) expect(points - after).toBe(r.Result.Points);
          expect(after).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('any write endpoint, any fields: never a 500; a bad-input refusal (ErrorNo 0) changes nothing', async () => {
    const paths = CASES.map((c) => c.path);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(fc.constantFrom('Phone', 'Code', 'Password', 'VipName', 'IDCard', 'SN', 'Quantity', 'Content', 'Title', 'SourceID', 'Type', 'Word', 'CardNo', 'Email', 'Address', 'CollectionType', 'refresh_token', 'AgreeFlag', '__proto__', 'constructor'), text, { maxKeys: 6 }),
        async (apiPath, fields) => {
          const before = snapshot(reader);
          const r = await call(apiPath, fields, { auth: CASES.find((c) => c.path === apiPath)!.auth });
          expect(r.ErrorNo).not.toBe(500);
          if (r.ErrorNo === 0) expectUnchanged(before, `${apiPath} bad input: ${r.ErrorInfo}`);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('after all of the above', () => {
  it('no hostile marker is stored anywhere in the database', () => {
    // Markup and SQL were stored on purpose above, as text; the markers of invalid values must be nowhere.
    const hits = findMarkers(reader, ['\u0000', '\u001b', '\u0007', '\u007f', '\u0085', '\u0008', BIG.slice(0, 2048), 'x'.repeat(201)]);
    expect(hits).toEqual([]);
  });
});

/**
 * docs/security.md: every server action of the site called with hostile arguments, as
 * Next would call it after decoding a request (wrong types, arrays, objects
 * whose toString is not a function, 10 KB, NUL, control characters, a wrong
 * ID card, an unknown goods sn or code). The actions run for real against a
 * throwaway embedded backend, with next/headers replaced by a cookie jar and
 * the site's own Origin. Each call must resolve (a rejection is Next's 500),
 * and the database, read through a separate read-only connection, must be
 * unchanged; hostile-looking text that is valid is stored exactly.
 */
import type Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jar, request } from '@/test/next-headers-jar';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { latestSmsCode } from '@/lib/backend/sms';
import { changedTables, findMarkers, openReader, snapshot, type Snapshot, type WriteTable } from '@/test/db-snapshot';
import { idCardCheckChar } from '@/lib/validation';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));
request.headers.set('x-forwarded-for', '203.0.113.9');

// Imported after the mock (vi.mock is hoisted above these imports).
const overlays = await import('@/components/overlays/actions');
const { sendMessageAction } = await import('@/components/messages/actions');
const { saveMemberInfoAction } = await import('@/components/members/actions');
const { exchangeGoodsAction } = await import('@/components/points/actions');
const { toggleFavourite } = await import('@/components/hospitals/actions');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- actions are called with what a request could decode to
type AnyAction = (...args: any[]) => Promise<unknown>;

let test: TestBackend;
let reader: Database.Database;
let memberId: number;

const SCRIPT = '<script>alert("fz-action")</script>';
const SQL = "' OR 1=1 --";
const BIG = 'B'.repeat(10 * 1024);
/** JSON can carry an object whose toString is not a function: String(it) throws. */
const NOT_STRINGABLE = { toString: 1, valueOf: 1 };
const ID_17 = '53010219850614231';
const WRONG_ID_CARD = ID_17 + (idCardCheckChar(ID_17) === '1' ? '2' : '1');
const KEY = 'fuzz-action-key-0001';

beforeAll(async () => {
  test = installTestBackend({ smsIpLimitPerHour: 1_000_000, smsImageCodeAfter: 1_000_000 });
  reader = openReader(test.backend.settings.dbPath);
  const login = await overlays.loginWithPasswordAction('13800000004', 'Shengai2026');
  expect(login).toMatchObject({ ok: true });
  expect(jar.has('refreshToken')).toBe(true);
  memberId = reader.prepare("SELECT id FROM members WHERE phone = '13800000004'").pluck().get() as number;
});

afterAll(() => {
  reader.close();
  test.close();
});

function expectUnchanged(before: Snapshot, label: string, allowed: readonly WriteTable[] = []) {
  const after = snapshot(reader);
  expect(changedTables(before, after).filter((t) => !(allowed as readonly string[]).includes(t)), label).toEqual([]);
  if (allowed.length === 0) expect(after.version, `${label}: a commit happened`).toBe(before.version);
}

/** A short label for arguments that may not even convert to a string. */
const labelOf = (args: unknown[]) => args.map((a) => (a === null || typeof a !== 'object' ? typeof a === 'string' ? a.slice(0, 20) : typeof a : Array.isArray(a) ? 'array' : 'object')).join(', ');

/** Calls an action the way Next does; a rejection would be Next's 500. */
async function run(action: AnyAction, args: unknown[], label: string): Promise<unknown> {
  let result: unknown;
  await expect(
    (async () => {
      result = await action(...args);
    })(),
    label,
  ).resolves.toBeUndefined();
  return result;
}

let phoneCounter = 0;
const freshPhone = () => `1360000${String(++phoneCounter).padStart(4, '0')}`;
async function smsCode(phone: string, purpose: 'register' | 'reset' | 'activate' | 'login' | 'check'): Promise<string> {
  const r = await overlays.sendSmsCodeAction(phone, purpose);
  expect(r, `SMS to ${phone}`).toMatchObject({ ok: true });
  return latestSmsCode(test.backend.db, phone)!.Code;
}

/** Argument lists every action gets: wrong counts, wrong types, hostile strings. */
const GENERIC_ARGS: unknown[][] = [
  [],
  [SCRIPT, SCRIPT],
  [BIG, BIG, BIG],
  ['\u0000', '../../etc/passwd'],
  [SQL, '1; DROP TABLE members;--'],
  [NOT_STRINGABLE, NOT_STRINGABLE],
  [null, 12345, true],
  [['1', '2'], {}],
  [Object.create(null) as object],
  [{ sn: SCRIPT, idempotencyKey: '%00', phone: '../', code: BIG, cardNo: SQL, password: '', kind: 'clinic', collect: 'yes' }],
  [1, { sourceId: NOT_STRINGABLE, content: NOT_STRINGABLE }],
  [{ name: ['王雅琴'], email: NOT_STRINGABLE }],
  [-1, Number.NaN, Infinity, -0, 10n ** 30n, new Date('x'), new Map([[1, 2]]), new Set([1]), undefined],
];

/** Each action with argument lists aimed at its own fields; none of them is valid. */
const TARGETED: { name: string; action: AnyAction; args: unknown[][] }[] = [
  {
    name: 'sendMessageAction',
    action: sendMessageAction,
    args: [
      [1, { sourceId: ['1'], title: ['t'], content: ['<script>x</script>', 'fz-array-part'], contactPhone: '' }],
      [1, { sourceId: '1', title: '', content: '请问周末\u0000门诊', contactPhone: '' }],
      [1, { sourceId: '1', title: '标题\u001b[31m', content: '请问周末门诊几点开门', contactPhone: '' }],
      [1, { sourceId: '1', title: '', content: BIG, contactPhone: '' }],
      [1, { sourceId: '1', title: '', content: '请问周末门诊几点开门', contactPhone: '1380000000\u0000' }],
      [1, { sourceId: '0x1', title: '', content: '请问周末门诊几点开门', contactPhone: '' }],
      [1, { sourceId: '6', title: '', content: '请问周末门诊几点开门', contactPhone: '' }],
      [3, { sourceId: '1', title: '', content: '请问周末门诊几点开门', contactPhone: '' }],
      ['1', { sourceId: '1', title: '', content: '请问周末门诊几点开门', contactPhone: '' }],
      [1, { sourceId: '1', title: '', content: '\ud800\ud800\ud800\ud800\ud800', contactPhone: '' }],
      [1, { sourceId: '1', title: '', content: '', contactPhone: '' }],
      [1, ['1', '', '请问周末门诊几点开门', '']],
    ],
  },
  {
    name: 'saveMemberInfoAction',
    action: saveMemberInfoAction,
    args: [
      [{ name: ['陈思远', 'x'], sex: '1', birthday: '', idCard: '', email: '', address: '' }],
      [{ name: '陈\u0000思远', sex: '1', birthday: '', idCard: '', email: '', address: '' }],
      [{ name: '陈思远', sex: '1', birthday: '', idCard: WRONG_ID_CARD, email: '', address: '' }],
      [{ name: '陈思远', sex: '1', birthday: '', idCard: '', email: '<x>@example.com', address: '' }],
      [{ name: '陈思远', sex: '1', birthday: '', idCard: '', email: '', address: BIG }],
      [{ name: '陈思远', sex: '1', birthday: '', idCard: '', email: '', address: '昆明\u0007五华' }],
      [{ name: '陈思远', sex: '1', birthday: '2999-01-01', idCard: '', email: '', address: '' }],
      [{ name: '陈思远', sex: 1, birthday: '', idCard: '', email: '', address: '' }],
      [{ name: '', sex: '', birthday: '', idCard: '', email: '', address: '' }],
    ],
  },
  {
    name: 'exchangeGoodsAction',
    action: exchangeGoodsAction,
    args: [
      [{ sn: 'NOPE0001', idempotencyKey: KEY }],
      [{ sn: ['PG0001'], idempotencyKey: KEY }],
      [{ sn: 'PG0001', idempotencyKey: 'short' }],
      [{ sn: 'PG0001', idempotencyKey: KEY, quantity: -5 }],
      [{ sn: 'PG0001', idempotencyKey: KEY, quantity: 99999999 }],
      [{ sn: 'PG0001\u0000', idempotencyKey: KEY }],
      [{ sn: SQL, idempotencyKey: KEY }],
    ],
  },
  {
    name: 'toggleFavourite',
    action: toggleFavourite,
    args: [
      [{ kind: 'clinic', code: 'SA9999', collect: true }],
      [{ kind: 'clinic', code: ['SA0101'], collect: true }],
      [{ kind: 'admin', code: 'SA0101', collect: true }],
      [{ kind: 'clinic', code: 'SA0101', collect: 'true' }],
      [{ kind: 'doctor', code: '../../etc/passwd', collect: true }],
      [{ kind: 'clinic', code: 'SA0101', collect: true, memberId: 1 }],
    ],
  },
  {
    name: 'loginWithPasswordAction',
    action: overlays.loginWithPasswordAction,
    args: [
      ['13800000005', 'Shengai2026\u0000'],
      [['13800000005'], 'Shengai2026'],
      ['13800000005', ['Shengai2026']],
      ['13800000005', BIG],
      ['13800000005', SQL],
    ],
  },
  {
    name: 'sendSmsCodeAction',
    action: overlays.sendSmsCodeAction,
    args: [
      [['13600009999'], 'login'],
      ['13600009999', 'admin'],
      ['13600009999', 'login', { key: 'k', code: NOT_STRINGABLE }],
      ['13600009999', 'login', { key: 'k', code: '12345' }],
      ['1360000999\u0000', 'login'],
    ],
  },
  { name: 'loginWithSmsAction', action: overlays.loginWithSmsAction, args: [['13800000005', '12345'], ['13800000005', ['123456']], ['13800000005', '12345\u0000']] },
  { name: 'checkPhoneAction', action: overlays.checkPhoneAction, args: [['13800000003', 'abcdef'], [NOT_STRINGABLE, '123456']] },
  {
    name: 'activateCardAction',
    action: overlays.activateCardAction,
    args: [
      [{ phone: '13800000003', code: '123456', cardNo: SQL, password: 'Zhao2026' }],
      [{ phone: '13800000003', code: '123456', cardNo: 'SA20170003', password: 'abc\u0000defg' }],
      [{ phone: '13800000003', code: '123456', cardNo: ['SA20170003'], password: 'Zhao2026' }],
      [null],
    ],
  },
  {
    name: 'registerAction',
    action: overlays.registerAction,
    args: [
      [{ phone: '13600008888', code: '123456', name: '测试', password: 'Test2026ab', idCard: WRONG_ID_CARD, agreed: true }],
      [{ phone: '13600008888', code: '123456', name: '测试', password: 'Test2026ab', idCard: 123, agreed: true }],
      [{ phone: '13600008888', code: '123456', name: '测\u0000试', password: 'Test2026ab', agreed: true }],
      [{ phone: '13600008888', code: '123456', name: '测试', password: 'Test2026ab', agreed: 'true' }],
      [{ phone: '13600008888', code: '123456', name: ['测试'], password: 'Test2026ab', agreed: true }],
      [null],
    ],
  },
  { name: 'verifyResetCodeAction', action: overlays.verifyResetCodeAction, args: [['13800000002', 'abcdef'], [['13800000002'], '123456']] },
  {
    name: 'resetPasswordAction',
    action: overlays.resetPasswordAction,
    args: [
      [{ phone: '13800000002', code: '123456', password: 'abc\u0000defg' }],
      [{ phone: '13800000002', code: '123456', password: ['Shengai2026'] }],
      [null],
    ],
  },
  { name: 'wechatLoginAction', action: overlays.wechatLoginAction, args: [[BIG], [['code']], ['\u0000'], [SCRIPT]] },
];

/** Actions that write nothing for any argument (logout ends the session). */
const PURE: { name: string; action: AnyAction; allowed?: WriteTable[] }[] = [
  ...TARGETED.map(({ name, action }) => ({ name, action })),
];

describe('every server action refuses hostile arguments: it resolves, and nothing is stored', () => {
  for (const { name, action, allowed } of PURE) {
    it(`${name}: generic hostile argument lists`, async () => {
      for (const args of GENERIC_ARGS) {
        const before = snapshot(reader);
        const label = `${name}(${labelOf(args)})`;
        const r = await run(action, args, label);
        if (TARGETED.some((t) => t.name === name) && r && typeof r === 'object' && !Array.isArray(r)) expect(r, name).toMatchObject({ ok: false });
        expectUnchanged(before, label, allowed);
      }
    });
  }
  for (const { name, action, args: lists } of TARGETED) {
    it(`${name}: its own fields, wrong`, async () => {
      for (const args of lists) {
        const label = `${name}(${JSON.stringify(args, (_k, v: unknown) => (typeof v === 'string' ? v.slice(0, 30) : v)).slice(0, 120)})`;
        const before = snapshot(reader);
        const r = await run(action, args, label);
        if (r && typeof r === 'object' && !Array.isArray(r)) expect(r, label).toMatchObject({ ok: false });
        expectUnchanged(before, label);
      }
    });
  }

  it('a wrong ID card refuses registration before the SMS code is spent; the same code then registers', async () => {
    const phone = freshPhone();
    const code = await smsCode(phone, 'register');
    const before = snapshot(reader);
    const bad = await overlays.registerAction({ phone, code, name: '测试会员', password: 'Test2026ab', idCard: WRONG_ID_CARD, agreed: true });
    expect(bad).toEqual({ ok: false, message: '身份证号校验位不正确，请核对' });
    expectUnchanged(before, 'register with a wrong ID card');
    const ok = await overlays.registerAction({ phone, code, name: '测试会员', password: 'Test2026ab', agreed: true });
    expect(ok).toMatchObject({ ok: true });
    // Back to the member of the other tests.
    expect(await overlays.loginWithPasswordAction('13800000004', 'Shengai2026')).toMatchObject({ ok: true });
  });

  it('a password with a control character never replaces the stored one', async () => {
    const code = await smsCode('13800000002', 'reset');
    const hash = () => reader.prepare("SELECT password_hash FROM members WHERE phone = '13800000002'").pluck().get();
    const stored = hash();
    const r = await overlays.resetPasswordAction({ phone: '13800000002', code, password: 'New\u00002026' });
    expect(r).toEqual({ ok: false, message: '密码包含无效字符' });
    expect(hash()).toBe(stored);
  });
});

describe('values that only look hostile are stored exactly', () => {
  it('sendMessageAction stores markup, SQL and unicode as the member typed them', async () => {
    for (const [kind, sourceId] of [
      [1, '2'],
      [2, '8'],
    ] as const) {
      const draft = { sourceId, title: SQL, content: `${SCRIPT}\n第二行：1; DROP TABLE members;-- 中医𝌆`, contactPhone: '' };
      const r = await sendMessageAction(kind, draft);
      expect(r).toMatchObject({ ok: true });
      const row = reader.prepare('SELECT kind, source_id, title, content FROM member_messages WHERE member_id = ? ORDER BY id DESC LIMIT 1').get(memberId);
      expect(row).toEqual({ kind, source_id: Number(sourceId), title: draft.title, content: draft.content });
    }
  });

  it('saveMemberInfoAction stores a quoted name and address as typed', async () => {
    const draft = { name: "O'Neil 陈", sex: '1', birthday: '1985-11-02', idCard: '', email: "o'neil+fz@example.com", address: `"五华区" 1; DROP TABLE members;--` };
    const r = await saveMemberInfoAction(draft);
    expect(r).toMatchObject({ ok: true, profile: { name: draft.name, email: draft.email, address: draft.address } });
    const row = reader.prepare('SELECT name, email, address FROM members WHERE id = ?').get(memberId);
    expect(row).toEqual({ name: draft.name, email: draft.email, address: draft.address });
  });

  it('saveMemberInfoAction refuses markup in a name or an address and stores nothing', async () => {
    const before = reader.prepare('SELECT name, address FROM members WHERE id = ?').get(memberId);
    const base = { name: '陈立', sex: '1', birthday: '1985-11-02', idCard: '', email: '' };
    expect(await saveMemberInfoAction({ ...base, address: `${SCRIPT} 五华区` })).toMatchObject({ ok: false });
    expect(await saveMemberInfoAction({ ...base, name: '<b>陈立</b>', address: '' })).toMatchObject({ ok: false });
    expect(reader.prepare('SELECT name, address FROM members WHERE id = ?').get(memberId)).toEqual(before);
  });
});

/** What a request body can decode to (React's reply encoding: JSON plus undefined, NaN, ±Infinity, -0, BigInt, Date, Map, Set). */
const decodable = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withBoxedValues: false,
  withNullPrototype: false,
  withObjectString: true,
  key: fc.oneof(fc.string(), fc.constantFrom('toString', 'valueOf', 'then', '__proto__', 'constructor', 'sourceId', 'content', 'name', 'phone', 'code', 'sn', 'kind')),
});

/**
 * Random arguments are now and then a valid call: `{ name: '!!' }` is a profile the rules of SPEC §5 accept
 * (a name of 2 to 30 characters, every other field optional), and `{ content: '…' }` can be a valid message.
 * Such a call answers ok: true and may write its own tables, and only those; every other answer stores nothing.
 */
const VALID_CALL_WRITES: Partial<Record<string, WriteTable[]>> = {
  saveMemberInfoAction: ['members'],
  sendMessageAction: ['member_messages'],
};

const answeredOk = (r: unknown) => !!r && typeof r === 'object' && (r as { ok?: unknown }).ok === true;

describe('properties (fast-check)', () => {
  it('any action, any decodable arguments: it resolves, and stores nothing unless it answers ok (then only its own table)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PURE), fc.array(decodable, { maxLength: 4 }), async ({ name, action, allowed = [] }, args) => {
        const before = snapshot(reader);
        const r = await run(action, args, name);
        const writes = answeredOk(r) ? (VALID_CALL_WRITES[name] ?? []) : [];
        expectUnchanged(before, `${name} answered ${JSON.stringify(r)?.slice(0, 80)}`, [...allowed, ...writes]);
      }),
      { numRuns: 400 },
    );
    // 400 runs of every action take about 20 s alone and over 30 s beside a build on two cores: the suite's
    // 30 s default is a time budget this test does not need; it fails on a wrong answer, not a slow machine.
  }, 600_000);

  it('the counterexample fast-check found: a profile of a two-character name alone is valid, saved once, and nothing else changes', async () => {
    const before = snapshot(reader);
    const r = await saveMemberInfoAction({ name: '!!', content: 1n, valueOf: false } as never);
    expect(r).toMatchObject({ ok: true, profile: { name: '!!' } });
    expect(changedTables(before, snapshot(reader))).toEqual(['members']);
    expect(reader.prepare('SELECT name FROM members WHERE id = ?').pluck().get(memberId)).toBe('!!');
  });

  it('a call that is not valid still stores nothing, even when the property allows the table for valid ones', async () => {
    const before = snapshot(reader);
    const r = await saveMemberInfoAction({ name: '!', content: 1n } as never);
    expect(r).toMatchObject({ ok: false, errors: { name: '姓名至少2个字' } });
    expectUnchanged(before, 'a one-character name');
  });
});

describe('after all of the above', () => {
  it('no invalid value is stored anywhere in the database', () => {
    expect(findMarkers(reader, ['\u0000', '\u001b', '\u0007', '\ufffd', BIG.slice(0, 2048), 'fz-array-part'])).toEqual([]);
  });
});

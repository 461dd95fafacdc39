/**
 * Numbers cannot be hoarded (docs/security.md "Booking caps and rate limits"): at most 3 unpaid bookings per
 * member, 6 bookings a China day, and the booking throttles (throttles.ts: 10 per member and 60 per client in
 * 10 minutes), each with a Chinese message. The requests go over real sockets, each client bound to its own
 * loopback address (127.x.y.z), which the server sees as a distinct peer, exactly as `next start` stamps it
 * (lib/security/peer-stamp.ts). The throttles count at scale 1, as in production.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stampPeer } from '@/lib/security/peer-stamp';
import { createBackend, type Backend } from './router';
import { createThrottles } from './throttles';
import { DAILY_BOOKING_LIMIT, MAX_UNPAID_BOOKINGS } from './handlers/booking';
import { ensureMember, memberToken, TEST_SECRET, tempDbPath, type TestEnvelope } from '@/test/backend-member-services';
import { idCardFor } from '@/test/id-cards';

let backend: Backend;
let server: http.Server;
let port = 0;
// 10:00 China time: far from midnight unless a test moves it.
let clock = new Date('2026-11-25T02:00:00Z');
let slots: string[] = [];
let nextMember = 0;

/** POST /api/<path> from `from` (a loopback address the client socket binds to). */
function post(from: string, apiPath: string, fields: Record<string, string>, token: string): Promise<TestEnvelope> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: `/api/${apiPath}?IsWeb=1&Sub=`,
        agent: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(JSON.parse(text) as TestEnvelope));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function newMember() {
  const n = nextMember++;
  const vip = `LVIP${String(n).padStart(4, '0')}`;
  const id = ensureMember(backend, { phone: `1350000${String(n).padStart(4, '0')}`, vipCode: vip, name: `限流${n}`, points: 0 });
  backend.db.prepare('UPDATE members SET id_card = ? WHERE id = ?').run(idCardFor(1000 + n), id);
  return { id, token: await memberToken(backend, id, vip) };
}

const book = (from: string, token: string, scheduleId: string) =>
  post(from, 'HIS_Register/BookRegister', { ScheduleID: scheduleId, IdempotencyKey: `lim${crypto.randomUUID().replace(/-/g, '')}` }, token);

const held = (memberId: number) =>
  backend.db.prepare('SELECT COUNT(*) FROM registrations WHERE member_id = ? AND schedule_id IS NOT NULL').pluck().get(memberId) as number;

beforeAll(async () => {
  backend = createBackend(
    { dbPath: tempDbPath('booking-limits'), jwtSecret: TEST_SECRET, log: () => {}, now: () => clock },
    createThrottles({ scale: 1, redis: false }),
  );
  server = http.createServer(async (req, res) => {
    stampPeer(req);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const answer = await backend.handle(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }));
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // Open slots at least a day ahead, over many doctors: the hoarder's targets.
  const codes = backend.db.prepare('SELECT appointment_code FROM doctors ORDER BY doctor_id LIMIT 60').pluck().all() as string[];
  for (const code of codes) {
    const r = await post('127.0.0.1', 'TW_User/GetDoctorScheduleNew', { AppointmentCode: code }, '');
    for (const day of r.Result.DataList.slice(1)) for (const s of day.Shifts) if (s.BookState === 'open') slots.push(s.ScheduleID);
  }
  slots = [...new Set(slots)];
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  backend.db.close();
});

describe('one member hoarding numbers', () => {
  it('100 different slots at once from one address: 3 held, 97 refused in Chinese (unpaid cap, then the member throttle)', async () => {
    expect(slots.length).toBeGreaterThanOrEqual(300);
    const m = await newMember();
    const answers = await Promise.all(slots.slice(0, 100).map((s) => book('127.0.1.1', m.token, s)));
    expect(answers.filter((a) => a.ErrorNo === 1)).toHaveLength(MAX_UNPAID_BOOKINGS);
    expect(held(m.id)).toBe(MAX_UNPAID_BOOKINGS);
    const refused = answers.filter((a) => a.ErrorNo !== 1);
    for (const a of refused) expect(a.ErrorNo).toBe(-1);
    expect(refused.filter((a) => a.Result?.Reason === 'UNPAID_LIMIT')).toHaveLength(7);
    expect(refused.find((a) => a.Result?.Reason === 'UNPAID_LIMIT')!.ErrorInfo).toBe('您已有3笔待支付的预约，请先完成支付或取消后再预约');
    const throttled = refused.filter((a) => /^预约操作过于频繁，请\d+分钟后再试$/.test(a.ErrorInfo));
    expect(throttled).toHaveLength(90);
    expect(throttled[0]!.Result.RetryAfter).toBeGreaterThan(0);
  });

  it('the same from 100 loopback addresses, one request each: the per-member rule still holds (3 held, 90 throttled)', async () => {
    const m = await newMember();
    const answers = await Promise.all(slots.slice(100, 200).map((s, i) => book(`127.0.2.${i + 1}`, m.token, s)));
    expect(answers.filter((a) => a.ErrorNo === 1)).toHaveLength(MAX_UNPAID_BOOKINGS);
    expect(held(m.id)).toBe(MAX_UNPAID_BOOKINGS);
    expect(answers.filter((a) => a.ErrorInfo.startsWith('预约操作过于频繁'))).toHaveLength(90);
  });

  it('booking and paying each at once: the daily cap of 6 holds until midnight China time, then a new day begins', async () => {
    const start = clock;
    try {
      clock = new Date('2026-11-25T15:50:00Z'); // 23:50 China time
      const m = await newMember();
      const mine = slots.slice(200, 210);
      for (let i = 0; i < DAILY_BOOKING_LIMIT; i++) {
        const r = await book('127.0.3.1', m.token, mine[i]!);
        expect(r.ErrorNo, r.ErrorInfo).toBe(1);
        const paid = await post('127.0.3.1', 'HIS_Register/PayRegister', { RegisterNo: r.Result.RegisterNo }, m.token);
        expect(paid.ErrorNo, paid.ErrorInfo).toBe(1);
      }
      const capped = await book('127.0.3.1', m.token, mine[6]!);
      expect(capped).toMatchObject({ ErrorNo: -1, ErrorInfo: '每个账号每天最多在线预约6次，今日次数已用完，请明天再试', Result: { Reason: 'DAILY_LIMIT' } });
      expect(held(m.id)).toBe(DAILY_BOOKING_LIMIT);
      clock = new Date('2026-11-25T16:05:00Z'); // 00:05 the next day, China time
      const token = await memberToken(backend, m.id, `LVIP${String(nextMember - 1).padStart(4, '0')}`);
      const nextDay = await book('127.0.3.1', token, mine[7]!);
      expect(nextDay.ErrorNo, nextDay.ErrorInfo).toBe(1);
    } finally {
      clock = start;
    }
  });
});

describe('many accounts from one address', () => {
  it('70 members booking from one address: 60 pass, 10 are refused by the per-client rule; another address is unaffected', async () => {
    const members = await Promise.all(Array.from({ length: 71 }, () => newMember()));
    const answers = await Promise.all(members.slice(0, 70).map((m, i) => book('127.0.4.1', m.token, slots[220 + i]!)));
    expect(answers.filter((a) => a.ErrorNo === 1)).toHaveLength(60);
    const refused = answers.filter((a) => a.ErrorNo !== 1);
    expect(refused).toHaveLength(10);
    for (const a of refused) expect(a.ErrorInfo).toMatch(/^当前网络预约操作过于频繁，请\d+分钟后再试$/);
    const elsewhere = await book('127.0.4.2', members[70]!.token, slots[295]!);
    expect(elsewhere.ErrorNo, elsewhere.ErrorInfo).toBe(1);
  });
});

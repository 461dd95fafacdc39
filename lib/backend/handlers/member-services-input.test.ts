/**
 * Bad input on every member-services endpoint (docs/api.md): a missing field, an
 * oversized field (100 KB), a wrong type and `<script>` each get a clear
 * Chinese ErrorInfo and a non-1 ErrorNo, never a throw or a 500. And a
 * property of ExchangeGoods (fast-check): whatever the interleaving of
 * exchanges, points and stock never go below 0 and every point spent is an order.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../router';
import { call, ensureMember, memberToken, tempDbPath, testBackend } from '@/test/backend-member-services';

let backend: Backend;
let token: string;

beforeAll(async () => {
  backend = testBackend(tempDbPath('input'));
  const id = ensureMember(backend, { phone: '13900000021', vipCode: 'TVIP21', name: '输入测试', points: 5000 });
  token = await memberToken(backend, id, 'TVIP21');
});
afterAll(() => backend.db.close());

const BIG = 'x'.repeat(100 * 1024);
const CHINESE = /[\u4e00-\u9fa5]/;

/** Each endpoint with valid fields; the cases below break one field at a time. */
const ENDPOINTS: { path: string; fields: Record<string, string>; required: string[]; ints: string[] }[] = [
  { path: 'PointsMall/GetPointsMallList', fields: { PageIndex: '1', PageSize: '10', Sort: 'hot' }, required: [], ints: ['PageIndex', 'PageSize'] },
  { path: 'PointsMall/GetPointsMallBySN', fields: { SN: 'PG0001' }, required: ['SN'], ints: [] },
  { path: 'PointsMall/ExchangeGoods', fields: { SN: 'PG0025', IdempotencyKey: 'input-test-key-01', Quantity: '1' }, required: ['SN', 'IdempotencyKey'], ints: ['Quantity'] },
  { path: 'TW_Message/GetMessageSrouce', fields: { Type: '1' }, required: [], ints: [] },
  { path: 'TW_Message/AddTW_Message', fields: { Type: '1', SourceID: '1', Content: '这是一条测试留言内容' }, required: ['SourceID', 'Content'], ints: ['SourceID'] },
  { path: 'TW_Message/GetMessageList', fields: { Type: '1', PageIndex: '1', PageSize: '10' }, required: [], ints: ['PageIndex', 'PageSize'] },
  { path: 'HIS_Register/GetRegisterList', fields: { PageIndex: '1', PageSize: '10' }, required: [], ints: ['PageIndex', 'PageSize'] },
  { path: 'VIP_Member/GetSysMemberRightsList', fields: {}, required: [], ints: [] },
  { path: 'VIP_Member/GetSysMemberRights', fields: { ID: '1' }, required: ['ID'], ints: ['ID'] },
  { path: 'SYS_Agreement/GetList', fields: {}, required: [], ints: [] },
  { path: 'SYS_Agreement/GetSigin', fields: { ID: '1' }, required: [], ints: ['ID'] },
];

describe('bad input on every member-services endpoint', () => {
  for (const e of ENDPOINTS) {
    it(`${e.path}: valid fields succeed`, async () => {
      expect((await call(backend, e.path, e.fields, token)).ErrorNo).toBe(1);
    });
    for (const name of Object.keys(e.fields)) {
      it(`${e.path}: ${name} oversized (100 KB), as <script>, missing or of the wrong type`, async () => {
        // [fields, must be refused]. Free text (Content) may hold markup as text; nothing else may.
        const cases: [Record<string, string | undefined>, boolean][] = [
          [{ ...e.fields, [name]: BIG }, true],
          [{ ...e.fields, [name]: '<script>alert(1)</script>' }, name !== 'Content'],
        ];
        if (e.ints.includes(name)) cases.push([{ ...e.fields, [name]: 'abc' }, true], [{ ...e.fields, [name]: '1.5' }, true]);
        if (e.required.includes(name)) cases.push([{ ...e.fields, [name]: undefined }, true], [{ ...e.fields, [name]: '   ' }, true]);
        for (const [fields, refused] of cases) {
          const r = await call(backend, e.path, fields, token);
          const label = `${name}=${String(fields[name]).slice(0, 20)}`;
          expect(r.ErrorNo, label).not.toBe(500);
          if (refused) expect(r.ErrorNo, label).not.toBe(1);
          if (r.ErrorNo !== 1) expect(r.ErrorInfo, label).toMatch(CHINESE);
        }
      });
    }
  }
});

describe('ExchangeGoods invariants (fast-check)', () => {
  it('points and stock never go below 0, and every point spent is in an order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.tuple(fc.constantFrom('PG0025', 'PG0014', 'PG0003'), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 5 })), {
          minLength: 1,
          maxLength: 8,
        }),
        async (points, stock, attempts) => {
          const db = backend.db;
          const id = ensureMember(backend, { phone: '13900000022', vipCode: 'TVIP22', name: '性质测试', points });
          db.prepare('DELETE FROM points_orders WHERE member_id = ?').run(id);
          db.prepare(`UPDATE points_goods SET stock = ? WHERE sn IN ('PG0025', 'PG0014', 'PG0003')`).run(stock);
          const t = await memberToken(backend, id, 'TVIP22');
          // Attempts run concurrently; a repeated key number reuses its idempotency key.
          const results = await Promise.all(
            attempts.map(([sn, quantity, key]) =>
              call(backend, 'PointsMall/ExchangeGoods', { SN: sn, Quantity: String(quantity), IdempotencyKey: `prop-key-${sn}-${quantity}-${key}` }, t),
            ),
          );
          for (const r of results) expect([1, -1]).toContain(r.ErrorNo);
          const balance = (db.prepare('SELECT points FROM members WHERE id = ?').get(id) as { points: number }).points;
          const spent = (db.prepare('SELECT COALESCE(SUM(points), 0) AS s FROM points_orders WHERE member_id = ?').get(id) as { s: number }).s;
          const stocks = db.prepare(`SELECT stock FROM points_goods WHERE sn IN ('PG0025', 'PG0014', 'PG0003')`).all() as { stock: number }[];
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance + spent).toBe(points);
          for (const s of stocks) expect(s.stock).toBeGreaterThanOrEqual(0);
          // One order per distinct key at most.
          const orders = (db.prepare('SELECT COUNT(*) AS n FROM points_orders WHERE member_id = ?').get(id) as { n: number }).n;
          const keys = new Set(attempts.map(([sn, q, k]) => `${sn}-${q}-${k}`));
          expect(orders).toBeLessThanOrEqual(keys.size);
        },
      ),
      { numRuns: 40 },
    );
  });
});

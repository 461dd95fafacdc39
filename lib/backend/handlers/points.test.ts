/** PointsMall handlers (SPEC §7; docs/api.md: ExchangeGoods is one transaction with an idempotency key). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../router';
import { GOODS_CATALOGUE, LAST_ONE_SN } from '../seed/points-goods-catalogue';
import { call, ensureMember, memberToken, tempDbPath, testBackend, visitorToken } from '@/test/backend-member-services';

let backend: Backend;
let dbPath: string;
let richId: number;
let poorId: number;
let rich: string;
let poor: string;

const pointsOf = (id: number) => (backend.db.prepare('SELECT points FROM members WHERE id = ?').get(id) as { points: number }).points;
const stockOf = (sn: string) => (backend.db.prepare('SELECT stock FROM points_goods WHERE sn = ?').get(sn) as { stock: number }).stock;
const ordersOf = (id: number) => (backend.db.prepare('SELECT COUNT(*) AS n FROM points_orders WHERE member_id = ?').get(id) as { n: number }).n;

beforeAll(async () => {
  dbPath = tempDbPath('points');
  backend = testBackend(dbPath);
  richId = ensureMember(backend, { phone: '13900000001', vipCode: 'TVIP01', name: '测试富', points: 128600 });
  poorId = ensureMember(backend, { phone: '13900000002', vipCode: 'TVIP02', name: '测试穷', points: 120 });
  rich = await memberToken(backend, richId, 'TVIP01');
  poor = await memberToken(backend, poorId, 'TVIP02');
});

afterAll(() => backend.db.close());

describe('PointsMall/GetPointsMallList', () => {
  it('lists the seeded goods, paged, with their total (SPEC §7)', async () => {
    const r = await call(backend, 'PointsMall/GetPointsMallList', { PageIndex: '1', PageSize: '10' });
    expect(r.ErrorNo).toBe(1);
    expect(r.Result.TotalCount).toBe(GOODS_CATALOGUE.length);
    expect(r.Result.DataList).toHaveLength(10);
    expect(r.Result.DataList[0]).toMatchObject({ GoodsSN: expect.any(String), Points: expect.any(Number), ImageUrl: expect.stringMatching(/^\/images\/goods\//) });
    const page3 = await call(backend, 'PointsMall/GetPointsMallList', { PageIndex: '3', PageSize: '10' });
    expect(page3.Result.DataList).toHaveLength(GOODS_CATALOGUE.length - 20);
  });

  it('sorts by points both ways and by popularity', async () => {
    const asc = await call(backend, 'PointsMall/GetPointsMallList', { Sort: 'points_asc', PageSize: '60' });
    const points = asc.Result.DataList.map((g: { Points: number }) => g.Points);
    expect(points).toEqual([...points].sort((a, b) => a - b));
    const desc = await call(backend, 'PointsMall/GetPointsMallList', { Sort: 'points_desc', PageSize: '1' });
    expect(desc.Result.DataList[0].Points).toBe(Math.max(...GOODS_CATALOGUE.map((g) => g.points)));
    const hot = await call(backend, 'PointsMall/GetPointsMallList', { Sort: 'hot', PageSize: '1' });
    expect(hot.Result.DataList[0].ExchangedCount).toBe(Math.max(...GOODS_CATALOGUE.map((g) => g.exchanged)));
  });

  it('has goods at 10000 points or more, and filters by category', async () => {
    expect(GOODS_CATALOGUE.filter((g) => g.points >= 10000).length).toBeGreaterThan(2);
    const r = await call(backend, 'PointsMall/GetPointsMallList', { Category: '茶饮', PageSize: '60' });
    expect(r.Result.TotalCount).toBeGreaterThan(0);
    expect(r.Result.DataList.every((g: { Category: string }) => g.Category === '茶饮')).toBe(true);
    expect(r.Result.Categories).toContain('茶饮');
  });

  it('answers bad input with a clear ErrorInfo, never a throw', async () => {
    for (const fields of [{ Sort: '<script>' }, { PageIndex: 'abc' }, { PageSize: '1000' }, { Category: 'x'.repeat(100_000) }]) {
      const r = await call(backend, 'PointsMall/GetPointsMallList', fields);
      expect(r.ErrorNo).toBe(0);
      expect(r.ErrorInfo).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('PointsMall/GetPointsMallBySN', () => {
  it('returns the item with its description', async () => {
    const r = await call(backend, 'PointsMall/GetPointsMallBySN', { SN: 'PG0001' });
    expect(r.ErrorNo).toBe(1);
    expect(r.Result).toMatchObject({ GoodsSN: 'PG0001', GoodsName: GOODS_CATALOGUE[0]!.name, Description: expect.stringContaining('<p>') });
  });
  it('answers an unknown or missing SN with a non-1 ErrorNo', async () => {
    expect((await call(backend, 'PointsMall/GetPointsMallBySN', { SN: 'NOPE' })).ErrorNo).toBe(404);
    const missing = await call(backend, 'PointsMall/GetPointsMallBySN', {});
    expect(missing.ErrorNo).toBe(0);
    expect(missing.ErrorInfo).toContain('商品编号');
  });
});

describe('PointsMall/ExchangeGoods', () => {
  it('needs a member token (SPEC §8 4001)', async () => {
    const anonymous = await call(backend, 'PointsMall/ExchangeGoods', { SN: 'PG0001', IdempotencyKey: 'anon-key-0001' });
    expect(anonymous.ErrorNo).toBe(4001);
    const visitor = await call(backend, 'PointsMall/ExchangeGoods', { SN: 'PG0001', IdempotencyKey: 'anon-key-0001' }, await visitorToken(backend));
    expect(visitor.ErrorNo).toBe(4001);
  });

  it('deducts points and stock and records one order', async () => {
    const before = pointsOf(richId);
    const stock = stockOf('PG0002');
    const r = await call(backend, 'PointsMall/ExchangeGoods', { SN: 'PG0002', IdempotencyKey: 'rich-key-0001' }, rich);
    expect(r.ErrorNo).toBe(1);
    expect(r.Result).toMatchObject({ GoodsSN: 'PG0002', Points: 680, Balance: before - 680, Repeated: false });
    expect(pointsOf(richId)).toBe(before - 680);
    expect(stockOf('PG0002')).toBe(stock - 1);
  });

  it('the same idempotency key twice makes one order', async () => {
    const before = pointsOf(richId);
    const orders = ordersOf(richId);
    const first = await call(backend, 'PointsMall/ExchangeGoods', { SN: 'PG0001', IdempotencyKey: 'rich-key-0002' }, rich);
    const second = await call(backend, 'PointsMall/ExchangeGoods', { SN: 'PG0001', IdempotencyKey: 'rich-key-0002' }, rich);
    expect(first.ErrorNo).toBe(1);
    expect(second.ErrorNo).toBe(1);
    expect(second.Result.OrderNo).toBe(first.Result.OrderNo);
    expect(second.Result.Repeated).toBe(true);
    expect(ordersOf(richId)).toBe(orders + 1);
    expect(pointsOf(richId)).toBe(before - 300);
  });

  it('a key reused for another item is refused and changes nothing', async () => {
    const before = pointsOf(richId);
    const r = await call(backend, 'PointsMall/ExchangeGoods', { SN: 'PG0003', IdempotencyKey: 'rich-key-0002' }, rich);
    expect(r.ErrorNo).toBe(-1);
    expect(r.Result.Reason).toBe('KEY_REUSED');
    expect(pointsOf(richId)).toBe(before);
  });

  it('insufficient points: a clear ErrorInfo and nothing changes', async () => {
    const stock = stockOf('PG0015');
    const r = await call(backend, 'PointsMall/ExchangeGoods', { SN: 'PG0015', IdempotencyKey: 'poor-key-0001' }, poor);
    expect(r.ErrorNo).toBe(-1);
    expect(r.ErrorInfo).toContain('积分不足');
    expect(r.Result).toMatchObject({ Reason: 'INSUFFICIENT_POINTS', Balance: 120 });
    expect(pointsOf(poorId)).toBe(120);
    expect(stockOf('PG0015')).toBe(stock);
    expect(ordersOf(poorId)).toBe(0);
  });

  it('sold out: a clear ErrorInfo and nothing changes', async () => {
    const a = await call(backend, 'PointsMall/ExchangeGoods', { SN: LAST_ONE_SN, IdempotencyKey: 'rich-last-0001' }, rich);
    expect(a.ErrorNo).toBe(1);
    expect(stockOf(LAST_ONE_SN)).toBe(0);
    const before = pointsOf(richId);
    const b = await call(backend, 'PointsMall/ExchangeGoods', { SN: LAST_ONE_SN, IdempotencyKey: 'rich-last-0002' }, rich);
    expect(b.ErrorNo).toBe(-1);
    expect(b.ErrorInfo).toContain('已兑完');
    expect(b.Result.Reason).toBe('SOLD_OUT');
    expect(pointsOf(richId)).toBe(before);
    expect(stockOf(LAST_ONE_SN)).toBe(0);
  });

  it('two concurrent exchanges with points for one: one order, balance never below 0', async () => {
    const id = ensureMember(backend, { phone: '13900000003', vipCode: 'TVIP03', name: '测试并发', points: 500 });
    const token = await memberToken(backend, id, 'TVIP03');
    // A second connection to the same file, as a second server process would have.
    const other = testBackend(dbPath);
    try {
      const results = await Promise.all([
        call(backend, 'PointsMall/ExchangeGoods', { SN: 'PG0003', IdempotencyKey: 'conc-key-0001' }, token),
        call(other, 'PointsMall/ExchangeGoods', { SN: 'PG0003', IdempotencyKey: 'conc-key-0002' }, token),
      ]);
      expect(results.filter((r) => r.ErrorNo === 1)).toHaveLength(1);
      expect(results.filter((r) => r.ErrorNo === -1 && r.Result.Reason === 'INSUFFICIENT_POINTS')).toHaveLength(1);
      expect(ordersOf(id)).toBe(1);
      expect(pointsOf(id)).toBe(50);
    } finally {
      other.db.close();
    }
  });

  it('validates its fields', async () => {
    for (const fields of [
      { SN: 'PG0001' },
      { SN: 'PG0001', IdempotencyKey: 'short' },
      { SN: 'PG0001', IdempotencyKey: '<script>alert(1)</script>' },
      { SN: 'PG0001', IdempotencyKey: 'valid-key-9999', Quantity: '0' },
      { SN: 'PG0001', IdempotencyKey: 'valid-key-9999', Quantity: 'two' },
      { SN: 'x'.repeat(100_000), IdempotencyKey: 'valid-key-9999' },
    ]) {
      const r = await call(backend, 'PointsMall/ExchangeGoods', fields, rich);
      expect(r.ErrorNo, JSON.stringify(fields).slice(0, 80)).toBe(0);
      expect(r.ErrorInfo).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await call(backend, 'PointsMall/ExchangeGoods', { SN: 'NOPE', IdempotencyKey: 'valid-key-9998' }, rich)).ErrorNo).toBe(404);
  });
});

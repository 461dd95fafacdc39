/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads raw wire JSON */
/**
 * Demo content a patient would trust (docs/content.md), read through the public API as a visitor's page
 * reads it: points of 10000 or more in 万 (SPEC §9) wherever the words show them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../router';

let backend: Backend;

async function ok(apiPath: string, fields: Record<string, string> = {}) {
  const res = await backend.handle(new Request(`http://x/api/${apiPath}`, { method: 'POST', body: new URLSearchParams(fields) }));
  const body = (await res.json()) as { ErrorNo: number; ErrorInfo: string; Result: any };
  expect(body.ErrorNo, `${apiPath}: ${body.ErrorInfo}`).toBe(1);
  return body.Result;
}

beforeAll(() => {
  backend = createBackend({ dbPath: ':memory:', jwtSecret: new TextEncoder().encode('content-trust-test-secret-0123456789ab'), log: () => {} });
});
afterAll(() => backend.db.close());

/** A points figure of 10000 or more written out in digits next to 积分/分 (SPEC §9 wants 万). */
const RAW_POINTS = /(\d{5,})\s*(?:积分|分)|积分[^\d，。；<]{0,6}?(\d{5,})/g;

describe('points in 万 (SPEC §9)', () => {
  it('no goods text, member right, card level or agreement writes 10000 points or more in digits', async () => {
    const goods = (await ok('PointsMall/GetPointsMallList', { PageSize: '60' })).DataList as any[];
    expect(goods.some((g) => g.Points >= 10000), 'goods of 10000+ points are seeded').toBe(true);
    const texts: [string, string][] = [];
    for (const g of goods) {
      const one = await ok('PointsMall/GetPointsMallBySN', { SN: g.GoodsSN });
      texts.push([`${g.GoodsSN} summary`, one.Summary], [`${g.GoodsSN} description`, one.Description]);
    }
    const rights = await ok('VIP_Member/GetSysMemberRightsList');
    for (const r of rights.DataList) texts.push([r.Title, `${r.Summary}${r.Content}${r.Levels.map((l: any) => l.Benefit).join('')}`]);
    for (const l of rights.CardLevels) texts.push([l.LevelName, `${l.Summary}${l.Discount}`]);
    for (const a of (await ok('SYS_Agreement/GetList')).DataList) texts.push([a.Title, (await ok('SYS_Agreement/GetSigin', { ID: String(a.AgreementID) })).Content]);

    const raw = texts.flatMap(([where, text]) => [...String(text).matchAll(RAW_POINTS)].map((m) => `${where}: ${m[0]}`));
    expect(raw).toEqual([]);
    // The 金卡 threshold and an 11800-point item read in 万.
    expect(rights.CardLevels.find((l: any) => l.ThresholdPoints === 20000).Summary).toContain('2万');
    const dear = goods.find((g) => g.Points === 11800);
    expect((await ok('PointsMall/GetPointsMallBySN', { SN: dear.GoodsSN })).Description).toContain('1.18万积分');
  });
});

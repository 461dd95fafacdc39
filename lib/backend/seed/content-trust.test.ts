/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads raw wire JSON */
/**
 * Demo content a patient would trust (docs/content.md), read through the public API as a visitor's page
 * reads it: points of 10000 or more in 万 (SPEC §9) wherever the words show them, and one hotline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteConfig } from '../../site-config';
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

/** Every page of a public list. */
async function all(apiPath: string, fields: Record<string, string> = {}): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const r = await ok(apiPath, { ...fields, PageIndex: String(page), PageSize: '100' });
    rows.push(...r.DataList);
    if (rows.length >= r.TotalCount || r.DataList.length === 0) return rows;
  }
}

/** A phone number as a text writes one: 400-871-6655, 0871-6511 8888, 0871-63126655. */
const PHONE = /(?<!\d)(?:400|0\d{2,3})[- ]?\d{3,4}[- ]?\d{4}(?!\d)/g;

describe('one hotline (docs/content.md)', () => {
  it('every number a visitor reads in the articles, help, rules and agreements is the hotline or a clinic\'s own', async () => {
    const clinicPhones = new Set((await all('TW_Org/GetOrgList')).map((c) => c.Phone as string));
    expect(clinicPhones.size).toBeGreaterThan(40);
    const texts: [string, string][] = [];
    for (const n of await all('News/GetNewList')) texts.push([`news ${n.ID}`, (await ok('News/GetNewDetail', { ID: String(n.ID) })).Content]);
    for (const h of (await ok('News/GetNewList', { type: '30', PageIndex: '1', PageSize: '1000' })).DataList) texts.push([`help ${h.Title}`, h.Content]);
    for (const a of (await ok('SYS_Agreement/GetList')).DataList) texts.push([a.Title, (await ok('SYS_Agreement/GetSigin', { ID: String(a.AgreementID) })).Content]);
    for (const r of (await ok('VIP_Member/GetSysMemberRightsList')).DataList) texts.push([r.Title, r.Content]);
    expect(texts.length).toBeGreaterThan(100);

    const numbers = texts.flatMap(([where, text]) => [...String(text).matchAll(PHONE)].map((m) => [where, m[0]] as const));
    const foreign = numbers.filter(([, n]) => n !== siteConfig.contact.hotline && !clinicPhones.has(n)).map(([w, n]) => `${w}: ${n}`);
    expect(foreign).toEqual([]);
    // The hotline is really given where people look for it: the service rules and the help on complaints.
    expect(numbers.filter(([, n]) => n === siteConfig.contact.hotline).length).toBeGreaterThan(10);
    expect(texts.find(([w]) => w === '会员服务条款')![1]).toContain(siteConfig.contact.hotline);
  });
});

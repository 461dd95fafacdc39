/**
 * The member-services modules of lib/api against the embedded backend: wire
 * names stop here (reshaped app types), unknown ids are null, the exchange is
 * sent once (never retried) and its refusals are readable; an expired access
 * token mid-exchange is refreshed and the exchange completes once (SPEC §8).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginWithPassword } from './auth';
import { getAgreement, getAgreements } from './agreements';
import { observeCalls } from './client';
import { getMemberRight, getMemberRights } from './member-rights';
import { addMessage, getMessageSources, getMyMessages } from './messages';
import { exchangePointsGoods, exchangeRefusalOf, getPointsGoods, getPointsGoodsList } from './points';
import { getRegistrations } from './registrations';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { createTokenClient, memoryTokenStore, resetTokenClientState } from './token-client';

let env: TestBackend;
beforeAll(() => {
  env = installTestBackend({ accessTokenTtlSeconds: 60 });
});
afterAll(() => env.close());
beforeEach(() => resetTokenClientState());

async function memberOf(phone: string) {
  const tokens = await loginWithPassword(phone, 'Shengai2026');
  return createTokenClient(memoryTokenStore({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }));
}

const pointsOf = (phone: string) =>
  (env.backend.db.prepare('SELECT points FROM members WHERE phone = ?').get(phone) as { points: number }).points;

describe('public reads', () => {
  it('reshape goods, rights and agreements; unknown ids are null', async () => {
    const page = await getPointsGoodsList({ sort: 'points_desc', pageSize: 5 });
    expect(page.items).toHaveLength(5);
    expect(page.items[0]).toEqual(expect.objectContaining({ sn: expect.any(String), points: expect.any(Number), image: expect.stringContaining('/images/goods/') }));
    expect(page.items[0]).not.toHaveProperty('GoodsSN');
    expect(page.total).toBeGreaterThanOrEqual(24);
    expect(await getPointsGoods('PG0001')).toEqual(expect.objectContaining({ name: '艾草暖足贴（30贴装）', descriptionHtml: expect.stringContaining('<p>') }));
    expect(await getPointsGoods('NOPE')).toBeNull();

    const rights = await getMemberRights();
    expect(rights.levels.map((l) => l.name)).toEqual(['普卡', '银卡', '金卡', '钻石卡']);
    expect(await getMemberRight(rights.rights[0]!.id)).toEqual(expect.objectContaining({ title: rights.rights[0]!.title }));
    expect(await getMemberRight(9999)).toBeNull();

    const agreements = await getAgreements();
    expect(agreements.map((a) => a.code)).toContain('points');
    expect(await getAgreement({ code: 'privacy' })).toEqual(expect.objectContaining({ title: '隐私政策' }));
    expect(await getAgreement({ id: 9999 })).toBeNull();
  });
});

describe('member calls', () => {
  it('send an exchange once and read its refusals', async () => {
    const poor = await memberOf('13800000002');
    const calls: string[] = [];
    const stop = observeCalls((path) => calls.push(path));
    let refusal: unknown;
    try {
      await exchangePointsGoods(poor, { sn: 'PG0015', idempotencyKey: 'api-test-poor-0001' });
    } catch (err) {
      refusal = err;
    } finally {
      stop();
    }
    expect(exchangeRefusalOf(refusal)).toEqual({ reason: 'INSUFFICIENT_POINTS', balance: 120, stock: expect.any(Number) });
    expect(calls.filter((p) => p === 'PointsMall/ExchangeGoods')).toHaveLength(1);
    expect(pointsOf('13800000002')).toBe(120);
  });

  it('an access token that expires mid-exchange is refreshed and the exchange completes once', async () => {
    const rich = await memberOf('13800000001');
    const before = pointsOf('13800000001');
    env.advance(120); // past the 60 s access TTL
    const receipt = await exchangePointsGoods(rich, { sn: 'PG0025', idempotencyKey: 'api-test-rich-0001' });
    expect(receipt).toEqual(expect.objectContaining({ sn: 'PG0025', pointsSpent: 150, balance: before - 150, repeated: false }));
    const again = await exchangePointsGoods(rich, { sn: 'PG0025', idempotencyKey: 'api-test-rich-0001' });
    expect(again.repeated).toBe(true);
    expect(again.orderNo).toBe(receipt.orderNo);
    expect(pointsOf('13800000001')).toBe(before - 150);
  });

  it('messages are the member’s own; records are paged', async () => {
    const a = await memberOf('13800000004');
    const b = await memberOf('13800000005');
    const [source] = await getMessageSources(2);
    await addMessage(a, { kind: 2, sourceId: source!.id, content: '挂号窗口排队时间较长。' });
    expect((await getMyMessages(a, { kind: 2 })).items.map((m) => m.content)).toContain('挂号窗口排队时间较长。');
    expect((await getMyMessages(b, { kind: 2 })).total).toBe(0);

    const records = await getRegistrations(a, { page: 2, pageSize: 5 });
    expect(records.page).toBe(2);
    expect(records.items[0]).toEqual(expect.objectContaining({ hospitalName: expect.any(String), doctorName: expect.any(String), status: expect.stringMatching(/upcoming|visited|cancelled|missed/) }));
  });
});

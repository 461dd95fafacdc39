// The server's own zone must not matter: the site's processes may run in UTC (most containers do).
process.env.TZ = 'UTC';

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithPassword } from '@/lib/api/auth';
import { getExchangeOrders } from '@/lib/api/exchange-orders';
import { exchangePointsGoods } from '@/lib/api/points';
import { createTokenClient, memoryTokenStore, resetTokenClientState } from '@/lib/api/token-client';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { ExchangeRecordsTable } from './exchange-records-table';

/**
 * 兑换记录 shows China time (SPEC: every date shown is China time, lib/format), whatever the server's zone:
 * an exchange at 23:30 China time is 15:30 UTC, and one at 00:30 China time is still the day before in UTC.
 * The exchanges are made through the API at those instants (the backend's one clock, settings.now) and read
 * back the way /dRecord/exchange reads them.
 */
let clock = new Date('2026-11-20T15:30:00Z');
let env: TestBackend;
beforeAll(() => {
  env = installTestBackend({ now: () => clock });
  resetTokenClientState();
});
afterAll(() => env.close());

describe('兑换记录 in China time under TZ=UTC', () => {
  it('shows 23:30 and 00:30 China time on their own China dates', async () => {
    expect(new Date('2026-11-20T16:30:00Z').getHours(), 'the process runs in UTC').toBe(16);
    const tokens = await loginWithPassword('13800000001', 'Shengai2026');
    const member = createTokenClient(memoryTokenStore({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }));

    clock = new Date('2026-11-20T15:30:00Z'); // 2026-11-20 23:30 in China
    await exchangePointsGoods(member, { sn: 'PG0001', idempotencyKey: 'tz-test-2330' });
    clock = new Date('2026-11-20T16:30:00Z'); // 2026-11-21 00:30 in China
    await exchangePointsGoods(member, { sn: 'PG0001', idempotencyKey: 'tz-test-0030' });

    const orders = await getExchangeOrders(member);
    const html = renderToStaticMarkup(createElement(ExchangeRecordsTable, { orders: orders.items }));
    const shown = [...html.matchAll(/<time[^>]*>([^<]*)<\/time>/g)].map((m) => m[1]);
    expect(shown.slice(0, 2)).toEqual(['2026-11-21 00:30', '2026-11-20 23:30']);
  });
});

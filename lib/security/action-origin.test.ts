/**
 * Every server action (and the logout route) checks Origin itself (docs/security.md "Attacks on the
 * member system"): a request with no Origin, another site's, or one that only
 * claims the site through a client-sent X-Forwarded-Host is refused before
 * anything is read or written, with a member's cookies present.
 */
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jar, request } from '@/test/next-headers-jar';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { changedTables, openReader, snapshot } from '@/test/db-snapshot';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));

const overlays = await import('@/components/overlays/actions');
const { sendMessageAction } = await import('@/components/messages/actions');
const { saveMemberInfoAction } = await import('@/components/members/actions');
const { exchangeGoodsAction } = await import('@/components/points/actions');
const { toggleFavourite } = await import('@/components/hospitals/actions');
const logoutRoute = await import('@/app/session/logout/route');

let env: TestBackend;
let reader: Database.Database;

beforeAll(async () => {
  env = installTestBackend({ smsIpLimitPerHour: 1_000_000, smsImageCodeAfter: 1_000_000 });
  reader = openReader(env.backend.settings.dbPath);
  expect(await overlays.loginWithPasswordAction('13800000001', 'Shengai2026')).toMatchObject({ ok: true });
});
afterAll(() => {
  reader.close();
  env.close();
});

const REFUSED = '请求来源无效，请刷新页面后重试';
const HOSTILE: Record<string, Headers> = {
  'no Origin': new Headers({ host: 'site.test' }),
  'a foreign Origin': new Headers({ origin: 'https://evil.example', host: 'site.test' }),
  'a spoofed X-Forwarded-Host': new Headers({ origin: 'https://evil.example', host: 'site.test', 'x-forwarded-host': 'evil.example' }),
};

const calls: { name: string; call: () => Promise<unknown>; refused: (r: unknown) => void }[] = [
  { name: 'saveMemberInfoAction', call: () => saveMemberInfoAction({ name: '改名会员' } as never), refused: (r) => expect(r).toMatchObject({ ok: false, message: REFUSED }) },
  { name: 'exchangeGoodsAction', call: () => exchangeGoodsAction({ sn: 'G001', idempotencyKey: 'origin-test-key-001' }), refused: (r) => expect(r).toMatchObject({ ok: false, message: REFUSED }) },
  { name: 'sendMessageAction', call: () => sendMessageAction(1, { content: '一条来自别处的留言' } as never), refused: (r) => expect(r).toMatchObject({ ok: false, message: REFUSED }) },
  { name: 'toggleFavourite', call: () => toggleFavourite({ kind: 'doctor', code: 'D001', collect: true }), refused: (r) => expect(r).toMatchObject({ ok: false, message: REFUSED }) },
  // Logout is a route handler (the member menu posts to it), held to the same rule.
  {
    name: 'POST /session/logout',
    call: async () => {
      const res = await logoutRoute.POST();
      return { status: res.status, body: await res.json() };
    },
    refused: (r) => expect(r).toMatchObject({ status: 403, body: { ok: false, message: REFUSED } }),
  },
  { name: 'loginWithPasswordAction', call: () => overlays.loginWithPasswordAction('13800000001', 'Shengai2026'), refused: (r) => expect(r).toMatchObject({ ok: false, message: REFUSED }) },
];

describe('every server action refuses a request that is not from the site', () => {
  for (const [how, headers] of Object.entries(HOSTILE)) {
    it(`${how}: refused, nothing written, the session kept`, async () => {
      request.headers = headers;
      try {
        for (const { name, call, refused } of calls) {
          const before = snapshot(reader);
          const r = await call();
          refused(r);
          expect(changedTables(before, snapshot(reader)), name).toEqual([]);
          expect(jar.has('refreshToken'), `${name} kept the member's session`).toBe(true);
        }
      } finally {
        request.headers = new Headers({ origin: 'http://site.test', host: 'site.test' });
      }
    });
  }

  it('the same calls from the site itself are not refused for their origin', async () => {
    expect(await toggleFavourite({ kind: 'doctor', code: 'nope-code', collect: true })).not.toMatchObject({ message: REFUSED });
  });
});

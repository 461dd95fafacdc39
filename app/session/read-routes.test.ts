/**
 * The GET routes that client islands read through React Query (docs/decisions.md
 * "Reads are routes, writes are server actions"): per-person answers are private
 * and never stored by a cache, bad input gets a clear 400, and a page of another
 * site cannot make image codes. Run against a throwaway embedded backend with
 * next/headers replaced by a cookie jar.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jar } from '@/test/next-headers-jar';
import { installTestBackend, type TestBackend } from '@/test/test-backend';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));

const overlays = await import('@/components/overlays/actions');
const points = await import('./points/route');
const online = await import('./online-status/route');
const imageCode = await import('./image-code/route');
const agreement = await import('./agreement/route');
const favourites = await import('./favourites/route');
const memberHome = await import('./member-home/route');
const memberInfo = await import('./member-info/route');
const patients = await import('./patients/route');
const registrations = await import('./registrations/route');
const pointsLog = await import('./points-log/route');
const exchangeRecords = await import('./exchange-records/route');
const asks = await import('./asks/route');

let backend: TestBackend;
const imageCodeCount = () => backend.backend.db.prepare('SELECT COUNT(*) FROM image_codes').pluck().get() as number;

beforeAll(() => {
  backend = installTestBackend();
});
afterAll(() => backend.close());

describe('GET /session/points', () => {
  it('a visitor gets {points: null}, private and not stored', async () => {
    jar.clear();
    const res = await points.GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ points: null });
  });

  it('a member gets their own balance', async () => {
    jar.clear();
    expect(await overlays.loginWithPasswordAction('13800000001', 'Shengai2026')).toMatchObject({ ok: true });
    const res = await points.GET();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as { points: number };
    expect(body.points).toBe(backend.backend.db.prepare("SELECT points FROM members WHERE phone = '13800000001'").pluck().get());
    jar.clear();
  });
});

describe('GET /session/member-home (the member part of /userIndex, a kept shell)', () => {
  it('a visitor gets {member: null}, private and not stored', async () => {
    jar.clear();
    const res = await memberHome.GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ signedOut: true });
  });

  it("a member gets their own card and favourites, and no more of themselves than the page shows", async () => {
    jar.clear();
    expect(await overlays.loginWithPasswordAction('13800000001', 'Shengai2026')).toMatchObject({ ok: true });
    const res = await memberHome.GET();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const answer = (await res.json()) as { signedOut: false; data: { member: Record<string, unknown>; clinics: object[]; doctors: object[] } };
    expect(answer.signedOut).toBe(false);
    const body = answer.data;
    const row = backend.backend.db.prepare("SELECT name, points FROM members WHERE phone = '13800000001'").get() as { name: string; points: number };
    expect(body.member).toMatchObject({ name: row.name, points: row.points, phoneMasked: '138****0001' });
    const kept = backend.backend.db.prepare("SELECT COUNT(*) FROM collections WHERE vip_code = (SELECT vip_code FROM members WHERE phone = '13800000001')").pluck().get();
    expect(body.clinics.length).toBeGreaterThan(0);
    expect(body.doctors.length).toBeGreaterThan(0);
    expect(body.clinics.length + body.doctors.length).toBe(kept);
    expect(Object.keys(body.member).sort()).toEqual(['cardNo', 'levelName', 'memberSince', 'name', 'phoneMasked', 'points']);
    // The full phone number is nowhere in the answer (the page prints it masked).
    expect(JSON.stringify(body)).not.toContain('13800000001');
    for (const c of body.clinics) expect(Object.keys(c).sort()).toEqual(['address', 'code', 'name']);
    for (const d of body.doctors) expect(Object.keys(d).sort()).toEqual(['appointmentCode', 'clinicName', 'name', 'title']);
    jar.clear();
  });
});

describe('GET /session/member-info (the member part of /modifyInfor, a kept shell)', () => {
  it('a visitor gets {signedOut: true}, private and not stored', async () => {
    jar.clear();
    const res = await memberInfo.GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ signedOut: true });
  });

  it('a member gets the values their form starts from, and nothing else of their record', async () => {
    jar.clear();
    expect(await overlays.loginWithPasswordAction('13800000001', 'Shengai2026')).toMatchObject({ ok: true });
    const res = await memberInfo.GET();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const answer = (await res.json()) as { signedOut: false; data: Record<string, unknown> };
    expect(answer.signedOut).toBe(false);
    const row = backend.backend.db.prepare("SELECT name, phone, card_no, vip_code, points FROM members WHERE phone = '13800000001'").get() as Record<string, string | number>;
    expect(answer.data).toMatchObject({ name: row.name, phone: row.phone });
    expect(Object.keys(answer.data).sort()).toEqual(['address', 'birthday', 'email', 'idCardMasked', 'name', 'phone', 'sex']);
    // The card, the member code and the balance are not the form's: they are not in its read.
    for (const other of [row.card_no, row.vip_code]) expect(JSON.stringify(answer)).not.toContain(String(other));
    jar.clear();
  });
});

describe('GET /session/patients (the member part of /dRecord/patients, a kept shell)', () => {
  it('a visitor gets {signedOut: true}; a member their own 就诊人 and the limit, private', async () => {
    jar.clear();
    const visitor = await patients.GET();
    expect(visitor.headers.get('cache-control')).toBe('private, no-store');
    expect(await visitor.json()).toEqual({ signedOut: true });
    expect(await overlays.loginWithPasswordAction('13800000001', 'Shengai2026')).toMatchObject({ ok: true });
    const res = await patients.GET();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const answer = (await res.json()) as { signedOut: false; data: { patients: { id: number; name: string }[]; max: number; selfIdCardOnFile: boolean } };
    expect(answer.signedOut).toBe(false);
    const theirs = backend.backend.db
      .prepare("SELECT name FROM patients WHERE member_id = (SELECT id FROM members WHERE phone = '13800000001')")
      .pluck()
      .all() as string[];
    expect(theirs.length).toBeGreaterThan(0);
    for (const name of theirs) expect(answer.data.patients.map((p) => p.name)).toContain(name);
    expect(answer.data.max).toBeGreaterThanOrEqual(answer.data.patients.length);
    jar.clear();
  });
});

describe('GET /session/registrations (the member part of /dRecord/registration, a kept shell)', () => {
  const get = (query: string) => registrations.GET(new Request(`http://site.test/session/registrations${query}`));

  it.each([['?page=0'], ['?page=abc'], ['?page=1000000'], ['?status=paid'], ['?status=unpaid&status=booked'], ['?page=1&page=2']])('bad query %s → 400 with a Chinese message, never a 500', async (query) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: '页码或状态不正确' });
  });

  it('a visitor gets {signedOut: true}; a member their own records of the filter, private', async () => {
    jar.clear();
    expect(await (await get('')).json()).toEqual({ signedOut: true });
    expect(await overlays.loginWithPasswordAction('13800000001', 'Shengai2026')).toMatchObject({ ok: true });
    const vip = backend.backend.db.prepare("SELECT vip_code FROM members WHERE phone = '13800000001'").pluck().get() as string;
    const all = await get('');
    expect(all.headers.get('cache-control')).toBe('private, no-store');
    const body = (await all.json()) as { signedOut: false; data: { items: { registerNo: string }[]; total: number; page: number } };
    expect(body.signedOut).toBe(false);
    expect(body.data.page).toBe(1);
    expect(body.data.total).toBeGreaterThan(0);
    const mine = backend.backend.db.prepare('SELECT register_no FROM registrations WHERE vip_code = ?').pluck().all(vip) as string[];
    for (const r of body.data.items) expect(mine).toContain(r.registerNo);
    const visited = (await (await get('?status=visited')).json()) as typeof body;
    for (const r of visited.data.items as unknown as { status: string }[]) expect(r.status).toBe('visited');
    jar.clear();
  });
});

describe.each([
  ['/session/points-log', () => pointsLog, "SELECT COUNT(*) FROM points_ledger WHERE member_id = (SELECT id FROM members WHERE phone = '13800000001')"],
  ['/session/exchange-records', () => exchangeRecords, "SELECT COUNT(*) FROM points_orders WHERE member_id = (SELECT id FROM members WHERE phone = '13800000001')"],
  ['/session/asks', () => asks, "SELECT COUNT(*) FROM asks WHERE member_id = (SELECT id FROM members WHERE phone = '13800000001')"],
] as const)('GET %s (the member part of a paged kept shell)', (path, route, countSql) => {
  const get = (query: string) => route().GET(new Request(`http://site.test${path}${query}`));

  it.each([['?page=0'], ['?page=abc'], ['?page=1000000'], ['?page=1&page=2']])('bad page %s → 400 页码不正确, never a 500', async (query) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: '页码不正确' });
  });

  it('a visitor gets {signedOut: true}; a member their own page of it, private', async () => {
    jar.clear();
    expect(await (await get('')).json()).toEqual({ signedOut: true });
    expect(await overlays.loginWithPasswordAction('13800000001', 'Shengai2026')).toMatchObject({ ok: true });
    const res = await get('?page=1');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as { signedOut: false; data: { items: unknown[]; total: number; page: number } };
    expect(body).toMatchObject({ signedOut: false, data: { page: 1 } });
    expect(body.data.total).toBe(backend.backend.db.prepare(countSql).pluck().get());
    jar.clear();
  });
});

describe('GET /session/online-status', () => {
  const get = (query: string) => online.GET(new Request(`http://site.test/session/online-status${query}`));

  it.each([[''], ['?ids='], ['?ids=abc'], ['?ids=0'], ['?ids=-1'], ['?ids=1.5'], ['?ids=1,,2'], ['?ids=1&ids=2'], [`?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]])(
    'bad ids %s → 400 with a Chinese message, never a 500',
    async (query) => {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/医生编号不正确/);
    },
  );

  it('valid ids → each doctor’s status', async () => {
    const doctorId = backend.backend.db.prepare('SELECT doctor_id FROM doctors LIMIT 1').pluck().get() as number;
    const res = await get(`?ids=${doctorId}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { statuses: { doctorId: number; online: boolean }[] };
    expect(body.statuses.map((s) => s.doctorId)).toEqual([doctorId]);
    expect(typeof body.statuses[0]!.online).toBe('boolean');
  });
});

describe('GET /session/favourites', () => {
  it.each([[''], ['?kind='], ['?kind=news'], ['?kind=doctor&kind=clinic'], ['?kind=DOCTOR']])('bad kind %s → 400 收藏类型不正确', async (query) => {
    const res = await favourites.GET(new Request(`http://site.test/session/favourites${query}`));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: '收藏类型不正确' });
  });

  it('a visitor asking for a known kind gets {loggedIn: false}, private', async () => {
    jar.clear();
    const res = await favourites.GET(new Request('http://site.test/session/favourites?kind=doctor'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ loggedIn: false, codes: [] });
  });
});

describe('GET /session/image-code', () => {
  const get = (site?: string) =>
    imageCode.GET(new Request('http://site.test/session/image-code', { headers: site ? { 'sec-fetch-site': site } : {} }));

  it('a page of another site cannot make a code: 403 and nothing stored', async () => {
    const before = imageCodeCount();
    for (const site of ['cross-site', 'same-site']) {
      const res = await get(site);
      expect(res.status, site).toBe(403);
      expect(((await res.json()) as { ok: boolean }).ok).toBe(false);
    }
    expect(imageCodeCount()).toBe(before);
  });

  it('the site’s own page gets one fresh code per request, private and not stored', async () => {
    const before = imageCodeCount();
    const first = await get('same-origin');
    const second = await get('same-origin');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const a = (await first.json()) as { ok: boolean; key: string; image: string };
    const b = (await second.json()) as { ok: boolean; key: string; image: string };
    expect(a).toMatchObject({ ok: true });
    expect(a.key).not.toBe(b.key);
    expect(a.image).toMatch(/^data:image\//);
    expect(imageCodeCount()).toBe(before + 2);
  });
});

describe('GET /session/agreement', () => {
  it('answers the sanitized registration agreement', async () => {
    const res = await agreement.GET();
    const body = (await res.json()) as { ok: boolean; title: string; html: string };
    expect(body.ok).toBe(true);
    expect(body.title).toMatch(/协议/);
    expect(body.html).not.toMatch(/<script|onerror=|javascript:/i);
  });
});

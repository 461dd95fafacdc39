/**
 * The site's GET routes that cost the server what a client chooses have per-client limits (docs/security.md
 * "Abuse from many clients"): past a client's share, 429 with Retry-After and a Chinese message; another client
 * is unaffected; an IPv6 client is its /64. Run against a throwaway embedded backend.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { PEER_HEADER } from './client-address';
import { LIMITS } from '@/lib/limits';
import { resetRouteLimits } from './route-limits';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));
const { request } = await import('@/test/next-headers-jar');

const suggestions = await import('@/app/search-suggestions/route');
const imageCode = await import('@/app/session/image-code/route');

let backend: TestBackend;
beforeAll(() => {
  backend = installTestBackend();
});
afterAll(() => backend.close());
beforeEach(() => resetRouteLimits());

const suggest = (q: string, peer: string) =>
  suggestions.GET(new Request(`http://site.test/search-suggestions?q=${encodeURIComponent(q)}`, { headers: { [PEER_HEADER]: peer } }));
/** The route's request is the one next/headers answers for (its calls to the API host forward its address). */
const code = (peer: string) => (
  request.headers.set(PEER_HEADER, peer),
  imageCode.GET(new Request('http://site.test/session/image-code', { headers: { [PEER_HEADER]: peer, 'sec-fetch-site': 'same-origin' } }))
);

describe('GET /search-suggestions', () => {
  it(`answers one client ${LIMITS.searchSuggestions.allowance} a minute, then 429 with Retry-After; another client is unaffected`, async () => {
    for (let i = 0; i < LIMITS.searchSuggestions.allowance; i++) expect((await suggest(`针灸${i}`, '127.0.90.1')).status).toBe(200);
    const refused = await suggest('针灸', '127.0.90.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/过于频繁/);
    expect((await suggest('针灸', '127.0.90.2')).status).toBe(200);
  });

  it('an IPv6 client is its /64: fresh addresses in it share one allowance', async () => {
    for (let i = 0; i < LIMITS.searchSuggestions.allowance; i++) {
      expect((await suggest(`推拿${i}`, `2001:db8:7:7::${(i + 1).toString(16)}`)).status).toBe(200);
    }
    expect((await suggest('推拿', '2001:db8:7:7:abcd::1')).status).toBe(429);
    expect((await suggest('推拿', '2001:db8:7:8::1')).status).toBe(200);
  });
});

describe('GET /session/image-code', () => {
  it(`makes one client ${LIMITS.imageCode.allowance} codes in 10 minutes, then 429 and no row; another client still gets one`, async () => {
    const rows = () => backend.backend.db.prepare('SELECT COUNT(*) FROM image_codes').pluck().get() as number;
    for (let i = 0; i < LIMITS.imageCode.allowance; i++) expect((await code('127.0.91.1')).status).toBe(200);
    const before = rows();
    const refused = await code('127.0.91.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ ok: false, message: expect.stringMatching(/过于频繁/) });
    expect(rows()).toBe(before);
    expect((await code('127.0.91.2')).status).toBe(200);
  });
});

/**
 * GET /session/image-code/audio (docs/elder-mode.md "The picture code's audio"): the live image code spoken as a
 * WAV file, refused once the code has expired, and counted against the pictures' own allowance. Run against a
 * throwaway embedded backend with next/headers replaced by a cookie jar.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestBackend, type TestBackend } from '@/test/test-backend';
import { request as incoming } from '@/test/next-headers-jar';
import { LIMITS } from '@/lib/limits';
import { resetRouteLimits } from '@/lib/security/route-limits';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));

const picture = await import('../route');
const audio = await import('./route');

let backend: TestBackend;
beforeAll(() => {
  backend = installTestBackend();
});
afterAll(() => backend.close());
/** Each test is a client of its own (the site's allowance and the API's throttle both count per client). */
let peer = '';
let clients = 0;
beforeEach(() => {
  resetRouteLimits();
  peer = `203.0.113.${++clients}`;
  incoming.headers = new Headers({ origin: 'http://site.test', host: 'site.test', 'x-shengai-peer': peer });
});

async function newCode(): Promise<Response> {
  return picture.GET(new Request('http://site.test/session/image-code', { headers: { 'sec-fetch-site': 'same-origin', 'x-shengai-peer': peer } }));
}
const keyOf = async (res: Response) => ((await res.json()) as { key: string }).key;
const listen = (query: string, site = 'same-origin') =>
  audio.GET(new Request(`http://site.test/session/image-code/audio?${query}`, { headers: { 'sec-fetch-site': site, 'x-shengai-peer': peer } }));

describe('GET /session/image-code/audio', () => {
  it('counts against the pictures’ allowance: a picture and its audio share one count per client', async () => {
    const allowance = LIMITS.imageCode.allowance;
    const key = await keyOf(await newCode());
    for (let i = 1; i < allowance; i++) expect((await listen(`key=${key}`)).status, `audio ${i}`).toBe(200);
    const over = await listen(`key=${key}`);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await newCode()).status).toBe(429);
  });

  it('a live code: a WAV file, private and not stored', async () => {
    const key = await keyOf(await newCode());
    const res = await listen(`key=${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
    expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
  });

  it('an expired code is refused with a message, never audio', async () => {
    const key = await keyOf(await newCode());
    backend.advance(5 * 60 + 1);
    const res = await listen(`key=${key}`);
    expect(res.status).toBe(410);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(((await res.json()) as { message: string }).message).toBe('图形验证码已过期，请刷新后再听');
  });

  it('another site’s page is refused; a missing, malformed or repeated key is a 400 with a Chinese message', async () => {
    const key = await keyOf(await newCode());
    expect((await listen(`key=${key}`, 'cross-site')).status).toBe(403);
    for (const query of ['', 'key=', 'key=<script>', `key=${key}&key=${key}`]) {
      const res = await listen(query);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toMatch(/\p{Script=Han}/u);
    }
  });

});

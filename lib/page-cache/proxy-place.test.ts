import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Where the test's addresses are; an address not here cannot be located (lib/page-cache/place.ts gives null). */
const { asked } = vi.hoisted(() => ({ asked: [] as string[] }));
vi.mock('./place', async (original) => ({
  ...(await original<typeof import('./place')>()),
  visitorPlace: async (address: string) => {
    asked.push(address);
    return address === '203.0.113.1' ? '215@25.04,102.71' : null;
  },
}));

import { LOCATION_FAILURE_MEMORY_MS, LOCATION_MEMORY_MS } from '@/lib/visitor-location';
import { answerVisitorPlace, PLACE_HEADER, proxyKeyedByPlace, VISITOR_PLACE_PATH } from './proxy-place';

const request = (headers: Record<string, string>, method = 'GET') => new NextRequest(new URL(VISITOR_PLACE_PATH, 'http://127.0.0.1:4810'), { method, headers });

afterEach(() => {
  vi.unstubAllEnvs();
  asked.length = 0;
});

describe('the visitor place nginx keys place-keyed pages by (SPEC §2 GetAliyunCity, docs/deploying.md "Micro-cache")', () => {
  it('names the place of the address nginx saw, kept as long as this process remembers it', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    // The client claimed another address to the left; nginx wrote the rightmost one.
    const res = await answerVisitorPlace(request({ 'x-forwarded-for': '198.51.100.7, 203.0.113.1' }));
    expect(res?.status).toBe(200);
    expect(res?.headers.get(PLACE_HEADER)).toBe('215@25.04,102.71');
    expect(res?.headers.get('x-accel-expires')).toBe(String(LOCATION_MEMORY_MS / 1000));
    expect(asked).toEqual(['203.0.113.1']);
  });

  it('names no place for an address it cannot locate, and nginx asks again as soon as this process would', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    const res = await answerVisitorPlace(request({ 'x-forwarded-for': '192.0.2.9' }));
    expect(res?.status).toBe(200);
    expect(res?.headers.has(PLACE_HEADER)).toBe(false);
    expect(res?.headers.get('x-accel-expires')).toBe(String(LOCATION_FAILURE_MEMORY_MS / 1000));
  });

  it('is no answer at all without a trusted proxy in front, or for anything but a read', async () => {
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    expect(await answerVisitorPlace(request({ 'x-forwarded-for': '203.0.113.1' }))).toBeNull();
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    expect(await answerVisitorPlace(request({ 'x-forwarded-for': '203.0.113.1' }, 'POST'))).toBeNull();
    expect(asked).toEqual([]);
  });

  it('believes a page request keyed by a place only behind a trusted proxy, and only for the place the page is made for', () => {
    const said = new Headers({ [PLACE_HEADER]: '215@25.04,102.71' });
    vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
    expect(proxyKeyedByPlace(said, '215@25.04,102.71')).toBe(true);
    expect(proxyKeyedByPlace(said, '216@26.57,106.71')).toBe(false);
    expect(proxyKeyedByPlace(said, null)).toBe(false);
    expect(proxyKeyedByPlace(new Headers(), '215@25.04,102.71')).toBe(false);
    vi.stubEnv('TRUSTED_PROXY_HOPS', '0');
    expect(proxyKeyedByPlace(said, '215@25.04,102.71')).toBe(false);
  });
});

/**
 * The 长者模式 switch (docs/elder-mode.md): sets or clears the cookie every cache keys by, sends the browser back
 * to a same-site page, refuses another site's post and bad input with a Chinese message, never a 500.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request as incoming } from '@/test/next-headers-jar';
import { ELDER_COOKIE, ELDER_COOKIE_SECONDS } from '@/lib/elder-mode';

vi.mock('next/headers', () => import('@/test/next-headers-jar'));
const { POST } = await import('./route');

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  POST(new Request('http://site.test/session/elder-mode', { method: 'POST', body: new URLSearchParams(fields), headers }));

afterEach(() => {
  incoming.headers = new Headers({ origin: 'http://site.test', host: 'site.test' });
});

describe('POST /session/elder-mode', () => {
  it('on: sets elder=1 for a year and goes back to the page it came from', async () => {
    const res = await post({ on: '1', back: '/doctordetail/5?tab=2' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/doctordetail/5?tab=2');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${ELDER_COOKIE}=1;`));
    expect(cookie).toContain(`Max-Age=${ELDER_COOKIE_SECONDS}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\//);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('off: clears the cookie', async () => {
    const res = await post({ on: '0', back: '/' });
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${ELDER_COOKIE}=;.*Max-Age=0`));
  });

  it('without a page to go back to, the Referer of this site, else the home page; never another site', async () => {
    expect((await post({ on: '1' }, { referer: 'http://site.test/hospitallist/216?x=1' })).headers.get('location')).toBe('/hospitallist/216?x=1');
    expect((await post({ on: '1' }, { referer: 'http://evil.example/page' })).headers.get('location')).toBe('/');
    expect((await post({ on: '1', back: '//evil.example/x' })).headers.get('location')).toBe('/');
    expect((await post({ on: '1', back: 'https://evil.example/' })).headers.get('location')).toBe('/');
  });

  it('bad input is a 400 with a Chinese message, and sets nothing', async () => {
    for (const fields of [{}, { on: 'yes' }, { on: '1', back: '/' + 'a'.repeat(3000) }]) {
      const res = await post(fields as Record<string, string>);
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/\p{Script=Han}/u);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('another site’s post is refused', async () => {
    incoming.headers = new Headers({ origin: 'http://evil.example', host: 'site.test' });
    const res = await post({ on: '1', back: '/' });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

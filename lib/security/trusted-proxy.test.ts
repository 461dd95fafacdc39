/** X-Forwarded-Host counts only when a trusted proxy wrote it (docs/security.md). */
import { describe, expect, it } from 'vitest';
import { isSameOrigin } from '@/lib/session/origin';
import { requestHost, trustedProxyHops } from './trusted-proxy';

const h = (init: Record<string, string>) => new Headers(init);

describe('requestHost', () => {
  it('ignores a client-sent X-Forwarded-Host by default', () => {
    const spoofed = h({ host: 'site.test', 'x-forwarded-host': 'evil.example' });
    expect(requestHost(spoofed, {})).toBe('site.test');
    // So a request from evil.example that claims to be forwarded for it is foreign.
    expect(isSameOrigin('https://evil.example', requestHost(spoofed, {}))).toBe(false);
  });

  it('behind TRUSTED_PROXY_HOPS proxies, takes the entry the outermost trusted hop wrote', () => {
    const behind = h({ host: '127.0.0.1:3000', 'x-forwarded-host': 'www.shengai.example' });
    expect(requestHost(behind, { TRUSTED_PROXY_HOPS: '1' })).toBe('www.shengai.example');
    const two = h({ host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example, www.shengai.example, lb.internal' });
    expect(requestHost(two, { TRUSTED_PROXY_HOPS: '2' })).toBe('www.shengai.example');
    expect(requestHost(h({ host: '127.0.0.1:3000' }), { TRUSTED_PROXY_HOPS: '1' })).toBe('127.0.0.1:3000');
  });

  it('reads only a small whole number of hops', () => {
    for (const v of [undefined, '', '0', '-1', '1.5', 'x']) expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: v })).toBe(0);
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: '3' })).toBe(3);
  });
});

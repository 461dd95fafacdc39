import { describe, expect, it } from 'vitest';
import { buildCsp, createNonce, cspDirectives } from './csp';
import { cspProxy } from './csp-proxy';
import { parseCsp } from '@/test/observatory';

// docs/security.md: the CSP of every page.
describe('buildCsp', () => {
  it('has every directive docs/security.md asks for and no unsafe-inline for scripts', () => {
    const csp = parseCsp(buildCsp({ nonce: 'Zm9v' }))!;
    expect([...csp.get('script-src')!]).toEqual(["'self'", "'nonce-Zm9v'", "'strict-dynamic'"]);
    expect([...csp.get('object-src')!]).toEqual(["'none'"]);
    expect([...csp.get('base-uri')!]).toEqual(["'none'"]);
    expect([...csp.get('frame-ancestors')!]).toEqual(["'none'"]);
    expect([...csp.get('form-action')!]).toEqual(["'self'"]);
    expect(csp.get('script-src')!.has("'unsafe-inline'")).toBe(false);
    expect(csp.get('script-src')!.has("'unsafe-eval'")).toBe(false);
  });

  it('adds unsafe-eval only in next dev', () => {
    expect(cspDirectives({ nonce: 'a', dev: true }).find(([n]) => n === 'script-src')![1]).toContain("'unsafe-eval'");
  });
});

describe('createNonce', () => {
  it('is base64 of 16 random bytes and differs per call', () => {
    const seen = new Set(Array.from({ length: 50 }, createNonce));
    expect(seen.size).toBe(50);
    for (const n of seen) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('cspProxy', () => {
  it('passes the nonce to the renderer and the policy to the browser', () => {
    const csp = cspProxy({ headers: new Headers({ accept: 'text/html' }) });
    expect(csp.requestHeaders.get('x-nonce')).toBe(csp.nonce);
    expect(csp.requestHeaders.get('content-security-policy')).toContain(`'nonce-${csp.nonce}'`);
    expect(csp.requestHeaders.get('accept')).toBe('text/html');
    const res = csp.next();
    expect(res.headers.get('content-security-policy')).toBe(csp.policy);
    const redirect = csp.apply(new Response(null, { status: 307, headers: { location: '/' } }));
    expect(redirect.headers.get('content-security-policy')).toBe(csp.policy);
  });
});

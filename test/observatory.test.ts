import { describe, expect, it } from 'vitest';
import { buildCsp } from '@/lib/security/csp';
import { cookiesResult, cspResult, grade, hstsResult, observatoryScore, referrerResult, sriResult } from './observatory';

// docs/security.md: the MDN HTTP Observatory score, checked against inputs whose
// published results are known (mdn/mdn-http-observatory scoring tables).

const strongHeaders = {
  'content-security-policy': buildCsp({ nonce: 'abc123==' }),
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'content-type': 'text/html; charset=utf-8',
};

describe('observatoryScore', () => {
  it('a site with no security headers scores 30 (D): −25 CSP, −20 HSTS, −20 XFO, −5 nosniff', () => {
    const r = observatoryScore({ headers: {}, url: 'https://example.org/', html: '<p>hi</p>' });
    expect(r.score).toBe(30);
    expect(r.grade).toBe('D');
  });

  it('our header set scores 110 (A+): +5 private referrer, +5 frame-ancestors', () => {
    const r = observatoryScore({ headers: strongHeaders, url: 'https://example.org/', html: '<script src="/_next/a.js"></script>' });
    expect(r.tests.find((t) => t.name === 'content-security-policy')?.result).toBe('csp-implemented-with-unsafe-inline-in-style-src-only');
    expect(r.score).toBe(110);
    expect(r.grade).toBe('A+');
  });

  it('bonuses do not count when the score without them is below 90', () => {
    const noHsts: Record<string, string> = { ...strongHeaders };
    delete noHsts['strict-transport-security'];
    const r = observatoryScore({ headers: noHsts, url: 'https://example.org/' });
    expect(r.score).toBe(80); // 100 − 20, the +10 of bonuses dropped
  });

  it('reads a Headers object and its Set-Cookie lines', () => {
    const h = new Headers(strongHeaders);
    h.append('set-cookie', 'Token=x; Path=/; HttpOnly; SameSite=Lax');
    const r = observatoryScore({ headers: h, url: 'https://example.org/' });
    expect(r.tests.find((t) => t.name === 'cookies')?.result).toBe('cookies-session-without-secure-flag-but-protected-by-hsts');
    expect(r.score).toBe(90 + 10);
  });

  it('over plain HTTP without assumeHttps, HSTS counts as missing', () => {
    const r = observatoryScore({ headers: strongHeaders, url: 'http://127.0.0.1/' });
    expect(r.tests.find((t) => t.name === 'strict-transport-security')?.result).toBe('hsts-not-implemented-no-https');
    expect(observatoryScore({ headers: strongHeaders, url: 'http://127.0.0.1/', assumeHttps: true }).score).toBe(110);
  });
});

describe('cspResult', () => {
  it.each([
    [null, 'csp-not-implemented'],
    ["default-src 'none'", 'csp-implemented-with-no-unsafe-default-src-none'],
    ["default-src 'self'", 'csp-implemented-with-no-unsafe'],
    ["default-src 'self'; script-src 'self' 'unsafe-inline'", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'self'; script-src 'self' data:", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'self'; script-src https:", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'self'; object-src *", 'csp-implemented-with-unsafe-inline'],
    ["script-src 'self'", 'csp-implemented-with-unsafe-inline'], // object-src falls back to *
    ["default-src 'self'; script-src 'self' 'unsafe-eval'", 'csp-implemented-with-unsafe-eval'],
    ["default-src 'self'; script-src 'self' http://cdn.example", 'csp-implemented-with-insecure-scheme'],
    ["default-src 'self'; img-src http://img.example", 'csp-implemented-with-insecure-scheme-in-passive-content-only'],
    ["default-src 'self'; style-src 'self' 'unsafe-inline'", 'csp-implemented-with-unsafe-inline-in-style-src-only'],
    // A nonce disables 'unsafe-inline'; 'strict-dynamic' drops host sources.
    ["default-src 'self'; script-src 'nonce-r4nd' 'unsafe-inline' https: 'strict-dynamic'", 'csp-implemented-with-no-unsafe'],
    // 'strict-dynamic' without a nonce or hash is invalid.
    ["default-src 'self'; script-src 'strict-dynamic'", 'csp-header-invalid'],
  ])('%s → %s', (policy, expected) => {
    expect(cspResult(policy)).toBe(expected);
  });

  it('our policy has no unsafe script source, in production and in dev (dev adds unsafe-eval)', () => {
    expect(cspResult(buildCsp({ nonce: 'n0nce' }))).toBe('csp-implemented-with-unsafe-inline-in-style-src-only');
    expect(cspResult(buildCsp({ nonce: 'n0nce', dev: true }))).toBe('csp-implemented-with-unsafe-eval');
  });
});

describe('other tests', () => {
  it('HSTS needs six months', () => {
    expect(hstsResult('max-age=31536000; includeSubDomains', true)).toBe('hsts-implemented-max-age-at-least-six-months');
    expect(hstsResult('max-age=86400', true)).toBe('hsts-implemented-max-age-less-than-six-months');
    expect(hstsResult('includeSubDomains', true)).toBe('hsts-header-invalid');
    expect(hstsResult(null, true)).toBe('hsts-not-implemented');
  });

  it('cookies: session cookies need HttpOnly and Secure; all SameSite earns the bonus', () => {
    expect(cookiesResult([], true)).toBe('cookies-not-found');
    expect(cookiesResult(['refreshToken=a; Secure; SameSite=Lax'], true)).toBe('cookies-session-without-httponly-flag');
    expect(cookiesResult(['Token=a; HttpOnly; SameSite=Lax'], false)).toBe('cookies-session-without-secure-flag');
    expect(cookiesResult(['Token=a; HttpOnly; Secure; SameSite=Lax', 'refreshToken=b; HttpOnly; Secure; SameSite=Strict'], true)).toBe(
      'cookies-secure-with-httponly-sessions-and-samesite',
    );
    expect(cookiesResult(['Token=a; HttpOnly; Secure'], true)).toBe('cookies-secure-with-httponly-sessions');
    expect(cookiesResult(['theme=dark; SameSite=Lax'], true)).toBe('cookies-without-secure-flag-but-protected-by-hsts');
    expect(cookiesResult(['Token=a; HttpOnly; Secure; SameSite=Sometimes'], true)).toBe('cookies-samesite-flag-invalid');
  });

  it('referrer policy: the last valid token wins', () => {
    expect(referrerResult('strict-origin-when-cross-origin')).toBe('referrer-policy-private');
    expect(referrerResult('no-referrer, unsafe-url')).toBe('referrer-policy-unsafe');
    expect(referrerResult('unsafe-url, bogus, same-origin')).toBe('referrer-policy-private');
    expect(referrerResult('bogus')).toBe('referrer-policy-header-invalid');
  });

  it('SRI: same-origin scripts are fine, an external script needs integrity over HTTPS', () => {
    const page = 'https://site.example/';
    expect(sriResult('<script src="/_next/x.js"></script>', page, 'text/html')).toBe('sri-not-implemented-but-all-scripts-loaded-from-secure-origin');
    expect(sriResult('<script>inline()</script>', page, 'text/html')).toBe('sri-not-implemented-but-no-scripts-loaded');
    expect(sriResult('<script src="https://cdn.example/a.js"></script>', page, 'text/html')).toBe('sri-not-implemented-but-external-scripts-not-loaded-securely');
    expect(sriResult('<script src="https://cdn.example/a.js" integrity="sha384-x"></script>', page, 'text/html')).toBe(
      'sri-implemented-and-all-scripts-loaded-securely',
    );
    expect(sriResult('{}', page, 'application/json')).toBe('sri-not-implemented-response-not-html');
  });

  it('grades', () => {
    expect([100, 99, 90, 85, 64, 0].map(grade)).toEqual(['A+', 'A', 'A', 'A-', 'C+', 'F']);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildHashCsp, inlineScripts, scriptHashSource } from './csp-hashes';
import { cspResult, observatoryScore } from '@/test/observatory';

const PAGE = [
  '<!DOCTYPE html><html><head>',
  '<script src="/_next/static/chunks/main.js" async=""></script>',
  '<script type="application/ld+json">{"@type":"Hospital"}</script>',
  '</head><body><p>圣爱</p>',
  '<script>self.__next_f.push([0])</script>',
  '<script type="text/javascript">self.__next_f.push([1,"圣爱"])</script>',
  '<script>self.__next_f.push([0])</script>',
  '<script type="module"></script>',
  '</body></html>',
].join('');

describe('hash CSP of a cached page', () => {
  it('lists each executable inline script once, by the SHA-256 of its UTF-8 text', () => {
    expect(inlineScripts(PAGE)).toEqual(['self.__next_f.push([0])', 'self.__next_f.push([1,"圣爱"])', 'self.__next_f.push([0])']);
    const expected = `'sha256-${createHash('sha256').update(Buffer.from('self.__next_f.push([1,"圣爱"])', 'utf8')).digest('base64')}'`;
    expect(scriptHashSource('self.__next_f.push([1,"圣爱"])')).toBe(expected);
    const scriptSrc = /script-src ([^;]*)/.exec(buildHashCsp(PAGE))?.[1]?.split(' ');
    expect(scriptSrc).toEqual(["'self'", scriptHashSource('self.__next_f.push([0])'), expected]);
  });

  it('allows no inline script that is not on the page (an injected one has another hash)', () => {
    const csp = buildHashCsp(PAGE);
    expect(csp).not.toContain(scriptHashSource('alert(1)'));
    expect(csp).not.toMatch(/'unsafe-inline'[^;]*;.*script-src|script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain('strict-dynamic');
  });

  it('keeps the other directives and the A+ Observatory grade of the nonce policy', () => {
    const csp = buildHashCsp(PAGE);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "default-src 'self'"]) {
      expect(csp).toContain(d);
    }
    expect(cspResult(csp)).toBe('csp-implemented-with-unsafe-inline-in-style-src-only');
    const score = observatoryScore({
      headers: {
        'content-security-policy': csp,
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-resource-policy': 'same-origin',
        'content-type': 'text/html; charset=utf-8',
      },
      html: PAGE,
      url: 'https://www.example.cn/',
      assumeHttps: true,
    });
    expect(score.grade).toBe('A+');
    expect(score.tests.filter((t) => t.modifier < 0)).toEqual([]);
  });
});

/**
 * proxy.ts (ARCHITECTURE.md). The core helper owns the mobile redirect and the
 * login guard; until they land, this file does only the CSP of issue 8: a
 * nonce per request (lib/security/csp-proxy.ts, Next 16 CSP guide).
 */
import type { NextRequest } from 'next/server';
import { cspProxy } from '@/lib/security/csp-proxy';

export function proxy(request: NextRequest) {
  return cspProxy(request).next();
}

export const config = {
  matcher: [
    {
      // Pages only: not the JSON API, build files or metadata files (CSP_MATCHER_SOURCE).
      source: '/((?!api|_next/static|_next/image|favicon.ico|icon.svg|robots.txt|sitemap.xml).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};

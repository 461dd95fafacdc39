/**
 * proxy.ts (ARCHITECTURE.md). The core helper owns the mobile redirect and the
 * login guard; until they land, this file does only the hardening of issue 8:
 * a CSP nonce per request (lib/security/csp-proxy.ts, Next 16 CSP guide) and
 * a 404 instead of Next's 500 for broken percent-escapes in the path.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { routes } from '@/lib/routes';
import { cspProxy } from '@/lib/security/csp-proxy';
import { hasMalformedEscape } from '@/lib/security/malformed-url';

export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (hasMalformedEscape(pathname)) {
    if (pathname.startsWith('/api/')) return new NextResponse('Bad Request', { status: 400 });
    return cspProxy(request).apply(NextResponse.rewrite(new URL(routes.notFound(), request.url)));
  }
  if (pathname.startsWith('/api/')) return NextResponse.next();
  return cspProxy(request).next();
}

export const config = {
  matcher: [
    {
      // Pages and the API; not build files or metadata files. Router prefetches
      // skip the CSP (they carry no HTML), per the Next 16 CSP guide.
      source: '/((?!_next/static|_next/image|favicon.ico|icon.svg|robots.txt|sitemap.xml).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};

/**
 * The CSP half of proxy.ts (Next 16 CSP guide): a nonce per request, sent to
 * the renderer in the request headers (`x-nonce` and the CSP header, from
 * which Next takes the nonce for its own scripts) and to the browser in the
 * response's Content-Security-Policy header.
 *
 * Usage in proxy.ts:
 *   const csp = cspProxy(request);
 *   ...own redirects: return csp.apply(NextResponse.redirect(url));
 *   return csp.next();              // or csp.apply(NextResponse.next({ request: { headers: csp.requestHeaders } }))
 */
import { NextResponse, type NextRequest } from 'next/server';
import { buildCsp, createNonce, isLocalDevelopment } from './csp';

export const NONCE_HEADER = 'x-nonce';
export const CSP_HEADER = 'Content-Security-Policy';

export interface CspForRequest {
  nonce: string;
  policy: string;
  /** The incoming headers plus x-nonce and the CSP: pass them on with NextResponse.next. */
  requestHeaders: Headers;
  /** NextResponse.next() carrying the request headers and the CSP response header. */
  next(): NextResponse;
  /** Adds the CSP header to a response built elsewhere (a redirect, a rewrite). */
  apply<R extends Response>(response: R): R;
}

/**
 * `nonce` is for the page cache's own render only (lib/page-cache/serve.ts): it
 * renders with a placeholder that every answer replaces with a fresh nonce.
 */
export function cspProxy(request: Pick<NextRequest, 'headers'>, nonce: string = createNonce()): CspForRequest {
  const policy = buildCsp({ nonce, dev: isLocalDevelopment() });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set(CSP_HEADER, policy);
  const apply = <R extends Response>(response: R): R => {
    response.headers.set(CSP_HEADER, policy);
    return response;
  };
  return {
    nonce,
    policy,
    requestHeaders,
    apply,
    next: () => apply(NextResponse.next({ request: { headers: requestHeaders } })),
  };
}


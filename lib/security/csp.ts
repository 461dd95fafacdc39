/**
 * Content-Security-Policy for every HTML page (docs/security.md).
 *
 * Scripts: a fresh nonce per request plus 'strict-dynamic' (the Next 16 CSP
 * guide, node_modules/next/dist/docs/01-app/02-guides/content-security-policy.md).
 * Next reads the nonce back from the request's CSP header while rendering and
 * puts it on its own scripts, including the inline RSC payload scripts, which
 * is why a hash-only (SRI) policy cannot work here: those inline scripts
 * differ per page and per request. No 'unsafe-inline' for scripts, ever.
 *
 * Styles keep 'unsafe-inline': React `style` attributes in the server HTML
 * are inline styles, and a nonce cannot cover attributes. The MDN Observatory
 * scores "unsafe-inline in style-src only" at 0 (test/observatory.ts).
 */

/** Where the policy runs: `next dev` needs 'unsafe-eval' (React's dev stacks). */
export interface CspOptions {
  nonce: string;
  /** `next dev` (NODE_ENV=development). */
  dev?: boolean;
}

/**
 * Amap's tiles and data, allowed only when SPEC §9's maps key is configured (components/hospitals/clinic-map.tsx;
 * its script comes in through 'strict-dynamic').
 */
const MAP_SOURCES = () => (process.env.NEXT_PUBLIC_MAPS_KEY ? ['https://*.amap.com', 'https://*.is.autonavi.com'] : []);

/** The policy's directives, in order; every value is a list of sources. */
export function cspDirectives({ nonce, dev = false }: CspOptions): [string, string[]][] {
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Seed and upload images are local; data: covers tiny inline placeholders.
    ['img-src', ["'self'", 'data:', 'blob:', ...MAP_SOURCES()]],
    ['media-src', ["'self'"]],
    ['font-src', ["'self'", 'data:']],
    // next dev's hot reload uses a websocket on the same host.
    ['connect-src', ["'self'", ...(dev ? ['ws:', 'wss:'] : []), ...MAP_SOURCES()]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
}

/** The header value. */
export function buildCsp(options: CspOptions): string {
  return cspDirectives(options)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** A 128-bit random nonce, base64 (Web Crypto: proxy.ts runs in any runtime). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** `next dev`, the only place that needs 'unsafe-eval' (docs/security.md). */
export function isLocalDevelopment(): boolean {
  return process.env.NODE_ENV === 'development';
}

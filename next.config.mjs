/**
 * Caching model (docs/decisions.md): public data is cached in the fetchers
 * (lib/api/cache.ts, unstable_cache with tags and revalidation), pages render
 * on the server and answer a real 404 for unknown items. Cache Components is
 * off because it starts a 200 response before a request-time notFound().
 * @type {import('next').NextConfig}
 */

/**
 * "Local development" is `next dev` (NODE_ENV=development): there no HSTS is
 * sent, so a developer's localhost is never pinned to HTTPS. `next start`
 * always sends it; browsers ignore HSTS received over plain HTTP (RFC 6797
 * §8.1), so loopback test runs are unaffected (docs/security.md).
 */
const localDevelopment = process.env.NODE_ENV === 'development';

/** The security headers (docs/security.md), on every answer (pages, API, files). */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    // geolocation stays open to the site itself: clinic distance sorting may ask for it.
    value: 'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), browsing-topics=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  // Old browsers without CSP frame-ancestors; the CSP says the same.
  { key: 'X-Frame-Options', value: 'DENY' },
  ...(localDevelopment ? [] : [{ key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' }]),
];

/** Pages get a per-request nonce CSP from proxy.ts (lib/security/csp-proxy.ts); the JSON API a closed one. */
const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const nextConfig = {
  // Next 16 blocks its dev resources (HMR socket, chunks) for hosts other than `localhost`; a developer who
  // opens http://127.0.0.1:3000 would get a page that never hydrates. `next dev` only: no effect on builds.
  allowedDevOrigins: ['127.0.0.1'],
  poweredByHeader: false,
  // Metadata (title, description, canonical, Open Graph) always in <head>, never streamed into <body>:
  // Next streams it for user agents outside its bot list when generateMetadata is not ready with the shell,
  // and the page cache keeps one HTML for every visitor, WeChat's link previewer and Baidu's crawler included
  // (docs/seo-sharing.md). `/.*/` is Next's documented way to turn streaming metadata off.
  htmlLimitedBots: /.*/,
  reactStrictMode: true,
  experimental: {
    // 图文问诊 sends up to four photos of 8 MB each through its server action (lib/validation/ask-rules.ts
    // PHOTO_LIMITS; docs/security.md "Uploads"); proxy.ts must buffer the whole body to pass it on.
    serverActions: { bodySizeLimit: '34mb' },
    proxyClientMaxBodySize: '34mb',
  },
  // Outside the bundle: the embedded backend's native SQLite binding, the image code's font loader, and the
  // share cards' font subsetter, which loads its harfbuzz wasm from its own package directory (lib/share-card/font.ts).
  // pino and prom-client: one copy per process, shared by every bundle (the request log, the metrics registry).
  serverExternalPackages: ['better-sqlite3', 'better-sqlite3-napi', 'svg-captcha', 'subset-font', 'pino', 'prom-client'],
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: apiCsp }] },
    ];
  },
};

export default nextConfig;

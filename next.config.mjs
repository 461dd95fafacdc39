/**
 * Caching model (docs/decisions.md): public data is cached in the fetchers
 * (lib/api/cache.ts, unstable_cache with tags and revalidation), pages render
 * on the server and answer a real 404 for unknown items. Cache Components is
 * off because it starts a 200 response before a request-time notFound().
 * @type {import('next').NextConfig}
 */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The embedded backend's native SQLite binding stays outside the bundle.
  serverExternalPackages: ['better-sqlite3'],
};

export default nextConfig;

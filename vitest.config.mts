import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // 'server-only' throws outside React Server Components; lib/ tests run in plain Node.
      'server-only': path.resolve(import.meta.dirname, 'test/server-only-stub.ts'),
      'next/cache': path.resolve(import.meta.dirname, 'test/next-cache-stub.ts'),
    },
  },
  test: {
    environment: 'node',
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'components/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One seeded database per setting set, copied by each test's backend (test/seeded-backend.ts).
    globalSetup: ['test/seed-templates-setup.ts'],
  },
});

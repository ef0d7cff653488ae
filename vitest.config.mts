import { defineConfig } from 'vitest/config';

// Unit and integration tests; end-to-end tests have their own config (vitest.e2e.config.mts).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

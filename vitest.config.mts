import { defineConfig } from 'vitest/config';

// Unit and integration tests; end-to-end and conformance tests have their own configs.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The conformance suite runs on its own (vitest.conformance.config.mts).
    exclude: ['test/e2e/**', 'test/conformance/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

import { defineConfig } from 'vitest/config';

// End-to-end: the built renderer in Debian's Chromium, bound to the real core.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});

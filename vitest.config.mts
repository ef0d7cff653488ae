import { availableParallelism } from 'node:os';
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
    // Vitest's default is one worker fewer than the cores: one alone on CI's two, where the suite
    // took 488 s of its 480 s budget. Files spend much of their time waiting on child processes
    // (lena, MCP servers), so two share two cores well: 305 and 325 s, every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

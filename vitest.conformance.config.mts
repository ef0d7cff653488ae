import { defineConfig } from 'vitest/config';

// The official MCP conformance suite against Lena's client (test/conformance): its own suite in
// `npm test`, two scenarios at a time (the runner's timing checks misfire under more load).
export default defineConfig({
  test: {
    include: ['test/conformance/**/*.test.ts'],
    testTimeout: 45_000,
    hookTimeout: 60_000,
    maxConcurrency: 2,
    pool: 'forks',
  },
});

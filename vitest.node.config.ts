import { defineConfig } from 'vitest/config';

// Conformance against real avalanchego nodes (`npm run test:node`). The global setup builds the pinned versions
// (cached after the first run); each version's suite starts its own five-node local network.
export default defineConfig({
  test: {
    include: ['test/node/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['test/node/global-setup.ts'],
    // One network at a time: five nodes already fill two cores.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    // As in the unit suite: a failed test is tried once more against the same network, and named at the end.
    retry: 1,
    reporters: ['default', ['./scripts/test-outcomes.mjs', { suite: 'real-node conformance' }]],
    // Setup waits for five nodes (at most 5 min), eight txs and stakers to end; a stuck network fails, never hangs.
    hookTimeout: 900_000,
  },
});

import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Real-node conformance has its own config (one five-node network at a time); `npm test` runs it afterwards.
    exclude: [...configDefaults.exclude, 'test/node/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep parallelism modest so tmux and simulator tests are not starved.
    maxWorkers: 2,
  },
});

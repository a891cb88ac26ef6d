import { configDefaults, defineConfig } from 'vitest/config';
import { inkPatchVite, VITEST_INLINE } from './scripts/ink-patch/patch.mjs';

export default defineConfig({
  // Screens render with the Ink the bundle ships (scripts/ink-patch): Ink and the text modules it patches are
  // inlined so the patches apply.
  plugins: [inkPatchVite()],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Real-node conformance has its own config (one five-node network at a time); `npm test` runs it afterwards.
    exclude: [...configDefaults.exclude, 'test/node/**'],
    environment: 'node',
    // A state folder per test process: nothing writes under the real ~/.local/state.
    setupFiles: ['test/helpers/state-home.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep parallelism modest so tmux and simulator tests are not starved.
    maxWorkers: 2,
    // Many tests drive real processes (simulated nodes, tmux, the CLI, Prometheus) on a shared two-core machine: a
    // test that fails is tried once more, and the run's last lines name it (scripts/test-outcomes.mjs), so a flaky
    // test is seen and fixed, never silently passed. A test that fails twice fails the run.
    retry: 1,
    reporters: ['default', ['./scripts/test-outcomes.mjs', { suite: 'unit suite' }]],
    server: { deps: { inline: VITEST_INLINE } },
  },
});

// Builds (or finds cached) avalanchego binaries before the conformance suites run. Without Go the suites skip with
// one line saying why; with CI (or AVATOP_CI) set, a missing toolchain or a failed build fails the run instead.
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain .mjs build script without type declarations
import { NODE_VERSIONS, TRIAL_VERSIONS, buildVersion, goVersion, tryTrialVersion } from '../../scripts/node-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    nodeBinaries: Record<string, string>;
    nodeSkipReason: string;
    /** Versions tried but not required (v1.15.0-fuji): the binary, or why there is none. */
    nodeTrials: Record<string, { bin?: string; reason?: string }>;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  // .ci/run exports AVATOP_CI; most CI services export CI.
  const inCi = Boolean(process.env.CI || process.env.AVATOP_CI);
  const binaries: Record<string, string> = {};
  let skipReason = '';
  if (!(goVersion as () => string | undefined)()) {
    skipReason = 'real-node conformance skipped: `go` is not on PATH (needed to build avalanchego)';
  } else {
    for (const version of NODE_VERSIONS as string[]) {
      try {
        const r = (await buildVersion(version, { log: (s: string) => process.stderr.write(`node-build: ${s}\n`) })) as { bin: string };
        binaries[version] = r.bin;
      } catch (err) {
        if (inCi) throw err;
        process.stderr.write(`node-build: ${version} failed: ${(err as Error).message}\n`);
      }
    }
    if (Object.keys(binaries).length === 0) skipReason = 'real-node conformance skipped: no avalanchego version could be built';
  }
  // Tried, never required: a refusal is one line, and the pinned versions' suites run regardless (in CI too).
  const trials: Record<string, { bin?: string; reason?: string }> = {};
  if (!skipReason || Object.keys(binaries).length > 0) {
    for (const version of TRIAL_VERSIONS as string[]) {
      const r = (await tryTrialVersion(version, { log: (s: string) => process.stderr.write(`node-build: ${s}\n`) })) as { bin?: string; reason?: string };
      trials[version] = r;
      if (!r.bin) {
        process.stderr.write(
          `node-build: ${version} not built: ${r.reason}; running ${Object.keys(binaries).join(' and ')} (v1.15 shapes are checked from its source: test/sim/v1_15-shape.test.ts)\n`,
        );
      }
    }
  }
  if (skipReason) {
    if (inCi) throw new Error(`${skipReason} (CI is set, so this is a failure)`);
    process.stderr.write(`${skipReason}\n`);
  }
  project.provide('nodeBinaries', binaries);
  project.provide('nodeSkipReason', skipReason);
  project.provide('nodeTrials', trials);
}

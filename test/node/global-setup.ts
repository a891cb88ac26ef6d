// Builds (or finds cached) avalanchego binaries before the conformance suites run. Without Go the suites skip with
// one line saying why; with CI (or AVATOP_CI) set, a missing toolchain or a failed build fails the run instead.
import type { TestProject } from 'vitest/node';
// @ts-expect-error -- plain .mjs build script without type declarations
import { NODE_VERSIONS, buildVersion, goVersion } from '../../scripts/node-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    nodeBinaries: Record<string, string>;
    nodeSkipReason: string;
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
  if (skipReason) {
    if (inCi) throw new Error(`${skipReason} (CI is set, so this is a failure)`);
    process.stderr.write(`${skipReason}\n`);
  }
  project.provide('nodeBinaries', binaries);
  project.provide('nodeSkipReason', skipReason);
}

// Builds (or finds cached) avalanchego binaries and v1.15.0's vector generator before the conformance suites run, and
// writes the vectors to a temporary folder. Without Go the suites skip with one line saying why; with CI (or
// AVATOP_CI) set, a missing toolchain or a failed build fails the run instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  NODE_VERSIONS,
  TRIAL_VERSIONS,
  VECTOR_VERSIONS,
  buildVectors,
  buildVersion,
  goVersion,
  tryTrialVersion,
  writeVectors,
  // @ts-expect-error -- plain .mjs build script without type declarations
} from '../../scripts/node-build.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    nodeBinaries: Record<string, string>;
    nodeSkipReason: string;
    /** Whole nodes tried but not required (v1.15.0): the binary, or why there is none. */
    nodeTrials: Record<string, { bin?: string; reason?: string }>;
    /** Vectors written by a version's own code (v1.15.0): the folder they were just written to, or why not. */
    nodeVectors: Record<string, { dir?: string; reason?: string }>;
  }
}

const log = (s: string) => process.stderr.write(`node-build: ${s}\n`);

export default async function setup(project: TestProject): Promise<() => void> {
  // .ci/run exports AVATOP_CI; most CI services export CI.
  const inCi = Boolean(process.env.CI || process.env.AVATOP_CI);
  const binaries: Record<string, string> = {};
  let skipReason = '';
  if (!(goVersion as () => string | undefined)()) {
    skipReason = 'real-node conformance skipped: `go` is not on PATH (needed to build avalanchego)';
  } else {
    for (const version of NODE_VERSIONS as string[]) {
      try {
        const r = (await buildVersion(version, { log })) as { bin: string };
        binaries[version] = r.bin;
      } catch (err) {
        if (inCi) throw err;
        process.stderr.write(`node-build: ${version} failed: ${(err as Error).message}\n`);
      }
    }
    if (Object.keys(binaries).length === 0) skipReason = 'real-node conformance skipped: no avalanchego version could be built';
  }
  // Required like the pinned versions: v1.15.0's P-chain code builds from the proxy even where its node cannot.
  const vectors: Record<string, { dir?: string; reason?: string }> = {};
  const written: string[] = [];
  if (goVersion()) {
    for (const version of VECTOR_VERSIONS as string[]) {
      try {
        const { bin } = (await buildVectors(version, { log })) as { bin: string };
        const dir = mkdtempSync(join(tmpdir(), `avatop-vectors-${version}-`));
        written.push(dir);
        writeVectors(bin, dir);
        vectors[version] = { dir };
      } catch (err) {
        if (inCi) throw err;
        vectors[version] = { reason: (err as Error).message };
        log(`vectors ${version} failed: ${(err as Error).message}`);
      }
    }
  }
  // Tried, never required: a refusal is one line, and the pinned versions' suites run regardless (in CI too).
  const trials: Record<string, { bin?: string; reason?: string }> = {};
  if (!skipReason || Object.keys(binaries).length > 0) {
    for (const version of TRIAL_VERSIONS as string[]) {
      const r = (await tryTrialVersion(version, { log })) as { bin?: string; reason?: string };
      trials[version] = r;
      if (!r.bin) {
        const own = vectors[version]?.dir ? `; its P-chain code runs instead (test/node/${version}.test.ts)` : '';
        log(`${version} node not built: ${r.reason}${own}`);
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
  project.provide('nodeVectors', vectors);
  return () => {
    for (const dir of written) rmSync(dir, { recursive: true, force: true });
  };
}

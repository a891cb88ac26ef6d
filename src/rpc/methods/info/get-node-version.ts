import * as z from 'zod';
import { u32 } from '../common';
import { defineMethod } from '../define';

export const getNodeVersion = defineMethod({
  name: 'info.getNodeVersion',
  schemas: () => ({
    result: z.object({
      version: z.string(),
      databaseVersion: z.string().default(''),
      rpcProtocolVersion: u32.optional(),
      gitCommit: z.string().default(''),
      vmVersions: z.record(z.string(), z.string()).nullish().transform((v) => v ?? {}),
    }),
  }),
  description: 'Node software, database, RPC protocol and VM versions.',
});

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
}

/** "avalanchego/1.14.2" (today) or "avalanche/1.9.1" (old builds) → {1,14,2}; undefined when unrecognised. */
export function parseNodeVersion(version: string): SemVer | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/** Compares a node version with "v1.12.2"-style release names; negative when the node is older. */
export function compareVersion(node: SemVer, release: string): number {
  const r = parseNodeVersion(release);
  if (!r) return 0;
  return node.major - r.major || node.minor - r.minor || node.patch - r.patch;
}

// The client's registry against the node's own source: every JSON-RPC method that avalanchego registers on its
// info, platform and health services at each pinned version must be in src/rpc/methods, and the registry's
// since/removedIn must say exactly which ones that version lacks. Reads the module source the builds downloaded
// (v1.15.0's by its vector generator: its services' sources are in the module even though its node cannot be built).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { methods } from '../../src/rpc/methods/index';
import { supportedAt } from '../helpers/versions';

const binaries = inject('nodeBinaries') as Record<string, string> | undefined;
const skipReason = !binaries ? 'real-node conformance runs with `npm run test:node`' : inject('nodeSkipReason');

const SERVICES: { file: string; receiver: RegExp; prefix: string }[] = [
  { file: 'api/info/service.go', receiver: /^func \(\w+ \*Info\) ([A-Z]\w*)\(/gm, prefix: 'info' },
  { file: 'vms/platformvm/service.go', receiver: /^func \(\w+ \*Service\) ([A-Z]\w*)\(/gm, prefix: 'platform' },
  { file: 'api/health/service.go', receiver: /^func \(\w+ \*Service\) ([A-Z]\w*)\(/gm, prefix: 'health' },
];

/** gorilla/rpc exposes exported methods with the (request, args, reply) signature, named with a lower-case first letter. */
function nodeMethods(moduleDir: string): string[] {
  const out: string[] = [];
  for (const s of SERVICES) {
    const src = readFileSync(join(moduleDir, s.file), 'utf8');
    for (const m of src.matchAll(s.receiver)) out.push(`${s.prefix}.${m[1]!.charAt(0).toLowerCase()}${m[1]!.slice(1)}`);
  }
  return out.sort();
}

const modCache = skipReason ? '' : spawnSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).stdout.trim();

for (const version of ['v1.15.0', 'v1.14.2', 'v1.11.2']) {
  const dir = join(modCache, `github.com/ava-labs/avalanchego@${version}`);
  describe.skipIf(Boolean(skipReason) || !existsSync(dir))(`method registry vs avalanchego ${version} source`, () => {
    it('holds every method the node registers, and flags exactly the ones it lacks', () => {
      const onNode = nodeMethods(dir);
      expect(onNode.length).toBeGreaterThan(40);
      const registered = Object.keys(methods).sort();
      expect(onNode.filter((m) => !registered.includes(m)), 'methods the registry lacks').toEqual([]);
      const flaggedMissing = Object.entries(methods)
        .filter(([, d]) => !supportedAt(version, d))
        .map(([n]) => n)
        .sort();
      expect(registered.filter((m) => !onNode.includes(m))).toEqual(flaggedMissing);
    });
  });
}

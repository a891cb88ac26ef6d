// The simulator's replies carry at least the keys of the documented examples (test/fixtures/methods), with the
// same JSON types, except where the examples' audit notes say the docs are stale.
import { describe, expect, it } from 'vitest';
import { rpc } from '../helpers/rpc';
import { startSim } from './helpers';
import { liveParams, METHOD_FIXTURES, simTargets } from '../helpers/method-fixtures';
import { shared } from '../helpers/track';

/** Keys the docs show but a real node of that generation does not send (see each example's auditNotes). */
const STALE: Record<string, string[]> = {
  'platform.getValidatorsAt': ['*'], // docs show the pre-2023 {validators:{id:number}} shape
  'platform.getValidatorFeeConfig': ['targetPerSecond'],
  'info.peers': ['numPeers'], // a string on real nodes, a number in the docs
  'platform.getSubnets': ['subnets.*.controlKeys.*'],
  'platform.getBlock': ['*'],
  'platform.getBlockByHeight': ['*'],
  'platform.getTx': ['*'],
  'platform.getTotalStake': [],
};

type Shape = Map<string, string>;

function shape(v: unknown, path: string, out: Shape): Shape {
  const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
  out.set(path, t);
  if (Array.isArray(v)) {
    for (const item of v) shape(item, `${path}.*`, out);
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) shape(x, path ? `${path}.${/^NodeID-|^\d+$|^[1-9A-HJ-NP-Za-km-z]{40,}$/.test(k) ? '<key>' : k}` : k, out);
  }
  return out;
}

function stale(method: string, path: string): boolean {
  return (STALE[method] ?? []).some((p) => p === '*' || p === path);
}

const examples = METHOD_FIXTURES;

for (const profile of ['v1.11', 'v1.14', 'v1.15'] as const) {
  describe(`documented shapes on profile ${profile}`, () => {
    const node = shared(() => startSim({ profile }));

    it('every example method that exists answers with the documented keys and types', async () => {
      const problems: string[] = [];
      for (const ex of examples) {
        if (!ex.response.result || stale(ex.method, '*') || ex.method === 'platform.issueTx') continue;
        const params = liveParams(ex.method, simTargets(node()));
        const reply = JSON.parse((await rpc(node().url, ex.endpoint, ex.method, params)).text) as { result?: unknown; error?: { message: string } };
        if (reply.error) {
          if (!/can't find method/.test(reply.error.message)) problems.push(`${ex.method}: ${reply.error.message}`);
          continue;
        }
        const want = shape(ex.response.result, '', new Map());
        const got = shape(reply.result, '', new Map());
        for (const [path, type] of want) {
          if (path === '' || stale(ex.method, path)) continue;
          if (!got.has(path)) {
            // Keys of optional parts (an empty list in our reply) cannot be checked.
            const parent = path.slice(0, path.lastIndexOf('.'));
            if (parent.endsWith('*') && !got.has(parent)) continue;
            if (profile === 'v1.11' && /observedSubnetUptimes|conversionID|managerChainID|managerAddress|height/.test(path)) continue;
            // v1.14.2 has no ACP open for signalling (utils/constants/acps.go: CurrentACPs empty): its info.acps is {}.
            if (profile === 'v1.14' && ex.method === 'info.acps') continue;
            problems.push(`${ex.method}: missing ${path}`);
          } else if (got.get(path) !== type && !(type === 'null' || got.get(path) === 'null')) {
            problems.push(`${ex.method}: ${path} is ${got.get(path)}, docs show ${type}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  });
}

// Same seed, same history: two nodes built from one seed answer byte-for-byte the same, however their clocks are
// stepped; another seed gives another network.
import { describe, expect, it } from 'vitest';
import type { SimNode } from '../../src/sim/index';
import { rpc } from '../helpers/rpc';
import { startSim } from './helpers';
import { shared } from '../helpers/track';

const CALLS: [string, string, unknown][] = [
  ['/ext/info', 'info.getNodeID', {}],
  ['/ext/info', 'info.peers', {}],
  ['/ext/info', 'info.acps', {}],
  ['/ext/info', 'info.uptime', {}],
  ['/ext/bc/P', 'platform.getHeight', {}],
  ['/ext/bc/P', 'platform.getTimestamp', {}],
  ['/ext/bc/P', 'platform.getCurrentValidators', {}],
  ['/ext/bc/P', 'platform.getSubnets', {}],
  ['/ext/bc/P', 'platform.getBlockchains', {}],
  ['/ext/bc/P', 'platform.getFeeState', {}],
  ['/ext/bc/P', 'platform.sampleValidators', { size: 10 }],
  ['/ext/health', 'health.health', {}],
];

async function snapshot(node: SimNode): Promise<string[]> {
  const out: string[] = [];
  for (const [path, method, params] of CALLS) out.push((await rpc(node.url, path, method, params)).text);
  const h = node.network.height;
  for (let i = 0; i < 5; i++) out.push((await rpc(node.url, '/ext/bc/P', 'platform.getBlockByHeight', { height: h - i })).text);
  out.push((await rpc(node.url, '/ext/bc/P', 'platform.getUTXOs', { addresses: [node.network.wallets[0]!.str], limit: 50 })).text);
  return out;
}

describe('determinism', () => {
  const a = shared(() => startSim({ seed: 42 }));
  const b = shared(() => startSim({ seed: 42 }));
  const c = shared(() => startSim({ seed: 43 }));

  it('gives identical replies for the same seed, however time is stepped', async () => {
    expect(await snapshot(a())).toEqual(await snapshot(b()));
    a().tick(60_000);
    for (let i = 0; i < 12; i++) b().tick(5_000);
    expect(a().network.height).toBe(b().network.height);
    expect(await snapshot(a())).toEqual(await snapshot(b()));
  });

  it('gives a different network for another seed', async () => {
    expect(c().nodeId).not.toBe(a().nodeId);
    const [x, y] = [await snapshot(a()), await snapshot(c())];
    expect(x[0]).not.toEqual(y[0]);
  });
});

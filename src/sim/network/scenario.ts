// This node's own validation under `--scenario` (sim/scenarios.ts): the peers' view of its uptime, and the L1
// validation whose balance runs down.
import { NAVAX } from './types';
import type { SimNetwork } from './index';

/**
 * The peers' view of this node: each peer reports a whole percent (observedUptime), so peers get the floor or the
 * ceiling of the target, heaviest first, whichever keeps the stake-weighted mean nearer to it.
 */
export function applyScenario(net: SimNetwork): void {
  const plan = net.scenario;
  if (!plan) return;
  const lo = Math.floor(plan.peersUptime);
  const hi = Math.ceil(plan.peersUptime);
  const peers = [...net.peers.values()].sort((a, b) => (net.nodeWeight(b.nodeIdStr) > net.nodeWeight(a.nodeIdStr) ? 1 : -1));
  let weighted = 0;
  let total = 0;
  for (const peer of peers) {
    const w = Number(net.nodeWeight(peer.nodeIdStr) / NAVAX);
    const withHi = Math.abs((weighted + hi * w) / (total + w || 1) - plan.peersUptime);
    const withLo = Math.abs((weighted + lo * w) / (total + w || 1) - plan.peersUptime);
    const next = withHi <= withLo ? hi : lo;
    peer.observedUptime = next;
    weighted += next * w;
    total += w;
  }
  if (plan.l1RunwaySec !== undefined && !net.scenarioL1) {
    const l1 = net.subnets.find((s) => s.kind === 'l1' && s.l1Validators.length > 0)?.l1Validators[0];
    if (l1) {
      l1.balance = BigInt(net.validatorFeeState.price) * BigInt(plan.l1RunwaySec);
      net.scenarioL1 = l1;
    }
  }
}

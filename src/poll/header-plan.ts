// The resources the header shows on every screen: node identity, bootstrap state, height and time, uptime,
// upgrades, the peer count and health.
import { lens } from '../state/lenses';
import { resolveOk } from '../state/resource';
import type { ChainAlias } from '../state/store';
import { toRows } from './transforms';
import { call, ignorePrev, type ResourceSpec } from './resource-spec';
import { afterPeers, afterUpgradeFacts } from './upgrade-watch';

const bootstrapped = (chain: ChainAlias): ResourceSpec =>
  call(`bootstrapped:${chain}`, 'info.isBootstrapped', { chain }, 'tick', lens.bootstrapped(chain), ignorePrev((r) => r.isBootstrapped), {
    // Watch closely while the chain syncs; once done it rarely changes.
    intervalMs: (s, i) => (s.node.bootstrapped[chain].data === true ? i.slowMs : i.tickMs),
  });

/** info.peers feeds the peers list and the header's count; `slow` where only a summary is shown (versions). */
export const peersSpec = (cadence: 'tick' | 'slow' = 'tick'): ResourceSpec =>
  call(cadence === 'tick' ? 'peers' : 'peers:slow', 'info.peers', {}, cadence, lens.peers, toRows.peers, {
    // One count: the list's own (without the peers kept one update to show they left), so the header and the
    // pane never disagree; numPeers only where the list was not read.
    also: (s, r, meta) =>
      afterPeers(lens.peerCount.set(s, resolveOk(lens.peerCount.get(s), lens.peers.get(s).data?.size ?? r.numPeers, meta)), r, meta),
  });

export function header(peersPolled: boolean): ResourceSpec[] {
  const specs = [
    call('nodeId', 'info.getNodeID', {}, 'slow', lens.nodeId, ignorePrev((r) => r)),
    call('networkId', 'info.getNetworkID', {}, 'once', lens.networkId, ignorePrev((r) => r.networkID)),
    call('networkName', 'info.getNetworkName', {}, 'once', lens.networkName, ignorePrev((r) => r.networkName)),
    // Slowly, not once: an upgrade restarts the node under a running monitor, and the new version is an event.
    call('nodeVersion', 'info.getNodeVersion', {}, 'slow', lens.nodeVersion, ignorePrev((r) => r)),
    bootstrapped('P'),
    bootstrapped('X'),
    bootstrapped('C'),
    call('height', 'platform.getHeight', {}, 'tick', lens.height, ignorePrev((r) => r.height), { probe: { height: (r) => r.height } }),
    call('timestamp', 'platform.getTimestamp', {}, 'tick', lens.timestamp, ignorePrev((r) => r.timestamp)),
    call('uptime', 'info.uptime', {}, 'slow', lens.uptime, ignorePrev((r) => r)),
    // The node's Helicon time decides the reward threshold the header, overview and validators show.
    upgradesSpec(),
  ];
  // A pane's own info.peers poll feeds the count; elsewhere a slow count is enough for the header.
  // It also keeps every peer's announced upgrade time for the upgrade-deadline rule (upgrade-watch.ts).
  if (!peersPolled) specs.push(call('peerCount', 'info.peers', {}, 'slow', lens.peerCount, ignorePrev((r) => r.numPeers), { also: afterPeers }));
  specs.push(healthSpec('slow'));
  return specs;
}

/**
 * health.health feeds the header's health segment on every screen, so it polls lightly: slowly while the node says
 * it is healthy, every few ticks while it is not (checks not yet run turn into results on the node's own cadence,
 * 30 s by default). The overview and the health view poll it every tick ('health' replaces 'health:slow').
 */
export const healthSpec = (cadence: 'tick' | 'slow'): ResourceSpec =>
  call(cadence === 'tick' ? 'health' : 'health:slow', 'health.health', {}, cadence, lens.health, ignorePrev((r) => r), {
    also: afterUpgradeFacts,
    intervalMs: (s, i) => (cadence === 'tick' ? i.tickMs : s.node.health.data?.healthy === true ? i.slowMs : Math.min(i.slowMs, Math.max(i.tickMs, UNHEALTHY_HEALTH_MS))),
  });

/** How often the header asks an unhealthy node again. */
export const UNHEALTHY_HEALTH_MS = 10_000;
export const upgradesSpec = () => call('upgrades', 'info.upgrades', {}, 'once', lens.upgrades, ignorePrev((r) => r));

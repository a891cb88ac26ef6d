// The Info API (`/ext/info`).
import { MethodError, argsObject, stringArg, nodeIdsArg } from '../params';
import { goFloat4, networkName, rfc3339 } from '../wire';
import { FX_IDS, TX_FEES, VM_IDS, P_CHAIN_ID } from '../constants';
import { networkParams, primaryUptimeRequirement } from '../network-params';
import { stakeSnapshot } from '../network/stake-snapshot';
import type { Handler } from '../jsonrpc';
import { sortedRecord, type HandlerContext } from './context';

/** Aliases the chain manager knows (genesis/aliases.go), mapped to chain IDs. */
export function chainAliases(ctx: HandlerContext): Record<string, string> {
  const c = ctx.net.consts;
  return { P: P_CHAIN_ID, platform: P_CHAIN_ID, X: c.xChainId, avm: c.xChainId, C: c.cChainId, evm: c.cChainId };
}

/** Chains this node runs: the primary network's and those of tracked subnets. */
export function runningChains(ctx: HandlerContext): Set<string> {
  const set = new Set<string>([P_CHAIN_ID, ctx.net.consts.xChainId, ctx.net.consts.cChainId]);
  for (const s of ctx.net.subnets) if (s.tracked) for (const ch of s.chains) set.add(ch.idStr);
  return set;
}

function gitCommit(seed: number): string {
  let h = seed >>> 0;
  let out = '';
  for (let i = 0; i < 40; i++) {
    h = (Math.imul(h ^ (h >>> 15), 2246822519) + i) >>> 0;
    out += (h & 15).toString(16);
  }
  return out;
}

export function infoHandlers(ctx: HandlerContext): Map<string, Handler> {
  const { net, profile } = ctx;
  const m = new Map<string, Handler>();

  m.set('Acps', () => {
    const total = net.totalStake();
    const acps: [string, unknown][] = profile.acps.map((acp) => {
      let support = 0n;
      let object = 0n;
      const supporters: string[] = [];
      const objectors: string[] = [];
      for (const peer of net.peers.values()) {
        const w = net.nodeWeight(peer.nodeIdStr);
        if (w === 0n) continue;
        if (peer.supportedAcps.includes(acp)) {
          support += w;
          supporters.push(peer.nodeIdStr);
        } else if (peer.objectedAcps.includes(acp)) {
          object += w;
          objectors.push(peer.nodeIdStr);
        }
      }
      return [
        String(acp),
        {
          supportWeight: support.toString(),
          supporters: supporters.sort(),
          objectWeight: object.toString(),
          objectors: objectors.sort(),
          abstainWeight: (total - support - object).toString(),
        },
      ];
    });
    return { acps: sortedRecord(acps) };
  });

  m.set('IsBootstrapped', (params) => {
    const chain = stringArg(argsObject(params), 'chain');
    if (chain === '') throw new MethodError("argument 'chain' not given");
    const aliases = chainAliases(ctx);
    const id = aliases[chain] ?? chain;
    if (!runningChains(ctx).has(id)) throw new MethodError(`there is no chain with alias/ID '${chain}'`);
    return { isBootstrapped: !ctx.state.bootstrapping };
  });

  m.set('GetBlockchainID', (params) => {
    const alias = stringArg(argsObject(params), 'alias');
    const id = chainAliases(ctx)[alias];
    if (id === undefined) throw new MethodError(`there is no ID with alias: ${alias}`);
    return { blockchainID: id };
  });

  m.set('GetNetworkID', () => ({ networkID: String(net.networkId) }));
  m.set('GetNetworkName', () => ({ networkName: networkName(net.networkId) }));
  m.set('GetNodeID', () => ({
    nodeID: net.nodeIdStr,
    nodePOP: { publicKey: net.nodePop.publicKeyHex, proofOfPossession: net.nodePop.popHex },
  }));
  m.set('GetNodeIP', () => ({ ip: net.nodeIp }));
  m.set('GetNodeVersion', () => ({
    version: profile.version,
    databaseVersion: profile.databaseVersion,
    rpcProtocolVersion: profile.rpcProtocolVersion,
    gitCommit: gitCommit(net.seed),
    vmVersions: sortedRecord(Object.entries(profile.vmVersions)),
  }));
  m.set('GetTxFee', () => ({ ...TX_FEES }));
  m.set('GetVMs', () => ({
    vms: sortedRecord<string[]>([
      [VM_IDS.avm, ['avm']],
      [VM_IDS.evm, ['evm']],
      [VM_IDS.platform, ['platform']],
      [VM_IDS.subnetevm, ['subnet-evm']],
    ]),
    fxs: sortedRecord<string>([
      [FX_IDS.secp256k1fx, 'secp256k1fx'],
      [FX_IDS.nftfx, 'nftfx'],
      [FX_IDS.propertyfx, 'propertyfx'],
    ]),
  }));

  m.set('Peers', (params) => {
    const want = nodeIdsArg(argsObject(params), 'nodeIDs');
    const all = [...net.peers.values()].sort((a, b) => (a.nodeIdStr < b.nodeIdStr ? -1 : 1));
    const list = want.length === 0 ? all : all.filter((p) => want.includes(p.nodeIdStr));
    const validated = net.subnets.filter((s) => s.validators.some((v) => v.nodeIdStr === net.nodeIdStr)).map((s) => s.idStr);
    const peers = list.map((p) => {
      const base: Record<string, unknown> = {
        ip: p.ip,
        publicIP: p.publicIp,
        nodeID: p.nodeIdStr,
        version: p.version,
      };
      if (profile.peerUpgradeTime) base.upgradeTime = p.upgradeTime;
      // The node keeps these at whole seconds.
      base.lastSent = rfc3339(Math.floor(p.lastSentMs / 1000) * 1000);
      base.lastReceived = rfc3339(Math.floor(p.lastReceivedMs / 1000) * 1000);
      base.observedUptime = String(p.observedUptime);
      if (profile.observedSubnetUptimes) {
        base.observedSubnetUptimes = sortedRecord(
          p.trackedSubnets.filter((s) => validated.includes(s)).map((s) => [s, String(Math.max(0, p.observedUptime - 1))]),
        );
      }
      base.trackedSubnets = p.trackedSubnets;
      base.supportedACPs = p.supportedAcps;
      base.objectedACPs = p.objectedAcps;
      base.benched = p.benched;
      return base;
    });
    return { numPeers: String(peers.length), peers };
  });

  m.set('Uptime', () => {
    const r = nodeUptime(ctx);
    return { rewardingStakePercentage: goFloat4(r.rewardingStakePercentage), weightedAveragePercentage: goFloat4(r.weightedAveragePercentage) };
  });

  if (!profile.removed.has('info.upgrades')) {
    // upgrade.Config of this node's network (sim/network-params.ts), its release's Helicon time (profiles.ts).
    m.set('Upgrades', () => ({ ...networkParams(net.networkId).upgrades, heliconTime: profile.heliconTime }));
  }
  return m;
}

/**
 * network.NodeUptime (network/network.go lines 1173-1226), which info.uptime answers (api/info/service.go lines
 * 350-363): this node's own stake counted at 100% and as rewarding, each connected validator's observed uptime times
 * its weight, and unconnected stake as 0, all over the total weight; rewarding stake is what peers see at or above
 * the requirement, 90% (genesis.ACP267UptimeRequirement) once this node's validation started at or after Helicon,
 * else the node's --uptime-requirement (80% by default). In float64, as the node adds them.
 */
export function nodeUptime(ctx: HandlerContext): { weightedAveragePercentage: number; rewardingStakePercentage: number } {
  const { net, profile } = ctx;
  const own = net.validatorsByNode.get(net.nodeIdStr);
  const stake = stakeSnapshot(net);
  const myStake = stake.byNode.get(net.nodeIdStr) ?? 0n;
  if (!own || myStake === 0n) throw new MethodError("couldn't get node uptime: node is not a validator");
  const totalWeight = Number(stake.total);
  // The locked uptime calculator refuses until the P-chain has bootstrapped (snow/uptime/locked_calculator.go lines 52-58).
  if (profile.uptimeReadsStartTime && ctx.state.bootstrapping) throw new MethodError("couldn't get node uptime: error while fetching local validator start time still bootstrapping");
  let totalWeightedPercent = 100 * Number(myStake);
  let rewardingStake = Number(myStake);
  const requirement = primaryUptimeRequirement({ heliconTime: profile.heliconTime }, networkParams(net.networkId).staking, own.start);
  for (const peer of net.peers.values()) {
    const weight = stake.byNode.get(peer.nodeIdStr) ?? 0n;
    if (weight === 0n) continue;
    const percent = peer.observedUptime;
    const w = Number(weight);
    totalWeightedPercent += percent * w;
    if (percent / 100 >= requirement) rewardingStake += w;
  }
  return {
    weightedAveragePercentage: Math.abs(totalWeightedPercent / totalWeight),
    rewardingStakePercentage: Math.abs((100 * rewardingStake) / totalWeight),
  };
}

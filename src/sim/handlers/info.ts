// The Info API (`/ext/info`).
import { MethodError, argsObject, stringArg, nodeIdsArg } from '../params';
import { goFloat4, networkName, rfc3339 } from '../wire';
import { FX_IDS, MAINNET_UPGRADES, TX_FEES, VM_IDS, P_CHAIN_ID } from '../constants';
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
    let total = 0n;
    let rewarding = 0n;
    let weighted = 0;
    for (const p of net.peers.values()) {
      const w = net.nodeWeight(p.nodeIdStr);
      if (w === 0n) continue;
      total += w;
      if (p.observedUptime >= 80) rewarding += w;
      weighted += Number(w / 1_000_000_000n) * p.observedUptime;
    }
    const totalAvax = Number(total / 1_000_000_000n);
    return {
      rewardingStakePercentage: goFloat4(total === 0n ? 100 : (Number(rewarding / 1_000_000_000n) / totalAvax) * 100),
      weightedAveragePercentage: goFloat4(totalAvax === 0 ? 100 : weighted / totalAvax),
    };
  });

  if (!profile.removed.has('info.upgrades')) {
    m.set('Upgrades', () => {
      const u = MAINNET_UPGRADES;
      return {
        apricotPhase1Time: u.apricotPhase1Time,
        apricotPhase2Time: u.apricotPhase2Time,
        apricotPhase3Time: u.apricotPhase3Time,
        apricotPhase4Time: u.apricotPhase4Time,
        apricotPhase4MinPChainHeight: u.apricotPhase4MinPChainHeight,
        apricotPhase5Time: u.apricotPhase5Time,
        apricotPhasePre6Time: u.apricotPhasePre6Time,
        apricotPhase6Time: u.apricotPhase6Time,
        apricotPhasePost6Time: u.apricotPhasePost6Time,
        banffTime: u.banffTime,
        cortinaTime: u.cortinaTime,
        cortinaXChainStopVertexID: net.consts.cortinaStopVertex,
        durangoTime: u.durangoTime,
        etnaTime: u.etnaTime,
        fortunaTime: u.fortunaTime,
        graniteTime: u.graniteTime,
        graniteEpochDuration: u.graniteEpochDuration,
        heliconTime: profile.heliconTime,
      };
    });
  }
  return m;
}

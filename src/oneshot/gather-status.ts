// Collects one status snapshot from a node, each part independently: one failing method never hides the rest.
import type { AvatopClient } from '../rpc/client';
import { AvatopError, HttpError, TransportError } from '../rpc/errors';
import type { Maybe, StatusSnapshot, VoterViews, WatchedValidation } from './status-report';
import type { VoterWeights } from '../state/reward-memory';
import { summarizeHealth, type HealthSummary } from '../domain/health/health-summary';
import { peerAnnouncements, upgradeFactsFrom } from '../domain/upgrades/facts';
import type { OwnValidations } from '../domain/reward/own-validations';
import { discoverOwnValidations } from '../poll/own-validations';
import { heliconFromUpgrades, type HeliconSchedule } from '../domain/reward/threshold';

function reasonOf(err: unknown): string {
  if (err instanceof HttpError && err.status === 503) return 'chain still bootstrapping (503)';
  if (err instanceof AvatopError) return err.short;
  return err instanceof Error ? err.message : String(err);
}

async function attempt<T>(run: () => Promise<T>): Promise<Maybe<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    return { ok: false, reason: reasonOf(err) };
  }
}

/** The node's Helicon time; a node without info.upgrades ("method not found") predates it. */
function heliconOf(m: Maybe<unknown>): HeliconSchedule {
  if (m.ok) return heliconFromUpgrades(m.value);
  return { kind: 'absent', why: `info.upgrades unavailable: ${m.reason}` };
}

/**
 * This node's subnet and L1 validations (poll/own-validations.ts: its chains' health checks, then one
 * getCurrentValidators per tracked subnet), with the L1 validations named by the operator (--l1-validation).
 */
async function gatherOwn(client: AvatopClient, nodeId: string, named: readonly string[]): Promise<Maybe<OwnValidations>> {
  // The typed client: each reply is its method's schema output, as the monitor's discovery reads it.
  return attempt(() => discoverOwnValidations(client, nodeId, { named }));
}

export async function gatherStatus(client: AvatopClient, opts: { l1Validations?: readonly string[]; watch?: readonly string[] } = {}): Promise<StatusSnapshot> {
  // The node ID doubles as the reachability probe: the Info API answers even while chains bootstrap.
  let nodeId: string;
  try {
    nodeId = (await client.info.getNodeID()).nodeID;
  } catch (err) {
    if (err instanceof TransportError || err instanceof HttpError) {
      const hint = err instanceof AvatopError && err.hint ? ` — ${err.hint}` : '';
      return { url: client.url, unreachable: `${reasonOf(err)}${hint}` } as StatusSnapshot;
    }
    throw err;
  }

  const peersAt = Date.now();
  const [version, networkName, bootP, bootX, bootC, peerList, height, chainTime, uptime, validator, healthReply, upgrades, networkId] = await Promise.all([
    attempt(async () => (await client.info.getNodeVersion()).version),
    attempt(async () => (await client.info.getNetworkName()).networkName),
    attempt(async () => (await client.info.isBootstrapped({ chain: 'P' })).isBootstrapped),
    attempt(async () => (await client.info.isBootstrapped({ chain: 'X' })).isBootstrapped),
    attempt(async () => (await client.info.isBootstrapped({ chain: 'C' })).isBootstrapped),
    attempt(async () => client.info.peers()),
    attempt(async () => (await client.platform.getHeight()).height),
    attempt(async () => (await client.platform.getTimestamp()).timestamp),
    attempt(async () => client.info.uptime()),
    attempt(async () => {
      const { validators } = await client.platform.getCurrentValidators({ nodeIDs: [nodeId] });
      const mine = validators.find((v) => v.nodeID === nodeId);
      return (
        mine && {
          txID: mine.txID,
          startTime: mine.startTime,
          endTime: mine.endTime,
          uptime: mine.uptime,
          connected: mine.connected,
          validatorAuthority: mine.validatorAuthority,
          nextPeriod: mine.nextPeriod,
          autoCompoundRewardShares: mine.autoCompoundRewardShares,
        }
      );
    }),
    attempt(async () => client.health.health()),
    attempt(async () => client.info.upgrades()),
    attempt(async () => (await client.info.getNetworkID()).networkID),
  ]);
  const peers: Maybe<number> = peerList.ok ? { ok: true, value: peerList.value.numPeers } : peerList;
  const health: Maybe<HealthSummary> = healthReply.ok ? { ok: true, value: summarizeHealth(healthReply.value) } : healthReply;
  const own = await gatherOwn(client, nodeId, opts.l1Validations ?? []);
  // The network's view of a validator: each connected validator's measurement (info.peers, read above) weighed by
  // the validator set at the height just read (getValidatorsAt: stake with delegations, what the vote samples by).
  const views: Maybe<VoterViews> | undefined =
    validator.ok && validator.value && peerList.ok
      ? height.ok
        ? await attempt(async (): Promise<VoterViews> => {
            const set = await client.platform.getValidatorsAt({ height: Number(height.value) });
            const weights: VoterWeights = { height: height.value, validators: set.validators.map((v) => ({ nodeID: v.nodeID, weight: v.weight })), totalWeight: set.totalWeight };
            return { peers: peerList.value.peers.map((p) => ({ nodeID: p.nodeID, observedUptime: p.observedUptime })), atMs: peersAt, weights };
          })
        : { ok: false, reason: `validator set unknown: ${height.reason}` }
      : undefined;
  const watch = opts.watch ?? [];
  const watched: Maybe<WatchedValidation[]> =
    watch.length === 0
      ? { ok: true, value: [] }
      : await attempt(async () => {
          const { validators } = await client.platform.getCurrentValidators({ nodeIDs: [...watch] });
          return watch.map((id) => {
            const v = validators.find((x) => x.nodeID === id);
            return v
              ? { nodeID: id, txID: v.txID, startTime: v.startTime, endTime: v.endTime, uptime: v.uptime, validatorAuthority: v.validatorAuthority, nextPeriod: v.nextPeriod, autoCompoundRewardShares: v.autoCompoundRewardShares }
              : { nodeID: id };
          });
        });
  return {
    url: client.url,
    nodeId: { ok: true, value: nodeId },
    version,
    networkName,
    bootstrapped: { P: bootP, X: bootX, C: bootC },
    peers,
    views,
    height,
    chainTime,
    uptime,
    validator,
    healthy: health.ok ? { ok: true, value: health.value.kind === 'healthy' } : health,
    health,
    helicon: heliconOf(upgrades),
    own,
    watched,
    // The upgrade deadline (domain/upgrades): a one-shot has no earlier announcement to remember.
    upgrade: upgradeFactsFrom({
      version: version.ok ? version.value : undefined,
      networkId: networkId.ok ? networkId.value : undefined,
      health: healthReply.ok ? healthReply.value : undefined,
      upgradeTimes: upgrades.ok ? upgrades.value.times : undefined,
      peers: peerList.ok ? peerAnnouncements(peerList.value.peers) : undefined,
      chainTime: chainTime.ok ? chainTime.value : undefined,
    }),
  };
}

// API generations the simulator can speak. v1.15 is today's node (avalanchego v1.15.0, which mainnet and Fuji run:
// Helicon active, ACP-267's 90% for validations from its activation, ACP-236 auto-renewed staking); v1.14 is a v1.14.2
// node left behind by Helicon (its release does not schedule it; sim/releases.ts says what it still connects to);
// v1.11 is the spec's era (v1.11.2: still has getPendingValidators, getMaxStakeAmount and the keystore). What a node
// derives from its network ID (upgrade times, staking parameters) is in sim/network-params.ts, not here.
import { ACPS_V1_11, ACPS_V1_14, ACPS_V1_15 } from './constants';
import { networkParams, UNSCHEDULED_ACTIVATION_TIME, type UpgradeTimes } from './network-params';

export type ProfileName = 'v1.11' | 'v1.14' | 'v1.15';

export const PROFILE_NAMES: readonly ProfileName[] = ['v1.15', 'v1.14', 'v1.11'];

/** The profile a simulated node speaks unless told otherwise: today's release. */
export const DEFAULT_PROFILE: ProfileName = 'v1.15';

/** upgrade.UnscheduledActivationTime, as info.upgrades writes it. */
export const UNSCHEDULED_TIME = UNSCHEDULED_ACTIVATION_TIME;

export interface Profile {
  name: ProfileName;
  version: string; // info.getNodeVersion .version
  semver: string;
  rpcProtocolVersion: string;
  databaseVersion: string;
  vmVersions: Record<string, string>;
  /** constants.CurrentACPs of the release: the keys info.acps always has, and what peers may signal. */
  acps: readonly number[];
  /** Methods of this generation that a newer or older one lacks. */
  removed: ReadonlySet<string>;
  /** Peer versions of the spec's era (v1.11 only); newer profiles take their peers from sim/releases.ts. */
  peerVersions: readonly (readonly [string, number])[];
  // Shape switches.
  stakeAmountField: boolean; // getCurrentValidators carries stakeAmount (removed v1.12.2)
  observedSubnetUptimes: boolean; // info.peers (removed v1.11.12)
  peerUpgradeTime: boolean; // info.peers upgradeTime (v1.14.1)
  uptimeTakesSubnet: boolean; // info.uptime honours subnetID (until v1.11.12)
  subnetConversionFields: boolean; // getSubnet conversionID/managerChainID/managerAddress (Etna)
  supplyHeight: boolean; // getCurrentSupply .height
  legacyRewardOwner: boolean; // getCurrentValidators carries the deprecated rewardOwner next to validationRewardOwner
  richHealth: boolean; // health checks bls, futureupgrade, disconnectedValidators (v1.13+)
  /** The chains' consensus check reports avgAcceptanceTime (v1.13 and v1.14; gone from v1.15.0's topological.go). */
  avgAcceptanceTime: boolean;
  /** Buckets of avalanche_snowman_consensus_latencies (snow/consensus/snowman/metrics.go: 4 to v1.14, 8 in v1.15.0). */
  latencyBuckets: number;
  peersTrackPrimary: boolean; // peers' trackedSubnets lists the primary network too (seen on v1.14.2)
  heightProposed: boolean; // getValidatorsAt accepts "proposed" (v1.11.2 rejects it as a bad argument)
  legacyValidatorSetError: boolean; // a future height gives v1.11.2's "failed to get validator set: not found"
  l1: boolean; // L1 validators and Etna tx types exist
  /** Whether this release schedules Helicon at all (v1.15.0 does; v1.14.2's upgrade.go leaves it unscheduled). */
  schedulesHelicon: boolean;
  /**
   * info.uptime reads this node's validation start (for ACP-267's 90%), which the uptime calculator refuses while the
   * P-chain bootstraps: v1.15.0's network/network.go lines 1191-1197; v1.14.2's NodeUptime has no such call.
   */
  uptimeReadsStartTime: boolean;
  /**
   * info.upgrades heliconTime (RFC 3339) of this node on its network; UNSCHEDULED_TIME where its release does not
   * schedule it. Filled by `resolveProfile` from sim/network-params.ts (or `--helicon-time` on a custom network).
   */
  heliconTime: string;
  /** Share of new primary-network validators that stake with AddAutoRenewedValidatorTx (ACP-236, v1.15). */
  autoRenewedShare: number;
}

const V1_11_ONLY = ['platform.getPendingValidators', 'platform.getMaxStakeAmount', 'platform.exportKey', 'platform.listAddresses'];
const V1_14_ONLY = [
  'info.upgrades',
  'platform.getFeeConfig',
  'platform.getFeeState',
  'platform.getL1Validator',
  'platform.getProposedHeight',
  'platform.getValidatorFeeConfig',
  'platform.getValidatorFeeState',
  'platform.getAllValidatorsAt',
];

/** v1.14.2: the API of v1.15 without Helicon and auto-renewed staking. */
const V1_14: Profile = {
  name: 'v1.14',
  version: 'avalanchego/1.14.2',
  semver: '1.14.2',
  rpcProtocolVersion: '45',
  databaseVersion: 'v1.4.5',
  // As a v1.14.2 build reports them (the VMs moved into the avalanchego repository).
  vmVersions: { avm: 'avalanchego/1.14.2', evm: 'v1.14.2', platform: 'avalanchego/1.14.2', 'subnet-evm': 'v0.8.2' },
  acps: ACPS_V1_14,
  removed: new Set(V1_11_ONLY),
  peerVersions: [],
  stakeAmountField: false,
  observedSubnetUptimes: false,
  peerUpgradeTime: true,
  uptimeTakesSubnet: false,
  subnetConversionFields: true,
  supplyHeight: true,
  legacyRewardOwner: false,
  richHealth: true,
  avgAcceptanceTime: true,
  latencyBuckets: 4,
  peersTrackPrimary: true,
  heightProposed: true,
  legacyValidatorSetError: false,
  l1: true,
  schedulesHelicon: false,
  uptimeReadsStartTime: false,
  heliconTime: UNSCHEDULED_TIME,
  autoRenewedShare: 0,
};

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  'v1.11': {
    name: 'v1.11',
    version: 'avalanchego/1.11.2',
    semver: '1.11.2',
    rpcProtocolVersion: '34',
    databaseVersion: 'v1.4.5',
    vmVersions: { avm: 'v1.11.2', evm: 'v0.13.0', platform: 'v1.11.2', 'subnet-evm': 'v0.6.1' },
    acps: ACPS_V1_11,
    removed: new Set(V1_14_ONLY),
    peerVersions: [
      ['avalanchego/1.11.2', 0.62],
      ['avalanchego/1.11.1', 0.2],
      ['avalanchego/1.11.0', 0.12],
      ['avalanchego/1.10.19', 0.06],
    ],
    stakeAmountField: true,
    observedSubnetUptimes: true,
    peerUpgradeTime: false,
    uptimeTakesSubnet: true,
    subnetConversionFields: false,
    supplyHeight: true,
    legacyRewardOwner: true,
    richHealth: false,
    avgAcceptanceTime: false,
    latencyBuckets: 0,
    peersTrackPrimary: false,
    heightProposed: false,
    legacyValidatorSetError: true,
    l1: false,
    schedulesHelicon: false,
    uptimeReadsStartTime: false,
    heliconTime: UNSCHEDULED_TIME,
    autoRenewedShare: 0,
  },
  'v1.14': V1_14,
  'v1.15': {
    ...V1_14,
    name: 'v1.15',
    version: 'avalanchego/1.15.0',
    semver: '1.15.0',
    // version/constants.go line 18: RPCChainVMProtocol 46.
    rpcProtocolVersion: '46',
    // v1.14.2's pattern at 1.15.0 (the subnet-evm figure is a guess: the graft is not in the module zip).
    vmVersions: { avm: 'avalanchego/1.15.0', evm: 'v1.15.0', platform: 'avalanchego/1.15.0', 'subnet-evm': 'v1.15.0' },
    acps: ACPS_V1_15,
    avgAcceptanceTime: false,
    latencyBuckets: 8,
    schedulesHelicon: true,
    uptimeReadsStartTime: true,
    heliconTime: UNSCHEDULED_TIME,
    autoRenewedShare: 0.3,
  },
};

export function getProfile(name: string): Profile {
  const p = (PROFILES as Record<string, Profile | undefined>)[name];
  if (!p) throw new Error(`unknown profile "${name}" (expected ${PROFILE_NAMES.join(', ')})`);
  return p;
}

/**
 * The upgrade times a node of this release serves on this network: the network's table (upgrade.GetConfig), with
 * Helicon unscheduled where the release predates it (v1.14.2's upgrade/upgrade.go lines 41 and 65), and a custom
 * network's `--helicon-time` (an upgrade file, which config/config.go lines 901-911 refuse for mainnet, Fuji and local).
 */
export function upgradesOf(profile: Pick<Profile, 'schedulesHelicon'>, networkId: number, heliconOverride?: string): UpgradeTimes {
  const table = networkParams(networkId).upgrades;
  if (heliconOverride !== undefined) return { ...table, heliconTime: heliconOverride };
  return profile.schedulesHelicon ? table : { ...table, heliconTime: UNSCHEDULED_TIME };
}

/** The profile of one simulated node: the release's facts with its Helicon time on its network. */
export function resolveProfile(name: string, networkId: number, heliconOverride?: string): Profile {
  const base = getProfile(name);
  return { ...base, heliconTime: upgradesOf(base, networkId, heliconOverride).heliconTime };
}

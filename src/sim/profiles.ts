// API generations the simulator can speak. v1.11 is the spec's era (v1.11.2: still has getPendingValidators,
// getMaxStakeAmount and the keystore); v1.14 is mainnet's node today (v1.14.2, Helicon unscheduled); v1.15 is
// v1.15.0-fuji (Helicon active: ACP-267's 90% for validations from its activation, ACP-236 auto-renewed staking).
import { ACPS_V1_11, ACPS_V1_14 } from './constants';

export type ProfileName = 'v1.11' | 'v1.14' | 'v1.15';

export const PROFILE_NAMES: readonly ProfileName[] = ['v1.11', 'v1.14', 'v1.15'];

/** upgrade.UnscheduledActivationTime, as info.upgrades writes it. */
export const UNSCHEDULED_TIME = '9999-12-01T00:00:00Z';
/** Fuji's Helicon activation (upgrade/upgrade.go, v1.15.0-fuji, line 65). */
export const FUJI_HELICON_TIME = '2026-07-28T15:00:00Z';

export interface Profile {
  name: ProfileName;
  version: string; // info.getNodeVersion .version
  semver: string;
  rpcProtocolVersion: string;
  databaseVersion: string;
  vmVersions: Record<string, string>;
  acps: readonly number[];
  /** Methods of this generation that a newer or older one lacks. */
  removed: ReadonlySet<string>;
  /** Peer versions seen on the network, with their share. */
  peerVersions: readonly (readonly [string, number])[];
  // Shape switches.
  stakeAmountField: boolean; // getCurrentValidators carries stakeAmount (removed v1.12.2)
  observedSubnetUptimes: boolean; // info.peers (removed v1.11.12)
  peerUpgradeTime: boolean; // info.peers upgradeTime (v1.14.1)
  uptimeTakesSubnet: boolean; // info.uptime honours subnetID (until v1.11.12)
  subnetConversionFields: boolean; // getSubnet conversionID/managerChainID/managerAddress (Etna)
  supplyHeight: boolean; // getCurrentSupply .height
  legacyRewardOwner: boolean; // getCurrentValidators carries the deprecated rewardOwner next to validationRewardOwner
  richHealth: boolean; // health checks bls, futureupgrade, avgAcceptanceTime, disconnectedValidators (v1.13+)
  peersTrackPrimary: boolean; // peers' trackedSubnets lists the primary network too (seen on v1.14.2)
  heightProposed: boolean; // getValidatorsAt accepts "proposed" (v1.11.2 rejects it as a bad argument)
  legacyValidatorSetError: boolean; // a future height gives v1.11.2's "failed to get validator set: not found"
  l1: boolean; // L1 validators and Etna tx types exist
  /** info.upgrades heliconTime (RFC 3339); UNSCHEDULED_TIME where Helicon is not scheduled. */
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

/** v1.14.2, as mainnet runs it today; v1.15 is the same API with Helicon and auto-renewed staking. */
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
    peerVersions: [
      ['avalanchego/1.14.2', 0.64],
      ['avalanchego/1.14.1', 0.2],
      ['avalanchego/1.14.0', 0.08],
      ['avalanchego/1.13.5', 0.05],
      ['avalanchego/1.13.0', 0.03],
    ],
    stakeAmountField: false,
    observedSubnetUptimes: false,
    peerUpgradeTime: true,
    uptimeTakesSubnet: false,
    subnetConversionFields: true,
    supplyHeight: true,
    legacyRewardOwner: false,
    richHealth: true,
    peersTrackPrimary: true,
    heightProposed: true,
    legacyValidatorSetError: false,
    l1: true,
    // As mainnet has it today.
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
    peersTrackPrimary: false,
    heightProposed: false,
    legacyValidatorSetError: true,
    l1: false,
    heliconTime: UNSCHEDULED_TIME,
    autoRenewedShare: 0,
  },
  'v1.14': V1_14,
  'v1.15': {
    ...V1_14,
    name: 'v1.15',
    version: 'avalanchego/1.15.0',
    semver: '1.15.0',
    rpcProtocolVersion: '46',
    // v1.14.2's pattern at 1.15.0 (version/constants.go: RPCChainVMProtocol 46; the subnet-evm figure is a guess).
    vmVersions: { avm: 'avalanchego/1.15.0', evm: 'v1.15.0', platform: 'avalanchego/1.15.0', 'subnet-evm': 'v1.15.0' },
    // v1.15.0's MinimumCompatibleVersion is 1.15.0 once Helicon is active: older peers are disconnected.
    peerVersions: [['avalanchego/1.15.0', 1]],
    // Fuji's: in the past, so validations that started since then need 90%.
    heliconTime: FUJI_HELICON_TIME,
    autoRenewedShare: 0.3,
  },
};

export function getProfile(name: string): Profile {
  const p = (PROFILES as Record<string, Profile | undefined>)[name];
  if (!p) throw new Error(`unknown profile "${name}" (expected ${PROFILE_NAMES.join(', ')})`);
  return p;
}

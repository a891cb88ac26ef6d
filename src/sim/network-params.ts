// What an avalanchego v1.15.0 node derives from its network ID: the upgrade times it schedules (`info.upgrades`) and
// the staking and fee parameters of its genesis. One table per network, read by every part of the simulator that
// needs a network fact (the profiles, info.upgrades, the reward rule, stake durations), so no date or parameter is
// written twice. Source: github.com/ava-labs/avalanchego@v1.15.0 (the Go module), files and lines named per field.

/** upgrade.InitiallyActiveTime (upgrade/upgrade.go line 16): every upgrade of a local network is active from here. */
export const INITIALLY_ACTIVE_TIME = '2020-12-05T05:00:00Z';
/** upgrade.UnscheduledActivationTime (upgrade/upgrade.go line 17): an upgrade this release does not schedule. */
export const UNSCHEDULED_ACTIVATION_TIME = '9999-12-01T00:00:00Z';
/** genesis.ACP267UptimeRequirement (genesis/params.go line 17): a primary validation started at or after Helicon. */
export const ACP267_UPTIME_REQUIREMENT = 0.9;
/** ids.Empty in cb58: the local networks' Cortina stop vertex (upgrade/upgrade.go line 79). */
const EMPTY_ID = '11111111111111111111111111111111LpoYY';

/**
 * upgrade.Config (upgrade/upgrade.go lines 91-110) as `info.upgrades` serialises it: keys in the struct's order, times
 * as RFC 3339, `graniteEpochDuration` a time.Duration (nanoseconds).
 */
export interface UpgradeTimes {
  readonly apricotPhase1Time: string;
  readonly apricotPhase2Time: string;
  readonly apricotPhase3Time: string;
  readonly apricotPhase4Time: string;
  readonly apricotPhase4MinPChainHeight: number;
  readonly apricotPhase5Time: string;
  readonly apricotPhasePre6Time: string;
  readonly apricotPhase6Time: string;
  readonly apricotPhasePost6Time: string;
  readonly banffTime: string;
  readonly cortinaTime: string;
  readonly cortinaXChainStopVertexID: string;
  readonly durangoTime: string;
  readonly etnaTime: string;
  readonly fortunaTime: string;
  readonly graniteTime: string;
  readonly graniteEpochDuration: number;
  readonly heliconTime: string;
}

/** genesis.StakingConfig (genesis/params.go lines 19-43); durations in seconds, amounts in nAVAX. */
export interface StakingParams {
  /** The node's `--uptime-requirement` (validations started before Helicon); 90% after it is ACP267_UPTIME_REQUIREMENT. */
  readonly uptimeRequirement: number;
  readonly minValidatorStake: bigint;
  readonly maxValidatorStake: bigint;
  readonly minDelegatorStake: bigint;
  /** Millionths (20,000 = 2%). */
  readonly minDelegationFee: number;
  readonly minStakeDurationSec: number;
  readonly maxStakeDurationSec: number;
  /** ACP-273: the shortest primary-network period once Helicon is active. */
  readonly heliconMinStakeDurationSec: number;
  /** reward.Config (vms/platformvm/reward/config.go): rates in millionths (reward.PercentDenominator, line 12). */
  readonly reward: {
    readonly maxConsumptionRate: number;
    readonly minConsumptionRate: number;
    readonly mintingPeriodSec: number;
    readonly supplyCap: bigint;
  };
}

/** genesis.TxFeeConfig (genesis/params.go lines 45-50): the static fees, the P-chain's gas and the L1 validator fee. */
export interface FeeParams {
  readonly createAssetTxFee: bigint;
  readonly txFee: bigint;
  readonly dynamic: {
    readonly weights: readonly [number, number, number, number];
    readonly maxCapacity: number;
    readonly maxPerSecond: number;
    readonly targetPerSecond: number;
    readonly minPrice: number;
    readonly excessConversionConstant: number;
  };
  readonly validator: {
    readonly capacity: number;
    readonly target: number;
    readonly minPrice: number;
    readonly excessConversionConstant: number;
  };
}

export type NetworkKind = 'mainnet' | 'fuji' | 'local';

export interface NetworkParams {
  /** Which table: mainnet (ID 1), fuji (ID 5), or local (every other ID, as upgrade.GetConfig and GetStakingConfig do). */
  readonly kind: NetworkKind;
  readonly upgrades: UpgradeTimes;
  readonly staking: StakingParams;
  readonly fees: FeeParams;
}

const HOUR = 3_600;
const DAY = 24 * HOUR;
const AVAX = 1_000_000_000n;
const MILLI_AVAX = 1_000_000n;

/** upgrade.Mainnet, upgrade/upgrade.go lines 19-42 (HeliconTime line 41: 2026-09-22 15:00 UTC). */
const MAINNET_UPGRADES: UpgradeTimes = {
  apricotPhase1Time: '2021-03-31T14:00:00Z',
  apricotPhase2Time: '2021-05-10T11:00:00Z',
  apricotPhase3Time: '2021-08-24T14:00:00Z',
  apricotPhase4Time: '2021-09-22T21:00:00Z',
  apricotPhase4MinPChainHeight: 793005,
  apricotPhase5Time: '2021-12-02T18:00:00Z',
  apricotPhasePre6Time: '2022-09-05T01:30:00Z',
  apricotPhase6Time: '2022-09-06T20:00:00Z',
  apricotPhasePost6Time: '2022-09-07T03:00:00Z',
  banffTime: '2022-10-18T16:00:00Z',
  cortinaTime: '2023-04-25T15:00:00Z',
  cortinaXChainStopVertexID: 'jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga',
  durangoTime: '2024-03-06T16:00:00Z',
  etnaTime: '2024-12-16T17:00:00Z',
  fortunaTime: '2025-04-08T15:00:00Z',
  graniteTime: '2025-11-19T16:00:00Z',
  graniteEpochDuration: 5 * 60 * 1e9,
  heliconTime: '2026-09-22T15:00:00Z',
};

/** upgrade.Fuji, upgrade/upgrade.go lines 43-66 (HeliconTime line 65: 2026-07-28 15:00 UTC). */
const FUJI_UPGRADES: UpgradeTimes = {
  apricotPhase1Time: '2021-03-26T14:00:00Z',
  apricotPhase2Time: '2021-05-05T14:00:00Z',
  apricotPhase3Time: '2021-08-16T19:00:00Z',
  apricotPhase4Time: '2021-09-16T21:00:00Z',
  apricotPhase4MinPChainHeight: 47437,
  apricotPhase5Time: '2021-11-24T15:00:00Z',
  apricotPhasePre6Time: '2022-09-06T20:00:00Z',
  apricotPhase6Time: '2022-09-06T20:00:00Z',
  apricotPhasePost6Time: '2022-09-07T06:00:00Z',
  banffTime: '2022-10-03T14:00:00Z',
  cortinaTime: '2023-04-06T15:00:00Z',
  cortinaXChainStopVertexID: '2D1cmbiG36BqQMRyHt4kFhWarmatA1ighSpND3FeFgz3vFVtCZ',
  durangoTime: '2024-02-13T16:00:00Z',
  etnaTime: '2024-11-25T16:00:00Z',
  fortunaTime: '2025-03-13T15:00:00Z',
  graniteTime: '2025-10-29T15:00:00Z',
  graniteEpochDuration: 5 * 60 * 1e9,
  heliconTime: '2026-07-28T15:00:00Z',
};

/** upgrade.Default, upgrade/upgrade.go lines 67-86: every upgrade active from the start, Helicon unscheduled. */
const DEFAULT_UPGRADES: UpgradeTimes = {
  apricotPhase1Time: INITIALLY_ACTIVE_TIME,
  apricotPhase2Time: INITIALLY_ACTIVE_TIME,
  apricotPhase3Time: INITIALLY_ACTIVE_TIME,
  apricotPhase4Time: INITIALLY_ACTIVE_TIME,
  apricotPhase4MinPChainHeight: 0,
  apricotPhase5Time: INITIALLY_ACTIVE_TIME,
  apricotPhasePre6Time: INITIALLY_ACTIVE_TIME,
  apricotPhase6Time: INITIALLY_ACTIVE_TIME,
  apricotPhasePost6Time: INITIALLY_ACTIVE_TIME,
  banffTime: INITIALLY_ACTIVE_TIME,
  cortinaTime: INITIALLY_ACTIVE_TIME,
  cortinaXChainStopVertexID: EMPTY_ID,
  durangoTime: INITIALLY_ACTIVE_TIME,
  etnaTime: INITIALLY_ACTIVE_TIME,
  fortunaTime: INITIALLY_ACTIVE_TIME,
  graniteTime: INITIALLY_ACTIVE_TIME,
  graniteEpochDuration: 30 * 1e9,
  heliconTime: UNSCHEDULED_ACTIVATION_TIME,
};

/** reward.Config of all three networks (genesis_mainnet.go lines 63-68, genesis_fuji.go 63-68, genesis_local.go 81-86). */
const REWARD = { maxConsumptionRate: 120_000, minConsumptionRate: 100_000, mintingPeriodSec: 365 * DAY, supplyCap: 720_000_000n * AVAX } as const;

/** Gas config shared by the three networks (genesis_mainnet.go lines 26-42, genesis_fuji.go 26-42, genesis_local.go 44-60). */
const DYNAMIC_FEES = {
  weights: [1, 1_000, 1_000, 4] as const,
  maxCapacity: 1_000_000,
  maxPerSecond: 100_000,
  targetPerSecond: 50_000,
  minPrice: 1,
  excessConversionConstant: 2_164_043,
};

/** What the three networks' StakingConfig and TxFeeConfig share (genesis_mainnet.go, genesis_fuji.go, genesis_local.go). */
const COMMON_STAKING = { uptimeRequirement: 0.8, maxValidatorStake: 3_000_000n * AVAX, minDelegationFee: 20_000, maxStakeDurationSec: 365 * DAY, reward: REWARD } as const;
const validatorFee = (minPrice: number, excessConversionConstant: number) => ({ capacity: 20_000, target: 10_000, minPrice, excessConversionConstant });

/** genesis.MainnetParams, genesis/genesis_mainnet.go lines 22-70 (StakingConfig lines 54-69). */
const MAINNET: NetworkParams = {
  kind: 'mainnet',
  upgrades: MAINNET_UPGRADES,
  staking: { ...COMMON_STAKING, minValidatorStake: 2_000n * AVAX, minDelegatorStake: 25n * AVAX, minStakeDurationSec: 14 * DAY, heliconMinStakeDurationSec: 48 * HOUR },
  // Validator fee: doubles every day.
  fees: { createAssetTxFee: 10n * MILLI_AVAX, txFee: MILLI_AVAX, dynamic: DYNAMIC_FEES, validator: validatorFee(512, 1_246_488_515) },
};

/** genesis.FujiParams, genesis/genesis_fuji.go lines 22-70 (StakingConfig lines 54-69). */
const FUJI: NetworkParams = {
  kind: 'fuji',
  upgrades: FUJI_UPGRADES,
  staking: { ...COMMON_STAKING, minValidatorStake: 1n * AVAX, minDelegatorStake: 1n * AVAX, minStakeDurationSec: DAY, heliconMinStakeDurationSec: 12 * HOUR },
  // Validator fee: doubles every hour.
  fees: { createAssetTxFee: 10n * MILLI_AVAX, txFee: MILLI_AVAX, dynamic: DYNAMIC_FEES, validator: validatorFee(512, 51_937_021) },
};

/**
 * genesis.LocalParams, genesis/genesis_local.go lines 40-88 (StakingConfig lines 72-87). Every network ID other than
 * mainnet's and Fuji's takes these: genesis.GetStakingConfig (genesis/params.go lines 70-81) and the flags' defaults
 * (config/flags.go lines 275-286, read by config/config.go lines 804-816 off the public networks).
 */
const LOCAL: NetworkParams = {
  kind: 'local',
  upgrades: DEFAULT_UPGRADES,
  staking: { ...COMMON_STAKING, minValidatorStake: 2_000n * AVAX, minDelegatorStake: 25n * AVAX, minStakeDurationSec: DAY, heliconMinStakeDurationSec: HOUR },
  // Validator fee: doubles every minute.
  fees: { createAssetTxFee: MILLI_AVAX, txFee: MILLI_AVAX, dynamic: DYNAMIC_FEES, validator: validatorFee(1, 865_617) },
};

/** constants.MainnetID, FujiID and LocalID (utils/constants/network_ids.go lines 18-26). */
export const MAINNET_ID = 1;
export const FUJI_ID = 5;
export const LOCAL_ID = 12345;

/** The node's parameters for a network ID: upgrade.GetConfig (upgrade/upgrade.go lines 204-213) and genesis.GetStakingConfig. */
export function networkParams(networkId: number): NetworkParams {
  if (networkId === MAINNET_ID) return MAINNET;
  if (networkId === FUJI_ID) return FUJI;
  return LOCAL;
}

/**
 * The uptime a primary-network validation needs for its reward: 90% when it started at or after Helicon
 * (`IsHeliconActivated(startTime)` is `!startTime.Before(HeliconTime)`, upgrade/upgrade.go lines 200-202), else the
 * node's own requirement (vms/platformvm/block/executor/options.go; network/network.go lines 1188-1197 for info.uptime).
 */
export function primaryUptimeRequirement(upgrades: Pick<UpgradeTimes, 'heliconTime'>, staking: Pick<StakingParams, 'uptimeRequirement'>, startSec: number): number {
  return startSec * 1000 >= Date.parse(upgrades.heliconTime) ? ACP267_UPTIME_REQUIREMENT : staking.uptimeRequirement;
}

/** Seconds since the epoch of an upgrade time. */
export function upgradeSec(rfc3339: string): number {
  return Math.floor(Date.parse(rfc3339) / 1000);
}

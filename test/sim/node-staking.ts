// avalanchego v1.15.0's staking arithmetic, written out for the simulator's tests from the node's code (not from the
// simulator's): reward.Split and Calculate with ACP-285's ramp (vms/platformvm/reward/calculator.go lines 45-70,
// 93-136, 141-152, mainnet's genesis rates genesis_mainnet.go lines 63-68), the reward txs' IDs from their bytes, and
// the staking facts the tests start from. Amounts are nAVAX; Go's time.Duration is nanoseconds.
import { decodeHex, decodeUtxo, encodeSignedTx, formatId, parseId, txIdOf } from '../../src/codec';
import type { SimNode } from '../../src/sim/index';
import { result } from './helpers';

export const NAVAX = 1_000_000_000n;
export const DAY = 86_400;
export const HOUR = 3_600;
const NS = 1_000_000_000n;
const MAX_UINT64 = 2n ** 64n - 1n;
/** Mainnet's Helicon (upgrade/upgrade.go line 41). */
export const HELICON = '2026-09-22T15:00:00Z';
export const HELICON_SEC = Date.parse(HELICON) / 1000;
/** The tests' clock: 65 days after mainnet's Helicon, inside ACP-285's 90-day ramp. */
export const NOW_MS = Date.UTC(2026, 10, 26, 12);

/** A primary-network validator's getCurrentValidators record, as v1.15.0 serves it (api/validator.go lines 72-106). */
export interface ValidatorRecord {
  txID: string;
  nodeID: string;
  startTime: string;
  endTime: string;
  weight: string;
  potentialReward: string;
  accruedDelegateeReward: string;
  delegationFee: string;
  uptime: string;
  signer?: { publicKey: string; proofOfPossession: string };
  nextPeriod?: string;
  autoCompoundRewardShares?: string;
  delegatorCount: string;
  /** Delegators carry only the Staker fields, rewardOwner and potentialReward. */
  delegators?: ValidatorRecord[];
}

/** ACP-285: the minimum consumption rate (millionths) for a stake starting at `start`, Helicon at `helicon`. */
export function minConsumptionRate(start: number, helicon = HELICON_SEC): bigint {
  if (start < helicon) return 100_000n; // before Helicon: genesis' 10%
  const rampNs = BigInt(90 * DAY) * NS;
  const elapsedNs = BigInt(start - helicon) * NS;
  if (elapsedNs >= rampNs) return 75_000n; // 7.5% once the 90 days are over
  return 100_000n - (25_000n * elapsedNs) / rampNs; // the change rounded down, taken off 10%
}

/** Calculate: remaining supply × rate(duration) × stake / supply × duration / minting period, in Go's division order. */
export function nodeReward(start: number, durationSec: number, stake: bigint, supply: bigint, helicon = HELICON_SEC): bigint {
  const d = BigInt(durationSec) * NS;
  const p = BigInt(365 * DAY) * NS;
  const min = minConsumptionRate(start, helicon);
  const rateNumerator = (120_000n - min) * d + min * p;
  const remaining = 720_000_000n * NAVAX - supply;
  let r = remaining * rateNumerator;
  r *= stake;
  r *= d;
  r /= p * 1_000_000n;
  r /= supply;
  r /= p;
  if (r > MAX_UINT64) return remaining;
  return r < remaining ? r : remaining;
}

/** Split: the remainder is (1e6 − shares) × total / 1e6 rounded down (or, if that product overflows, × ⌊total / 1e6⌋). */
export function nodeSplit(total: bigint, shares: bigint): [fromShares: bigint, remainder: bigint] {
  const rest = 1_000_000n - shares;
  const remainder = rest * total > MAX_UINT64 ? rest * (total / 1_000_000n) : (rest * total) / 1_000_000n;
  return [total - remainder, remainder];
}

/** The shares' part of a split. */
export const sharesPart = (total: bigint, shares: bigint): bigint => nodeSplit(total, shares)[0];

/** A validator's delegation shares from its record: delegationFee is 100 × shares / 1,000,000 (service.go line 864). */
export const sharesOf = (delegationFee: string): bigint => BigInt(Math.round(Number(delegationFee) * 10_000));

/** The ID of a reward tx: RewardAutoRenewedValidatorTx (42) closing the cycle ending at `cycleEnd`, else RewardValidatorTx (20). */
export function rewardTxId(stakerTxId: string, cycleEnd?: number): string {
  const unsigned =
    cycleEnd === undefined
      ? { kind: 'unsignedTx', typeId: 20, typeName: 'RewardValidatorTx', txId: parseId(stakerTxId) }
      : { kind: 'unsignedTx', typeId: 42, typeName: 'RewardAutoRenewedValidatorTx', txId: parseId(stakerTxId), timestamp: BigInt(cycleEnd) };
  return formatId(txIdOf(encodeSignedTx({ kind: 'signedTx', unsigned, credentials: [] } as never)));
}

/** getRewardUTXOs, each UTXO decoded: whose tx it is, its output index, its amount. */
export async function rewardUtxos(n: SimNode, txID: string): Promise<{ txId: string; outputIndex: number; amount: bigint }[]> {
  const r = await result<{ utxos: string[] }>(n.url, '/ext/bc/P', 'platform.getRewardUTXOs', { txID, encoding: 'hex' });
  return r.utxos.map((hex) => {
    const u = decodeUtxo(decodeHex(hex, { checksum: true }));
    return { txId: formatId(u.txId), outputIndex: u.outputIndex, amount: (u.output as { amount: bigint }).amount };
  });
}

export async function txStatus(n: SimNode, txID: string): Promise<string> {
  return (await result<{ status: string }>(n.url, '/ext/bc/P', 'platform.getTxStatus', { txID })).status;
}

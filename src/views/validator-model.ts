// One validator as detail lines: its record (with delegators), the peers' view of it, how much more it can take
// in delegation, and its weight history. Pure; the view supplies store data.
import type { DelegatorRecord, ValidatorRecord } from '../rpc/methods';
import { formatAvax, NAVAX_PER_AVAX } from '../format/avax';
import { formatCount, formatPercent } from '../format/number';
import { formatCountdown, formatDuration, formatTimestamp } from '../format/time';
import { sanitize } from '../format/sanitize';
import { shortenHex } from '../format/ids';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { formatWeight, weightIsAvax } from '../format/weight';
import { line, section, type DetailLine } from './detail-lines';
import { isBelow, type Threshold } from '../domain/reward/threshold';

/**
 * Delegation cap of a Primary Network validator. Avalanche's staking rules (docs "Primary Network → Validate →
 * How to stake": "the maximum weight of a validator (their own stake + stake delegated to them) is the minimum of
 * 3,000,000 AVAX and 5 times the amount the validator staked"; avalanchego's mainnet genesis sets
 * MaxValidatorStake = 3 MegaAvax and MaxValidatorWeightFactor = 5, the same factor TransformSubnetTx carries as
 * maxValidatorWeightFactor for elastic subnets).
 */
export const MAX_VALIDATOR_STAKE = 3_000_000n * NAVAX_PER_AVAX;
export const MAX_VALIDATOR_WEIGHT_FACTOR = 5n;

/**
 * How much more can be delegated: min(5 × own stake, 3,000,000 AVAX) − the weight already staked to it (the
 * node's getMaxStakeAmount for the period where it has it, otherwise own stake + current delegations). Never negative.
 */
export function delegationCapacity(ownStake: bigint, stakedWeight: bigint): bigint {
  const cap = ownStake * MAX_VALIDATOR_WEIGHT_FACTOR < MAX_VALIDATOR_STAKE ? ownStake * MAX_VALIDATOR_WEIGHT_FACTOR : MAX_VALIDATOR_STAKE;
  const left = cap - stakedWeight;
  return left > 0n ? left : 0n;
}

const avax = (n: bigint | undefined) => (n === undefined ? '—' : `${formatAvax(n, { decimals: 3 })} AVAX`);

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' ? (v as Obj) : {});

function ownerLines(label: string, o: unknown): DetailLine[] {
  const owner = asObj(o);
  const addrs = Array.isArray(owner.addresses) ? (owner.addresses as unknown[]).map(String) : [];
  if (addrs.length === 0) return [];
  return [
    line(label, `${owner.threshold ?? 1} of ${addrs.length}`),
    ...addrs.map((a) => line('  owner', sanitize(a), { copy: sanitize(a) })),
  ];
}

export interface ValidatorViewData {
  readonly nodeId: string;
  readonly subnetId: string;
  readonly record: ValidatorRecord | undefined;
  /** info.peers entry for this node: undefined while loading, null when not a peer. */
  readonly peer: Obj | null | undefined;
  /** getMaxStakeAmount's answer (nAVAX), when the node has the method. */
  readonly maxStaked: bigint | undefined;
  readonly maxStakeUnsupported: boolean;
  readonly now: number;
  /** The uptime this validation needs for its reward (domain/reward/threshold.ts). */
  readonly threshold?: Threshold;
  /** The watched node's own ID: its own record is "this node", never a missing peer. */
  readonly ownNodeId?: string;
  /** The subnet's name where the node knows it (its chains'; state/names.ts). */
  readonly subnetName?: string;
}

/**
 * Whether this node is connected to the validator, said once for the whole view: the peer list (asked when the view
 * opened, and again while it is open) is the truth of now; the record's `connected` (as of the validator list's
 * reading) stands in only until the peer list answers. The node itself is not among its own peers, yet connected
 * (the chain router connects a node to itself).
 */
function connection(d: ValidatorViewData): { text: string; tone: 'ok' | 'error' | 'muted' } | undefined {
  if (d.ownNodeId !== undefined && d.nodeId === d.ownNodeId) return { text: 'this node itself', tone: 'muted' };
  if (d.peer === null) return { text: "no: not among this node's peers", tone: 'error' };
  if (d.peer !== undefined) return { text: 'yes: one of its peers', tone: 'ok' };
  const c = d.record?.connected;
  return c === undefined ? undefined : { text: c ? 'yes' : 'no', tone: c ? 'ok' : 'error' };
}

export function validatorLines(d: ValidatorViewData): DetailLine[] {
  const r = d.record;
  const lines: DetailLine[] = [section('Validator'), line('node ID', d.nodeId, { copy: d.nodeId })];
  const subnet = d.subnetId === PRIMARY_NETWORK_ID ? 'primary network' : d.subnetName ? `${d.subnetId} (${sanitize(d.subnetName, { maxLength: 60 })})` : d.subnetId;
  lines.push(line('subnet', subnet, { link: { kind: 'subnet', id: d.subnetId }, copy: d.subnetId }));
  if (!r) return lines;
  if (r.txID) lines.push(line('staking tx', sanitize(r.txID), { link: { kind: 'tx', id: r.txID }, copy: r.txID, tone: 'accent' }));
  if (r.validationID) lines.push(line('validation ID', sanitize(r.validationID), { copy: r.validationID }));
  if (r.startTime) lines.push(line('start', formatTimestamp(r.startTime)));
  const renewed = r.nextPeriod !== undefined || r.validatorAuthority !== undefined;
  if (r.endTime) {
    const left = `${formatTimestamp(r.endTime)} (${formatCountdown(r.endTime, d.now)})`;
    if (!renewed) lines.push(line('end', left));
    else lines.push(line('end of period', `${left}${r.nextPeriod === 0n ? ', then it leaves' : ', then it renews'}`, { tone: 'accent' }));
  }
  const primary = weightIsAvax(d.subnetId);
  lines.push(line(primary ? 'own stake' : 'weight', formatWeight(primary ? (r.stakeAmount ?? r.weight) : r.weight, d.subnetId), { tone: 'accent' }));
  if (r.delegationFee !== undefined) lines.push(line('delegation fee', formatPercent(r.delegationFee)));
  // An elastic subnet rewards in its own asset, as it stakes: the same unit as its weights.
  if (r.potentialReward !== undefined) lines.push(line('potential reward', formatWeight(r.potentialReward, d.subnetId)));
  if (r.accruedDelegateeReward !== undefined) lines.push(line('accrued delegatee reward', avax(r.accruedDelegateeReward)));
  if (r.uptime !== undefined) lines.push(line('uptime', formatPercent(r.uptime), { tone: d.threshold && isBelow(r.uptime, d.threshold) ? 'warn' : 'ok' }));
  if (d.threshold) lines.push(line('reward needs', d.threshold.text, { tone: 'muted' }));
  const conn = connection(d);
  if (conn) lines.push(line('connected', conn.text, { tone: conn.tone }));
  const pk = r.signer?.publicKey ?? r.publicKey;
  if (pk) lines.push(line('BLS public key', shortenHex(sanitize(pk), 12), { copy: pk }));
  if (r.balance !== undefined) lines.push(line('balance', avax(r.balance)));
  if (renewed) {
    // ACP-236: the stake stays locked cycle after cycle; the authority may change the next cycle or stop it.
    lines.push(section('Auto-renewed staking (ACP-236)'));
    if (r.nextPeriod !== undefined) {
      lines.push(
        line('next period', r.nextPeriod === 0n ? '0: leaves at the end of this period and unlocks its stake' : `${formatDuration(Number(r.nextPeriod) * 1000)} (${formatCount(r.nextPeriod)} s), from the end of this one`),
      );
    }
    if (r.autoCompoundRewardShares !== undefined) {
      const pct = (m: number) => `${(m / 10_000).toFixed(4).replace(/\.?0+$/, '')}%`;
      lines.push(line('auto-compound', `${pct(r.autoCompoundRewardShares)} of each period's reward restaked, ${pct(1_000_000 - r.autoCompoundRewardShares)} paid out`));
    }
    lines.push(...ownerLines('validator authority', r.validatorAuthority));
  }
  lines.push(...ownerLines('validation reward owner', r.validationRewardOwner));
  lines.push(...ownerLines('delegation reward owner', r.delegationRewardOwner));
  lines.push(...ownerLines('remaining balance owner', r.remainingBalanceOwner));
  lines.push(...ownerLines('deactivation owner', r.deactivationOwner));

  if (primary && r.kind === 'permissionless') {
    const own = r.stakeAmount ?? r.weight;
    const current = own + (r.delegatorWeight ?? 0n);
    const staked = d.maxStaked ?? current;
    lines.push(section('Delegation'));
    lines.push(line('delegators', `${formatCount(r.delegatorCount ?? r.delegators?.length ?? 0)} · ${avax(r.delegatorWeight ?? 0n)}`));
    lines.push(line('total weight', avax(current)));
    lines.push(
      line('can still take', avax(delegationCapacity(own, staked)), {
        tone: 'accent',
      }),
    );
    lines.push(
      line(
        '  how',
        d.maxStaked !== undefined
          ? 'min(5 × own stake, 3M AVAX) − getMaxStakeAmount for the rest of the period'
          : `min(5 × own stake, 3M AVAX) − current weight${d.maxStakeUnsupported ? ' (getMaxStakeAmount: not on this node)' : ''}`,
        { tone: 'muted' },
      ),
    );
  }

  lines.push(section('Seen by this node as a peer'));
  if (d.peer === undefined) lines.push(line('peer', 'loading…', { tone: 'muted' }));
  else if (d.peer === null) lines.push(line('peer', d.nodeId === d.ownNodeId ? 'this node itself: not among its own peers' : 'not connected to this node', { tone: d.nodeId === d.ownNodeId ? 'muted' : 'warn' }));
  else {
    const p = d.peer;
    lines.push(line('IP', sanitize(p.ip)));
    if (p.version) lines.push(line('version', sanitize(p.version)));
    if (typeof p.observedUptime === 'number') lines.push(line('observed uptime', formatPercent(p.observedUptime)));
    if (p.lastReceived instanceof Date) lines.push(line('last received', formatTimestamp(p.lastReceived)));
    if (p.lastSent instanceof Date) lines.push(line('last sent', formatTimestamp(p.lastSent)));
    if (Array.isArray(p.trackedSubnets)) lines.push(line('tracked subnets', String(p.trackedSubnets.length)));
    if (Array.isArray(p.benched) && p.benched.length) lines.push(line('benched on', p.benched.map(String).join(', '), { tone: 'warn' }));
  }

  const dels: readonly DelegatorRecord[] = r.delegators ?? [];
  lines.push(section(`Delegators (${dels.length}${r.delegatorCount !== undefined && r.delegatorCount !== dels.length ? ` of ${r.delegatorCount}` : ''})`));
  const sorted = [...dels].sort((a, b) => (a.weight > b.weight ? -1 : a.weight < b.weight ? 1 : 0));
  for (const del of sorted) {
    lines.push(
      line(avax(del.weight), `${sanitize(del.txID)} · ends ${formatTimestamp(del.endTime)}`, { link: { kind: 'tx', id: del.txID }, copy: del.txID }),
    );
  }
  return lines;
}

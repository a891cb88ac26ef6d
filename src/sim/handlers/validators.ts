// Validator lists: getCurrentValidators (cached as JSON text per height for the unfiltered primary set, the one
// monitors poll), getPendingValidators (v1.11), getValidatorsAt and getAllValidatorsAt.
import { goFloat4, goJson } from '../wire';
import { PRIMARY_NETWORK_ID } from '../constants';
import { RawJson } from '../jsonrpc';
import type { Delegator, Owner, Validator } from '../model';
import type { HandlerContext } from './context';
import { sortedRecord } from './context';
import type { SubnetStakerFull } from '../network';
import { compareEnds } from '../network/stakers';

export function ownerJson(o: Owner): Record<string, unknown> {
  return { locktime: o.locktime.toString(), threshold: String(o.threshold), addresses: o.addrStrs };
}

function staker(ctx: HandlerContext, s: { txIdStr: string; start: number; end: number; weight: bigint; nodeIdStr: string }, pos: boolean) {
  const out: Record<string, unknown> = {
    txID: s.txIdStr,
    startTime: String(s.start),
    endTime: String(s.end),
    weight: s.weight.toString(),
    nodeID: s.nodeIdStr,
  };
  if (pos && ctx.profile.stakeAmountField) out.stakeAmount = s.weight.toString();
  return out;
}

function delegatorJson(ctx: HandlerContext, d: Delegator, full: boolean) {
  const out = staker(ctx, d, true);
  if (full) out.rewardOwner = ownerJson(d.rewardOwner);
  out.potentialReward = d.potentialReward.toString();
  return out;
}

function primaryValidatorJson(ctx: HandlerContext, v: Validator, withDelegators: boolean) {
  const out = staker(ctx, v, true);
  if (ctx.profile.legacyRewardOwner) out.rewardOwner = ownerJson(v.rewardOwner);
  out.validationRewardOwner = ownerJson(v.rewardOwner);
  out.delegationRewardOwner = ownerJson(v.delegationRewardOwner);
  out.potentialReward = v.potentialReward.toString();
  out.accruedDelegateeReward = v.accruedDelegateeReward.toString();
  out.delegationFee = goFloat4(v.shares / 10_000);
  out.uptime = goFloat4(v.uptime);
  out.connected = v.connected;
  if (v.signer) out.signer = { publicKey: v.signer.publicKeyHex, proofOfPossession: v.signer.popHex };
  // v1.15 (vms/platformvm/api/validator.go: *AutoRenewedConfig embedded after Signer, its keys without omitempty).
  if (v.autoRenew) {
    out.validatorAuthority = ownerJson(v.autoRenew.authority);
    out.nextPeriod = String(v.autoRenew.nextPeriod);
    out.autoCompoundRewardShares = String(v.autoRenew.autoCompoundRewardShares);
  }
  out.delegatorCount = String(v.delegators.length);
  out.delegatorWeight = ctx.net.delegatorWeight(v).toString();
  // A one-node query always lists the delegators, [] when there are none (vms/platformvm/service.go, v1.15.0 lines
  // 973-991, the same in v1.11.2 and v1.14.2: "we should always return a non-nil value"), in the node's staker order.
  if (withDelegators) out.delegators = [...v.delegators].sort(compareEnds).map((d) => delegatorJson(ctx, d, true));
  return out;
}

function elasticValidatorJson(ctx: HandlerContext, s: SubnetStakerFull, withDelegators: boolean) {
  const out = staker(ctx, s, true);
  const p = s.permissionless!;
  out.validationRewardOwner = ownerJson(p.rewardOwner);
  out.delegationRewardOwner = ownerJson(p.rewardOwner);
  out.potentialReward = p.potentialReward.toString();
  out.accruedDelegateeReward = '0';
  out.delegationFee = goFloat4(p.shares / 10_000);
  out.delegatorCount = '0';
  out.delegatorWeight = '0';
  // Any permissionless validator asked for alone (service.go lines 967-991); the simulator's elastic ones have none.
  if (withDelegators) out.delegators = [];
  return out;
}

/** Each validator's JSON bytes, reused across heights until its record changes (`rev`). */
const fragments = new WeakMap<Validator, { rev: number; bytes: Buffer }>();

function primaryValidatorBytes(ctx: HandlerContext, v: Validator): Buffer {
  const hit = fragments.get(v);
  if (hit && hit.rev === v.rev) return hit.bytes;
  const bytes = Buffer.from(goJson(primaryValidatorJson(ctx, v, false)));
  fragments.set(v, { rev: v.rev, bytes });
  return bytes;
}

const COMMA = Buffer.from(',');

export function currentValidators(ctx: HandlerContext, subnetId: string, nodeIds: string[]): unknown {
  const { net } = ctx;
  if (subnetId === PRIMARY_NETWORK_ID) {
    if (nodeIds.length === 0) {
      return ctx.cache.get('currentValidators', () => {
        const parts: Buffer[] = [Buffer.from('{"validators":[')];
        net.validators.forEach((v, i) => {
          if (i > 0) parts.push(COMMA);
          parts.push(primaryValidatorBytes(ctx, v));
        });
        parts.push(Buffer.from(']}'));
        return RawJson.fromBytes(Buffer.concat(parts));
      });
    }
    const want = new Set(nodeIds);
    // numNodeIDs is the size of the set of node IDs asked for (service.go lines 724, 797): a repeated ID counts once.
    const list = net.validators.filter((v) => want.has(v.nodeIdStr)).map((v) => primaryValidatorJson(ctx, v, want.size === 1));
    return { validators: list };
  }
  const subnet = net.subnetsById.get(subnetId);
  if (!subnet) return { validators: [] };
  const want = nodeIds.length > 0 ? new Set(nodeIds) : null;
  const one = want?.size === 1;
  const keep = (nodeIdStr: string) => !want || want.has(nodeIdStr);
  const list: unknown[] = [];
  for (const s of [...subnet.validators].sort((a, b) => a.end - b.end)) {
    if (!keep(s.nodeIdStr)) continue;
    const full = s as SubnetStakerFull;
    list.push(full.permissionless ? elasticValidatorJson(ctx, full, one) : staker(ctx, s, false));
  }
  for (const l of subnet.l1Validators) {
    if (!keep(l.nodeIdStr)) continue;
    list.push({
      nodeID: l.nodeIdStr,
      weight: l.weight.toString(),
      startTime: String(l.startTime),
      validationID: l.validationIdStr,
      publicKey: l.publicKeyHex,
      remainingBalanceOwner: ownerJson(l.remainingBalanceOwner),
      deactivationOwner: ownerJson(l.deactivationOwner),
      minNonce: l.minNonce.toString(),
      balance: l.balance.toString(),
    });
  }
  return { validators: list };
}

/** v1.11: stakers that start later. A few, fixed at startup, derived from the seed. */
export function pendingValidators(ctx: HandlerContext, subnetId: string, nodeIds: string[]): unknown {
  const { net } = ctx;
  if (subnetId !== PRIMARY_NETWORK_ID) return { validators: [], delegators: [] };
  const want = nodeIds.length > 0 ? new Set(nodeIds) : null;
  const vals = net.pending.validators.filter((v) => !want || want.has(v.nodeIdStr));
  const dels = net.pending.delegators.filter((d) => !want || want.has(d.nodeIdStr));
  return {
    validators: vals.map((v) => {
      const out = staker(ctx, v, true);
      out.delegationFee = goFloat4(v.shares / 10_000);
      out.connected = v.connected;
      if (v.signer) out.signer = { publicKey: v.signer.publicKeyHex, proofOfPossession: v.signer.popHex };
      return out;
    }),
    delegators: dels.map((d) => staker(ctx, d, true)),
  };
}

export function validatorsAt(ctx: HandlerContext, subnetId: string, height: number): unknown {
  return ctx.cache.get(`validatorsAt:${subnetId}:${height}`, () => {
    const set = ctx.net.history.at(subnetId, height);
    const entries: [string, unknown][] = [...set].map(([node, e]) => [node, { publicKey: e.publicKeyHex, weight: e.weight.toString() }]);
    return new RawJson(goJson(sortedRecord(entries)));
  });
}

export function allValidatorsAt(ctx: HandlerContext, height: number): unknown {
  return ctx.cache.get(`allValidatorsAt:${height}`, () => {
    const sets: [string, unknown][] = [];
    for (const subnet of ctx.net.history.subnets()) {
      const set = ctx.net.history.at(subnet, height);
      if (set.size === 0) continue;
      let total = 0n;
      const byKey = new Map<string, { weight: bigint; nodeIDs: string[] }>();
      for (const [node, e] of set) {
        total += e.weight;
        if (!e.publicKeyHex) continue;
        const g = byKey.get(e.publicKeyHex) ?? { weight: 0n, nodeIDs: [] };
        g.weight += e.weight;
        g.nodeIDs.push(node);
        byKey.set(e.publicKeyHex, g);
      }
      const validators = [...byKey]
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
        .map(([pk, g]) => ({ publicKey: pk, weight: g.weight.toString(), nodeIDs: g.nodeIDs.sort() }));
      sets.push([subnet, { validators, totalWeight: total.toString() }]);
    }
    return new RawJson(goJson({ validatorSets: sortedRecord(sets) }));
  });
}

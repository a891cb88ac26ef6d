// Genesis: the network as it stands when the simulation starts, drawn from the seed in a fixed order (validators,
// subnets and L1s, past rewards, v1.11's pending stakers, peers, the last few blocks).
import type { Prng } from '../prng';
import type { Chain, L1Validator, Subnet, SubnetKind, Validator } from '../model';
import { PRIMARY_NETWORK_ID, VM_IDS } from '../constants';
import { formatId, formatNodeId, hexNoChecksum, parseId, sha256 } from '../wire';
import * as tf from '../tx-factory';
import { CHAIN_WORDS_A, CHAIN_WORDS_B } from '../names';
import { ownStakeCeiling } from '../economy';
import { DAY, NAVAX, type SubnetStakerFull } from './types';
import { registerTx, rewardUtxosFor, storeBlock } from './ledger';
import { attachDelegator, compareEnds, elasticSubnetReward, makeSigner, newDelegator, newValidator, primaryReward, enqueueEnd, sortValidators } from './stakers';
import { renewCycle } from './rewards';
import { split } from './reward-formula';
import { stakingParams } from './staking-params';
import { drawGenesisPeriod, ownPeriod, type DrawnPeriod } from './periods';
import type { SimNetwork } from './index';

export function buildValidators(net: SimNetwork, p: Prng, count: number): void {
  const now = net.nowSec();
  const ownIndex = p.int(0, Math.max(0, count - 1));
  const minStake = Number(net.consts.minValidatorStake / NAVAX);
  net.stakeCeiling = ownStakeCeiling(minStake, count);
  net.bulkLoading = true;
  for (let i = 0; i < count; i++) {
    const own = i === ownIndex;
    const nodeId = own ? net.nodeId : p.bytes(20);
    const period = own && net.scenario ? ownPeriod(net, net.scenario) : drawGenesisPeriod(net, p, now);
    const weight = BigInt(Math.round(p.logUniform(minStake, net.stakeCeiling))) * NAVAX;
    const v = period.renew ? autoRenewedSince(net, p, nodeId, period, weight, own) : newValidator(net, p, nodeId, period.start, period.end, weight, own);
    if (own && net.scenario) v.uptime = net.scenario.ownUptime;
    addGenesisDelegators(net, p, v, now);
    net.validators.push(v);
    net.validatorsByNode.set(v.nodeIdStr, v);
    enqueueEnd(net, v);
    net.history.seed(PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: net.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
  }
  net.bulkLoading = false;
  net.endQueue.sort(compareEnds);
  sortValidators(net);
}

/**
 * An auto-renewed validator in its current cycle: its AddAutoRenewedValidatorTx accepted `earlierCycles` cycles
 * before, each cycle committed and renewed as the node renews it (rewards.ts renewCycle), so its weight holds what
 * they restaked. For this node's own validation the last earlier cycle's RewardAutoRenewedValidatorTx is on record
 * with its reward UTXOs, and a SetAutoRenewedValidatorConfigTx (in the recent blocks) where the next period differs
 * from the cycle's; other validators' are older than the blocks the simulator holds (and building them all would
 * cost start-up time at scale).
 */
function autoRenewedSince(net: SimNetwork, p: Prng, nodeId: Uint8Array, period: DrawnPeriod, weight: bigint, own: boolean): Validator {
  const renew = period.renew!;
  const length = period.end - period.start;
  const first = period.start - renew.earlierCycles * length;
  const v = newValidator(net, p, nodeId, first, first + length, weight, own, { ...renew, nextPeriod: length });
  const cfg = v.autoRenew!;
  for (let k = 0; k < renew.earlierCycles; k++) {
    const cycleEnd = v.end;
    renewCycle(net, v, cfg, (withdrawn) => {
      if (!own || k < renew.earlierCycles - 1) return;
      const rtx = registerTx(net, tf.rewardAutoRenewedValidatorTx(v.txId, cycleEnd));
      rewardUtxosFor(net, rtx.idStr, rtx.id, 0, withdrawn);
    });
  }
  if (renew.nextPeriod !== length && own) {
    const tx = tf.setAutoRenewedValidatorConfigTx(p, net.ctx, { txId: v.txId, autoCompoundRewardShares: cfg.autoCompoundRewardShares, period: renew.nextPeriod });
    registerTx(net, tx);
    net.historyTxs.push(tx);
  }
  cfg.nextPeriod = renew.nextPeriod;
  return v;
}

/**
 * Delegations inside the validator's current period, none shorter than MinStakeDuration (the delegator rules keep
 * it after Helicon: staker_tx_verification_helpers.go line 84), all started by now, and the validator's weight with
 * them at most five times its own and never past the maximum stake (staker_tx_verification.go lines 727-734, MaxValidatorWeightFactor).
 */
function addGenesisDelegators(net: SimNetwork, p: Prng, v: Validator, now: number): void {
  const params = stakingParams(net.networkId);
  const minDuration = params.minStakeDurationSec;
  const nDelegators = p.chance(0.55) ? 0 : Math.floor(p.logUniform(1, 40));
  if (v.end - v.start < minDuration || v.end <= now + 10 || v.start > now) return;
  const room = minBig(v.weight * 5n, params.maxValidatorStake) - v.weight;
  let delegated = 0n;
  for (let k = 0; k < nDelegators; k++) {
    const dw = BigInt(Math.round(p.logUniform(25, 150_000))) * NAVAX;
    if (delegated + dw > room) break;
    delegated += dw;
    // A tail ends within the first hours, so rewards keep arriving while someone watches; the length then fits
    // between the validator's start and that end, and reaches back to now at least.
    const drawn = p.chance(0.05) ? now + p.int(10, 3 * 3_600) : now + Math.floor((v.end - now) * p.next());
    const dEnd = Math.min(v.end, Math.max(drawn, now + 10, v.start + minDuration));
    const duration = p.int(Math.max(minDuration, dEnd - now), dEnd - v.start);
    attachDelegator(net, v, newDelegator(net, p, v, dEnd - duration, dEnd, dw));
  }
  // Commission on the delegations that ended earlier in this period (a month of them at most), not yet paid.
  if (v.delegators.length > 0) v.accruedDelegateeReward = split(primaryReward(net, v.start, Math.min(30 * DAY, now - v.start), delegated), v.shares)[0];
}

const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);

export function subnetKinds(net: SimNetwork, n: number): SubnetKind[] {
  const pattern: SubnetKind[] = ['permissioned', 'l1', 'permissioned', 'elastic', 'l1', 'permissioned'];
  return Array.from({ length: n }, (_, i) => {
    const k = pattern[i % pattern.length]!;
    return k === 'l1' && !net.profile.l1 ? 'permissioned' : k;
  });
}

export function buildSubnets(net: SimNetwork, p: Prng, count: number, tracked: number): void {
  const now = net.nowSec();
  // The primary network's own chains.
  net.chains.push(
    { id: parseId(net.consts.xChainId), idStr: net.consts.xChainId, name: 'X-Chain', subnetIdStr: PRIMARY_NETWORK_ID, vmIdStr: VM_IDS.avm, alias: 'X' },
    { id: parseId(net.consts.cChainId), idStr: net.consts.cChainId, name: 'C-Chain', subnetIdStr: PRIMARY_NETWORK_ID, vmIdStr: VM_IDS.evm, alias: 'C' },
  );
  const kinds = subnetKinds(net, count);
  kinds.forEach((kind, i) => {
    const nKeys = p.int(1, 3);
    const keys = Array.from({ length: nKeys }, () => p.bytes(20));
    const owner = net.owner(keys, p.int(1, nKeys));
    const createTx = tf.createSubnetTx(p, net.ctx, owner);
    net.historyTxs.push(createTx);
    const { id, idStr } = registerTx(net, createTx);
    const subnet: Subnet = {
      id,
      idStr,
      kind,
      owner,
      createdAt: now - p.int(30, 700) * DAY,
      chains: [],
      validators: [],
      l1Validators: [],
      tracked: i < tracked,
    };
    const nChains = p.chance(0.7) ? 1 : 2;
    for (let c = 0; c < nChains; c++) {
      const name = `${p.pick(CHAIN_WORDS_A)} ${p.pick(CHAIN_WORDS_B)}`;
      const vmIdStr = p.chance(0.75) ? VM_IDS.subnetevm : formatId(p.bytes(32));
      const chainTx = tf.createChainTx(p, net.ctx, {
        subnetId: id,
        name,
        vmId: parseId(vmIdStr),
        genesis: new TextEncoder().encode(JSON.stringify({ config: { chainId: p.int(10_000, 999_999) } })),
        threshold: owner.threshold,
      });
      net.historyTxs.push(chainTx);
      const reg = registerTx(net, chainTx);
      const chain: Chain = { id: reg.id, idStr: reg.idStr, name, subnetIdStr: idStr, vmIdStr };
      subnet.chains.push(chain);
      net.chains.push(chain);
    }
    const pool = net.validators.filter((v) => v.nodeIdStr !== net.nodeIdStr);
    p.shuffle(pool);
    const members: Validator[] = pool.slice(0, Math.min(pool.length, p.int(5, 20)));
    if (i === 0) members.unshift(net.validatorsByNode.get(net.nodeIdStr)!);
    if (kind === 'permissioned') {
      const w = p.chance(0.5) ? 20n : 100n;
      for (const v of members) {
        const start = Math.max(v.start, now - p.int(1, 60) * DAY);
        const end = Math.min(v.end, start + p.int(30, 365) * DAY);
        if (end <= now) continue;
        const tx = tf.addSubnetValidatorTx(p, net.ctx, { nodeId: v.nodeId, start, end, weight: w, subnetId: id, threshold: owner.threshold });
        net.historyTxs.push(tx);
        const reg = registerTx(net, tx);
        subnet.validators.push({ txIdStr: reg.idStr, nodeIdStr: v.nodeIdStr, start, end, weight: w });
        net.history.seed(idStr, v.nodeIdStr, { weight: w, publicKeyHex: v.signer?.publicKeyHex ?? null });
      }
    } else if (kind === 'elastic') {
      const assetId = p.bytes(32);
      subnet.assetIdStr = formatId(assetId);
      subnet.minValidatorStake = 2_000n * NAVAX;
      subnet.minDelegatorStake = 25n * NAVAX;
      subnet.supply = 720_000_000n * NAVAX + BigInt(p.int(0, 1_000_000)) * NAVAX;
      const tx = tf.transformSubnetTx(p, net.ctx, {
        subnetId: id,
        assetId,
        supply: subnet.supply,
        minValidatorStake: subnet.minValidatorStake,
        minDelegatorStake: subnet.minDelegatorStake,
        threshold: owner.threshold,
      });
      net.historyTxs.push(tx);
      subnet.transformationTxIdStr = registerTx(net, tx).idStr;
      const stakers: SubnetStakerFull[] = [];
      for (const v of members) {
        const weight = BigInt(Math.round(p.logUniform(2_000, 500_000))) * NAVAX;
        const start = Math.max(v.start, now - p.int(1, 60) * DAY);
        const end = Math.min(v.end, start + p.int(30, 365) * DAY);
        if (end <= now) continue;
        const rewardOwner = net.owner([p.pick(net.addrPool)]);
        const vtx = tf.addPermissionlessValidatorTx(p, net.ctx, {
          nodeId: v.nodeId,
          start,
          end,
          weight,
          subnetId: id,
          signer: null,
          stakeOwner: rewardOwner,
          rewardOwner,
          delegationRewardOwner: rewardOwner,
          shares: 20_000,
          assetId,
        });
        net.historyTxs.push(vtx);
        const reg = registerTx(net, vtx);
        const s: SubnetStakerFull = {
          txIdStr: reg.idStr,
          nodeIdStr: v.nodeIdStr,
          start,
          end,
          weight,
          permissionless: { potentialReward: elasticSubnetReward(weight, end - start), shares: 20_000, rewardOwner, signer: null },
        };
        stakers.push(s);
        subnet.validators.push(s);
        net.history.seed(idStr, v.nodeIdStr, { weight, publicKeyHex: null });
      }
      net.subnetStakers.set(idStr, stakers);
    } else {
      const managerChain = subnet.chains[0]!;
      const address = p.bytes(20);
      subnet.managerChainIdStr = managerChain.idStr;
      subnet.managerAddressHex = hexNoChecksum(address);
      const vals = members.map((v) => {
        const weight = BigInt(p.int(100, 100_000));
        const balance = BigInt(p.int(1, 50)) * NAVAX;
        // One signer for both: a key with another key's proof of possession would not verify. A second signer
        // was once drawn here; the draw stays so that everything after it in a seed's network is unchanged.
        const signer = v.signer ?? makeSigner(net, p);
        if (!v.signer) p.bytes(48 + 96);
        return { nodeId: v.nodeId, weight, balance, publicKey: signer.publicKey, pop: signer.pop, owner: net.owner([p.pick(net.addrPool)]) };
      });
      const tx = tf.convertSubnetToL1Tx(p, net.ctx, { subnetId: id, chainId: managerChain.id, address, validators: vals, threshold: owner.threshold });
      net.historyTxs.push(tx);
      registerTx(net, tx);
      subnet.conversionIdStr = formatId(sha256(id, new TextEncoder().encode('conversion')));
      vals.forEach((val, k) => {
        const idx = new Uint8Array(4);
        new DataView(idx.buffer).setUint32(0, k);
        const validationId = sha256(id, idx);
        const l1: L1Validator = {
          validationId,
          validationIdStr: formatId(validationId),
          nodeId: val.nodeId,
          nodeIdStr: formatNodeId(val.nodeId),
          weight: val.weight,
          balance: val.balance,
          startTime: now - p.int(1, 90) * DAY,
          minNonce: BigInt(p.int(0, 3)),
          publicKeyHex: hexNoChecksum(val.publicKey),
          remainingBalanceOwner: val.owner,
          deactivationOwner: val.owner,
        };
        subnet.l1Validators.push(l1);
        net.history.seed(idStr, l1.nodeIdStr, { weight: l1.weight, publicKeyHex: l1.publicKeyHex });
      });
    }
    net.subnets.push(subnet);
    net.subnetsById.set(idStr, subnet);
  });
}

export function buildPastRewards(net: SimNetwork, p: Prng): void {
  const now = net.nowSec();
  for (let i = 0; i < 12 && net.validators.length > 0; i++) {
    const v = p.pick(net.validators);
    const end = now - p.int(1, 60) * DAY;
    const weight = BigInt(Math.round(p.logUniform(25, 50_000))) * NAVAX;
    const d = newDelegator(net, p, v, end - p.int(14, 365) * DAY, end, weight);
    // Paid as rewardDelegatorTx pays a delegator: its part of the split, from output 1 (rewards.ts).
    rewardUtxosFor(net, d.txIdStr, d.txId, 1, [{ amount: split(d.potentialReward, v.shares)[1], owner: d.rewardOwner }]);
    net.pastRewardedTxs.push(d.txIdStr);
  }
}

export function buildPending(net: SimNetwork, p: Prng): void {
  const now = net.nowSec();
  const minStake = Number(net.consts.minValidatorStake / NAVAX);
  for (let i = 0; i < 4; i++) {
    const start = now + p.int(1, 14) * DAY;
    const weight = BigInt(Math.round(p.logUniform(minStake, minStake * 100))) * NAVAX;
    const v = newValidator(net, p, p.bytes(20), start, start + p.int(14, 365) * DAY, weight);
    v.connected = p.chance(0.7);
    net.pending.validators.push(v);
  }
  for (let i = 0; i < 6 && net.validators.length > 0; i++) {
    const v = p.pick(net.validators);
    const start = now + p.int(1, 3) * DAY;
    const end = Math.min(v.end, start + p.int(14, 60) * DAY);
    if (end <= start) continue;
    net.pending.delegators.push(newDelegator(net, p, v, start, end, BigInt(Math.round(p.logUniform(25, 10_000))) * NAVAX));
  }
}

export function buildHistoryBlocks(net: SimNetwork, p: Prng): void {
  const n = 24;
  const intervalSec = Math.max(1, Math.round(net.blockIntervalMs / 1000));
  let parent = p.bytes(32);
  let height = net.height - n;
  let t = net.nowSec() - n * intervalSec;
  const pending = [...net.historyTxs];
  const per = Math.max(1, Math.ceil(pending.length / n));
  for (let i = 0; i < n; i++) {
    let txs = pending.splice(0, per);
    if (txs.length === 0) txs = [tf.baseTransferTx(p, net.ctx, [{ amount: BigInt(p.int(1, 5_000)) * NAVAX, owner: net.owner([p.pick(net.addrPool)]) }])];
    for (const tx of txs) registerTx(net, tx);
    height++;
    t += intervalSec;
    const rec = storeBlock(net, tf.standardBlock(parent, height, t, txs), txs);
    parent = rec.id;
  }
  net.historyTxs = [];
}

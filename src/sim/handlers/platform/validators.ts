// P-chain methods on validator sets: current, pending, at a height, sampled, L1 validators, max stake.
import { PRIMARY_NETWORK_ID } from '../../constants';
import { Prng } from '../../prng';
import { parseNodeId } from '../../wire';
import { ArgError, MethodError, argsObject, heightArg, idArg, nodeIdArg, nodeIdsArg, uintArg } from '../../params';
import { allValidatorsAt, currentValidators, ownerJson, pendingValidators, validatorsAt } from '../validators';
import type { Handler } from '../../jsonrpc';
import type { HandlerContext } from '../context';

/** getCurrentValidators, getValidatorsAt, sampleValidators, getAllValidatorsAt, getL1Validator, getPendingValidators, getMaxStakeAmount. */
export function validatorMethods(ctx: HandlerContext, m: Map<string, Handler>): void {
  const { net, profile } = ctx;
  m.set('GetCurrentValidators', (params) => {
    const a = argsObject(params);
    return currentValidators(ctx, idArg(a, 'subnetID'), nodeIdsArg(a, 'nodeIDs'));
  });

  const resolveHeight = (h: bigint | 'proposed'): number => {
    if (h === 'proposed') return Math.max(0, net.height - 1);
    return h > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(h);
  };

  m.set('GetValidatorsAt', (params) => {
    const a = argsObject(params);
    const h = heightArg(a, 'height');
    if (h === 'proposed' && !profile.heightProposed) throw new ArgError('height "proposed" unknown before v1.11.13');
    const subnetId = idArg(a, 'subnetID');
    const height = resolveHeight(h);
    if (height > net.height && profile.legacyValidatorSetError) throw new MethodError('failed to get validator set: not found');
    if (height > net.height) {
      throw new MethodError(
        `failed to get validator set at ${height}: failed to fetch validator set at unfinalized height with SubnetID = ${subnetId}: current P-chain height (${net.height}) < requested P-Chain height (${height})`,
      );
    }
    return validatorsAt(ctx, subnetId, height);
  });

  m.set('SampleValidators', (params) => {
    const a = argsObject(params);
    const size = Number(uintArg(a, 'size', 16));
    const subnetId = idArg(a, 'subnetID');
    const set = net.history.at(subnetId, net.height);
    if (set.size === 0) throw new MethodError(`sampling ${subnetId} errored with missing validators`);
    // The node samples units of weight without replacement: a validator can come back several times, and only a
    // size above the total weight fails.
    const pool = [...set].map(([node, e]) => ({ node, w: e.weight }));
    const total = pool.reduce((s, x) => s + x.w, 0n);
    if (BigInt(size) > total) throw new MethodError(`sampling ${subnetId} errored with insufficient weight`);
    const prng = new Prng(net.seed).fork(`sample:${net.height}:${subnetId}:${size}`);
    const picked: string[] = [];
    if (pool.every((x) => x.w >= BigInt(size))) {
      // No validator can run out of weight: draw with a prefix sum and binary search.
      const cum: number[] = [];
      let acc = 0;
      for (const x of pool) cum.push((acc += Number(x.w)));
      for (let i = 0; i < size; i++) {
        const r = prng.next() * acc;
        let lo = 0;
        let hi = cum.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (cum[mid]! > r) hi = mid;
          else lo = mid + 1;
        }
        picked.push(pool[lo]!.node);
      }
    } else for (let i = 0; i < size; i++) {
      const left = pool.reduce((s, x) => s + x.w, 0n);
      let r = prng.bigint(0n, left - 1n);
      let k = 0;
      while (k < pool.length - 1 && r >= pool[k]!.w) {
        r -= pool[k]!.w;
        k++;
      }
      picked.push(pool[k]!.node);
      pool[k]!.w -= 1n;
    }
    const bytesOf = new Map(picked.map((n) => [n, Buffer.from(parseNodeId(n))]));
    return { validators: picked.sort((x, y) => Buffer.compare(bytesOf.get(x)!, bytesOf.get(y)!)) };
  });

  if (!profile.removed.has('platform.getAllValidatorsAt')) {
    m.set('GetAllValidatorsAt', (params) => {
      const height = resolveHeight(heightArg(argsObject(params), 'height'));
      if (height > net.height) {
        throw new MethodError(`failed to get validator set at ${height}: current P-chain height (${net.height}) < requested P-Chain height (${height})`);
      }
      return allValidatorsAt(ctx, height);
    });
  }

  if (!profile.removed.has('platform.getProposedHeight')) {
    m.set('GetProposedHeight', () => ({ height: String(Math.max(0, net.height - 1)) }));
  }

  if (!profile.removed.has('platform.getL1Validator')) {
    m.set('GetL1Validator', (params) => {
      const id = idArg(argsObject(params), 'validationID');
      for (const s of net.subnets) {
        const l = s.l1Validators.find((x) => x.validationIdStr === id);
        if (!l) continue;
        return {
          subnetID: s.idStr,
          nodeID: l.nodeIdStr,
          validationID: l.validationIdStr,
          publicKey: l.publicKeyHex,
          remainingBalanceOwner: ownerJson(l.remainingBalanceOwner),
          deactivationOwner: ownerJson(l.deactivationOwner),
          startTime: String(l.startTime),
          weight: l.weight.toString(),
          minNonce: l.minNonce.toString(),
          balance: l.balance.toString(),
          height: String(net.height),
        };
      }
      throw new MethodError(`fetching L1 validator ${JSON.stringify(id)} failed: not found`);
    });
  }

  if (!profile.removed.has('platform.getPendingValidators')) {
    m.set('GetPendingValidators', (params) => {
      const a = argsObject(params);
      return pendingValidators(ctx, idArg(a, 'subnetID'), nodeIdsArg(a, 'nodeIDs'));
    });
  }

  if (!profile.removed.has('platform.getMaxStakeAmount')) {
    m.set('GetMaxStakeAmount', (params) => {
      const a = argsObject(params);
      const subnetId = idArg(a, 'subnetID');
      const nodeId = nodeIdArg(a, 'nodeID');
      const start = uintArg(a, 'startTime', 64);
      const end = uintArg(a, 'endTime', 64);
      if (start >= end) throw new MethodError('start time must be before end time');
      if (start < BigInt(Math.floor(net.timeMs / 1000))) throw new MethodError('start time in the past');
      if (subnetId !== PRIMARY_NETWORK_ID || nodeId === null) return { amount: '0' };
      return { amount: net.nodeWeight(nodeId).toString() };
    });
  }
}

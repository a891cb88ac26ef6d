// The P-chain API (`/ext/bc/P` and its aliases). Shapes follow the profile: v1.11 (spec era) or v1.14 (today).
import { decodeBlock, decodeSignedTx, encodeTransferableOutput, toNodeJson, CodecError } from '../../codec';
import type { TransferableOutput } from '../../codec';
import { decodeHex, encodeHex, formatAddress, formatId, parseId, parseNodeId, cb58Decode, rfc3339 } from '../wire';
import { FEE_CONFIG, PRIMARY_NETWORK_ID, VALIDATOR_FEE_CONFIG } from '../constants';
import { Prng } from '../prng';
import type { Handler } from '../jsonrpc';
import {
  ArgError,
  MethodError,
  argsObject,
  boolArg,
  encodingArg,
  field,
  heightArg,
  idArg,
  idsArg,
  nodeIdArg,
  nodeIdsArg,
  parseServiceAddress,
  stringArg,
  stringsArg,
  uintArg,
  type Args,
  type Encoding,
} from '../params';
import type { UtxoView } from '../utxo-store';
import type { HandlerContext } from './context';
import { chainAliases, runningChains } from './info';
import { allValidatorsAt, currentValidators, ownerJson, pendingValidators, validatorsAt } from './validators';

const MAX_PAGE = 1024;
const MAX_UTXO_ADDRESSES = 1024;
const MAX_STAKE_ADDRESSES = 256;

function blob(bytes: Uint8Array, enc: Encoding): string {
  return encodeHex(bytes, { checksum: enc !== 'hexnc' });
}

function codecReason(err: unknown): string {
  if (err instanceof CodecError) return (err as CodecError & { reason?: string }).reason ?? err.message;
  return err instanceof Error ? err.message : String(err);
}

export function platformHandlers(ctx: HandlerContext): Map<string, Handler> {
  const { net, profile } = ctx;
  const m = new Map<string, Handler>();
  const hrpAliases = () => chainAliases(ctx);
  const hrp = () => formatAddress(new Uint8Array(20), net.networkId).split('-')[1]!.split('1')[0]!;
  const addr = (s: string) => parseServiceAddress(s, hrp(), hrpAliases());
  const fmt = (a: Uint8Array) => formatAddress(a, net.networkId);

  m.set('GetHeight', () => ({ height: String(net.height) }));
  // Chain time is kept in whole seconds (block times are unix seconds).
  const chainTime = () => rfc3339(Math.floor(net.timeMs / 1000) * 1000);
  m.set('GetTimestamp', () => ({ timestamp: chainTime() }));

  m.set('GetBlock', (params) => {
    const a = argsObject(params);
    const id = idArg(a, 'blockID');
    const enc = encodingArg(a);
    const b = net.blockById(id);
    if (!b) throw new MethodError(`couldn't get block with id ${id}: not found`);
    return { block: enc === 'json' ? toNodeJson(decodeBlock(b.bytes), net.networkId) : blob(b.bytes, enc), encoding: enc };
  });

  m.set('GetBlockByHeight', (params) => {
    const a = argsObject(params);
    const h = uintArg(a, 'height', 64);
    const enc = encodingArg(a);
    const b = h <= BigInt(Number.MAX_SAFE_INTEGER) ? net.blockByHeight(Number(h)) : undefined;
    if (!b) throw new MethodError(`couldn't get block at height ${h}: not found`);
    return { block: enc === 'json' ? toNodeJson(decodeBlock(b.bytes), net.networkId) : blob(b.bytes, enc), encoding: enc };
  });

  m.set('GetTx', (params) => {
    const a = argsObject(params);
    const id = idArg(a, 'txID');
    const enc = encodingArg(a);
    const rec = net.txs.get(id);
    if (!rec || (rec.status !== 'Committed' && rec.status !== 'Aborted')) throw new MethodError("couldn't get tx: not found");
    return { tx: enc === 'json' ? toNodeJson(decodeSignedTx(rec.bytes), net.networkId) : blob(rec.bytes, enc), encoding: enc };
  });

  m.set('GetTxStatus', (params) => {
    const id = idArg(argsObject(params), 'txID');
    const rec = net.txs.get(id);
    if (!rec) return { status: 'Unknown' };
    return rec.status === 'Dropped' ? { status: rec.status, reason: rec.reason ?? '' } : { status: rec.status };
  });

  m.set('IssueTx', (params) => {
    const a = argsObject(params);
    const text = stringArg(a, 'tx');
    const enc = encodingArg(a);
    if (enc === 'json') throw new MethodError('problem decoding transaction: unsupported encoding in method');
    let bytes: Uint8Array;
    try {
      bytes = decodeHex(text, { checksum: enc !== 'hexnc' });
    } catch (err) {
      throw new MethodError(`problem decoding transaction: ${codecReason(err)}`);
    }
    let tx;
    try {
      tx = decodeSignedTx(bytes);
    } catch (err) {
      throw new MethodError(`couldn't parse tx: couldn't parse tx: ${codecReason(err)}`);
    }
    if (bytes.length > 256 * 1024) throw new MethodError("couldn't parse tx: couldn't parse tx: byte array exceeds maximum length");
    const u = tx.unsigned as { networkId?: number };
    if (u.networkId !== undefined && u.networkId !== net.networkId) {
      throw new MethodError(`couldn't issue tx: failed verification: expected networkID ${net.networkId} but got ${u.networkId}`);
    }
    return { txID: net.issue(bytes, tx) };
  });

  m.set('GetUTXOs', (params) => {
    const a = argsObject(params);
    const addrStrs = stringsArg(a, 'addresses');
    const sourceChain = stringArg(a, 'sourceChain');
    let limit = Number(uintArg(a, 'limit', 32));
    const enc = encodingArg(a);
    const startIndex = field(a, 'startIndex');
    if (startIndex !== undefined && startIndex !== null && (typeof startIndex !== 'object' || Array.isArray(startIndex))) {
      throw new ArgError('startIndex');
    }
    const si = (startIndex ?? {}) as Args;
    const startAddrStr = stringArg(si, 'address');
    const startUtxoStr = stringArg(si, 'utxo');
    if (addrStrs.length === 0) throw new MethodError('no addresses provided');
    if (addrStrs.length > MAX_UTXO_ADDRESSES) {
      throw new MethodError(`number of addresses given, ${addrStrs.length}, exceeds maximum, ${MAX_UTXO_ADDRESSES}`);
    }
    let atomic = false;
    if (sourceChain !== '') {
      const id = hrpAliases()[sourceChain] ?? (() => {
        try {
          parseId(sourceChain);
          return sourceChain;
        } catch {
          throw new MethodError(`problem parsing source chainID ${JSON.stringify(sourceChain)}: there is no ID with alias: ${sourceChain}`);
        }
      })();
      atomic = id !== PRIMARY_NETWORK_ID;
    }
    const set = new Map<string, Uint8Array>();
    for (const s of addrStrs) {
      const b = addr(s);
      set.set(Buffer.from(b).toString('hex'), b);
    }
    const addrs = [...set.values()].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    let lastAddr: Uint8Array = new Uint8Array(20);
    let lastUtxo: Buffer = Buffer.alloc(32);
    if (startAddrStr !== '' || startUtxoStr !== '') {
      try {
        lastAddr = addr(startAddrStr);
      } catch (err) {
        const why = err instanceof Error ? err.message.replace(/^couldn't parse address "[^"]*": /, '') : String(err);
        throw new MethodError(`couldn't parse start index address ${JSON.stringify(startAddrStr)}: ${why}`);
      }
      try {
        const raw = cb58Decode(startUtxoStr);
        if (raw.length !== 32) throw new Error(`invalid hash length: expected 32 bytes but got ${raw.length}`);
        lastUtxo = Buffer.from(raw);
      } catch (err) {
        throw new MethodError(`couldn't parse start index utxo: ${codecReason(err)}`);
      }
    }
    if (limit <= 0 || limit > MAX_PAGE) limit = MAX_PAGE;
    // avax.GetPaginatedUTXOs: addresses in byte order; resume after (lastAddr, lastUtxo).
    const found: UtxoView[] = [];
    const seen = new Set<string>();
    let left = limit;
    const startAddrBuf = Buffer.from(lastAddr);
    const startUtxo = lastUtxo;
    outer: for (const a2 of addrs) {
      const cmp = Buffer.compare(Buffer.from(a2), startAddrBuf);
      if (cmp < 0) continue;
      const after = cmp === 0 && !startUtxo.equals(Buffer.alloc(32)) ? startUtxo : null;
      lastAddr = a2;
      if (atomic) continue;
      const page = net.utxos.page(a2, after, left);
      for (const u of page) {
        lastUtxo = u.id;
        const key = u.id.toString('hex');
        if (seen.has(key)) continue;
        seen.add(key);
        found.push(u);
        left--;
        if (left <= 0) break outer;
      }
    }
    if (enc === 'json' && found.length > 0) {
      throw new MethodError(`couldn't encode UTXO ${formatId(found[0]!.id)} as json: unsupported encoding in method`);
    }
    return {
      numFetched: String(found.length),
      utxos: found.map((u) => blob(net.utxos.encode(u), enc)),
      endIndex: { address: fmt(lastAddr), utxo: formatId(lastUtxo) },
      encoding: enc,
    };
  });

  m.set('GetRewardUTXOs', (params) => {
    const a = argsObject(params);
    const id = idArg(a, 'txID');
    const enc = encodingArg(a);
    const list = net.rewardUtxos.get(id) ?? [];
    if (enc === 'json' && list.length > 0) throw new MethodError("couldn't encode utxo as json: unsupported encoding in method");
    return { numFetched: String(list.length), utxos: list.map((u) => blob(net.utxos.encode(u), enc)), encoding: enc };
  });

  m.set('GetBalance', (params) => {
    const strs = stringsArg(argsObject(params), 'addresses');
    const set = new Map<string, Uint8Array>();
    for (const s of strs) {
      const b = addr(s);
      set.set(Buffer.from(b).toString('hex'), b);
    }
    const nowSec = BigInt(Math.floor(net.timeMs / 1000));
    let unlocked = 0n;
    let lockedStakeable = 0n;
    let lockedNot = 0n;
    const seen = new Set<string>();
    const utxoIds: { txID: string; outputIndex: number }[] = [];
    for (const b of set.values()) {
      for (const u of net.utxos.all(b)) {
        const key = u.id.toString('hex');
        if (seen.has(key)) continue;
        seen.add(key);
        if (u.kind === 1 && u.locktime > nowSec) lockedStakeable += u.amount;
        else if (u.kind === 2 && u.locktime > nowSec) lockedNot += u.amount;
        else unlocked += u.amount;
        utxoIds.push({ txID: formatId(u.txId), outputIndex: u.outputIndex });
      }
    }
    const asset = net.consts.avaxAssetId;
    const total = unlocked + lockedStakeable + lockedNot;
    const per = (v: bigint) => (v > 0n ? { [asset]: v.toString() } : {});
    return {
      balance: total.toString(),
      unlocked: unlocked.toString(),
      lockedStakeable: lockedStakeable.toString(),
      lockedNotStakeable: lockedNot.toString(),
      balances: per(total),
      unlockeds: per(unlocked),
      lockedStakeables: per(lockedStakeable),
      lockedNotStakeables: per(lockedNot),
      utxoIDs: utxoIds.length > 0 ? utxoIds : null,
    };
  });

  m.set('GetStake', (params) => {
    const a = argsObject(params);
    const strs = stringsArg(a, 'addresses');
    const validatorsOnly = boolArg(a, 'validatorsOnly');
    const enc = encodingArg(a);
    if (strs.length > MAX_STAKE_ADDRESSES) {
      throw new MethodError(`${strs.length} addresses provided but this method can take at most ${MAX_STAKE_ADDRESSES}`);
    }
    const want = new Set(strs.map((s) => Buffer.from(addr(s)).toString('hex')));
    let staked = 0n;
    const outputs: { txIdStr: string; out: TransferableOutput }[] = [];
    const owned = (addrs: Uint8Array[]) => addrs.some((x) => want.has(Buffer.from(x).toString('hex')));
    const assetId = parseId(net.consts.avaxAssetId);
    const consider = (s: { txIdStr: string; weight: bigint; stakeOwner: { addrs: Uint8Array[]; threshold: number; locktime: bigint } }) => {
      if (!owned(s.stakeOwner.addrs)) return;
      staked += s.weight;
      outputs.push({
        txIdStr: s.txIdStr,
        out: {
          kind: 'transferableOutput',
          assetId,
          output: {
            typeId: 7,
            typeName: 'secp256k1fx.TransferOutput',
            amount: s.weight,
            locktime: s.stakeOwner.locktime,
            threshold: s.stakeOwner.threshold,
            addresses: s.stakeOwner.addrs,
          },
        },
      });
    };
    for (const v of net.validators) {
      consider(v);
      if (!validatorsOnly) for (const d of v.delegators) consider(d);
    }
    if (enc === 'json' && outputs.length > 0) {
      throw new MethodError(`couldn't encode output ${outputs[0]!.txIdStr} as json: unsupported encoding in method`);
    }
    return {
      staked: staked.toString(),
      stakeds: staked > 0n ? { [net.consts.avaxAssetId]: staked.toString() } : {},
      stakedOutputs: outputs.map((o) => blob(encodeTransferableOutput(o.out), enc)),
      encoding: enc,
    };
  });

  m.set('GetCurrentSupply', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    let supply: bigint;
    if (id === PRIMARY_NETWORK_ID) supply = net.currentSupply();
    else {
      const s = net.subnetsById.get(id);
      if (!s || s.kind !== 'elastic' || s.supply === undefined) throw new MethodError('fetching current supply failed: not found');
      supply = s.supply;
    }
    return profile.supplyHeight ? { supply: supply.toString(), height: String(net.height) } : { supply: supply.toString() };
  });

  const transformation = (id: string) => {
    const s = net.subnetsById.get(id);
    if (!s || s.kind !== 'elastic') throw new MethodError(`failed fetching subnet transformation for ${id}: not found`);
    return s;
  };

  m.set('GetMinStake', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    if (id === PRIMARY_NETWORK_ID) {
      return { minValidatorStake: net.consts.minValidatorStake.toString(), minDelegatorStake: net.consts.minDelegatorStake.toString() };
    }
    const s = transformation(id);
    return { minValidatorStake: String(s.minValidatorStake ?? 0n), minDelegatorStake: String(s.minDelegatorStake ?? 0n) };
  });

  m.set('GetStakingAssetID', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    if (id === PRIMARY_NETWORK_ID) return { assetID: net.consts.avaxAssetId };
    return { assetID: transformation(id).assetIdStr };
  });

  m.set('GetTotalStake', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    let total = 0n;
    if (id === PRIMARY_NETWORK_ID) total = net.totalStake();
    else for (const e of net.history.at(id, net.height).values()) total += e.weight;
    return { stake: total.toString(), weight: total.toString() };
  });

  m.set('GetBlockchains', () => ({
    blockchains: net.chains.map((c) => ({ id: c.idStr, name: c.name, subnetID: c.subnetIdStr, vmID: c.vmIdStr })),
  }));

  m.set('GetBlockchainStatus', (params) => {
    const arg = stringArg(argsObject(params), 'blockchainID');
    if (arg === '') throw new MethodError("argument 'blockchainID' not given");
    const id = chainAliases(ctx)[arg] ?? arg;
    if (runningChains(ctx).has(id)) {
      if (id === PRIMARY_NETWORK_ID || id === net.consts.xChainId || id === net.consts.cChainId) return { status: 'Validating' };
      const chain = net.chains.find((c) => c.idStr === id);
      const subnet = chain ? net.subnetsById.get(chain.subnetIdStr) : undefined;
      const validates = subnet?.validators.some((v) => v.nodeIdStr === net.nodeIdStr) ?? false;
      return { status: validates ? 'Validating' : 'Syncing' };
    }
    try {
      parseId(arg);
    } catch (err) {
      throw new MethodError(`problem parsing blockchainID ${JSON.stringify(arg)}: ${codecReason(err)}`);
    }
    if (net.chains.some((c) => c.idStr === arg)) return { status: 'Created' };
    const rec = net.txs.get(arg);
    if (rec && rec.status === 'Processing') return { status: 'Preferred' };
    return { status: 'Unknown' };
  });

  m.set('GetSubnet', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    if (id === PRIMARY_NETWORK_ID) throw new MethodError("the primary network isn't a subnet");
    const s = net.subnetsById.get(id);
    if (!s) {
      if (net.txs.has(id)) throw new MethodError(`${JSON.stringify(id)} is not a subnet`);
      throw new MethodError('not found');
    }
    const out: Record<string, unknown> = {
      isPermissioned: s.kind === 'permissioned',
      controlKeys: s.owner.addrStrs,
      threshold: String(s.owner.threshold),
      locktime: s.owner.locktime.toString(),
      subnetTransformationTxID: s.transformationTxIdStr ?? PRIMARY_NETWORK_ID,
    };
    if (profile.subnetConversionFields) {
      out.conversionID = s.conversionIdStr ?? PRIMARY_NETWORK_ID;
      out.managerChainID = s.managerChainIdStr ?? PRIMARY_NETWORK_ID;
      out.managerAddress = s.managerAddressHex ?? null;
    }
    return out;
  });

  m.set('GetSubnets', (params) => {
    const ids = idsArg(argsObject(params), 'ids');
    const item = (s: (typeof net.subnets)[number]) => ({
      id: s.idStr,
      controlKeys: s.kind === 'elastic' ? [] : s.owner.addrStrs,
      threshold: s.kind === 'elastic' ? '0' : String(s.owner.threshold),
    });
    if (ids.length === 0) {
      return { subnets: [...net.subnets.map(item), { id: PRIMARY_NETWORK_ID, controlKeys: [], threshold: '0' }] };
    }
    const list: unknown[] = [];
    for (const id of ids) {
      if (id === PRIMARY_NETWORK_ID) list.push({ id, controlKeys: [], threshold: '0' });
      const s = net.subnetsById.get(id);
      if (s) list.push(item(s));
    }
    return { subnets: list.length > 0 ? list : null };
  });

  m.set('ValidatedBy', (params) => {
    const id = idArg(argsObject(params), 'blockchainID');
    if (id === PRIMARY_NETWORK_ID) return { subnetID: PRIMARY_NETWORK_ID };
    const chain = net.chains.find((c) => c.idStr === id);
    if (chain) return { subnetID: chain.subnetIdStr };
    if (net.txs.has(id)) throw new MethodError(`${JSON.stringify(id)} is not a blockchain`);
    throw new MethodError(`problem retrieving blockchain ${JSON.stringify(id)}: not found`);
  });

  m.set('Validates', (params) => {
    const id = idArg(argsObject(params), 'subnetID');
    if (id === PRIMARY_NETWORK_ID) return { blockchainIDs: [net.consts.xChainId, net.consts.cChainId] };
    const s = net.subnetsById.get(id);
    if (!s) {
      if (net.txs.has(id)) throw new MethodError(`${JSON.stringify(id)} is not a subnet`);
      throw new MethodError(`problem retrieving subnet ${JSON.stringify(id)}: not found`);
    }
    return { blockchainIDs: s.chains.map((c) => c.idStr) };
  });

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

  if (!profile.removed.has('platform.getFeeConfig')) {
    m.set('GetFeeConfig', () => ({ ...FEE_CONFIG, weights: [...FEE_CONFIG.weights] }));
    m.set('GetFeeState', () => ({ ...net.feeState, timestamp: chainTime() }));
  }
  if (!profile.removed.has('platform.getValidatorFeeConfig')) {
    m.set('GetValidatorFeeConfig', () => ({ ...VALIDATOR_FEE_CONFIG }));
    m.set('GetValidatorFeeState', () => ({ ...net.validatorFeeState, timestamp: chainTime() }));
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

  if (!profile.removed.has('platform.exportKey')) {
    const user = (a: Args) => {
      const username = stringArg(a, 'username');
      const password = stringArg(a, 'password');
      if (username !== net.keystore.username) throw new MethodError(`user doesn't exist: ${username}`);
      if (password !== net.keystore.password) throw new MethodError(`incorrect password: user ${JSON.stringify(username)}`);
    };
    m.set('ExportKey', (params) => {
      const a = argsObject(params);
      user(a);
      const address = stringArg(a, 'address');
      let bytes: Uint8Array;
      try {
        bytes = addr(address);
      } catch (err) {
        const why = err instanceof Error ? err.message.replace(/^couldn't parse address "[^"]*": /, '') : String(err);
        throw new MethodError(`couldn't parse ${address} to address: ${why}`);
      }
      const key = net.keystore.keys.get(fmt(bytes));
      if (!key) throw new MethodError('problem retrieving private key: not found');
      return { privateKey: key };
    });
    m.set('ListAddresses', (params) => {
      user(argsObject(params));
      return { addresses: [...net.keystore.keys.keys()] };
    });
  }
  return m;
}

// P-chain methods on what addresses hold: UTXO pages, reward UTXOs, balances and stake.
import { encodeTransferableOutput } from '../../../codec';
import type { TransferableOutput } from '../../../codec';
import { formatId, parseId, cb58Decode } from '../../wire';
import { PRIMARY_NETWORK_ID } from '../../constants';
import { ArgError, MethodError, argsObject, boolArg, encodingArg, field, idArg, stringArg, stringsArg, uintArg, type Args } from '../../params';
import type { UtxoView } from '../../utxo-store';
import type { Handler } from '../../jsonrpc';
import type { HandlerContext } from '../context';
import { MAX_PAGE, MAX_STAKE_ADDRESSES, MAX_UTXO_ADDRESSES, type PlatformHelpers } from './shared';

/** getUTXOs, getRewardUTXOs, getBalance, getStake. */
export function utxoMethods(ctx: HandlerContext, m: Map<string, Handler>, shared: PlatformHelpers): void {
  const { net } = ctx;
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
      const id = shared.hrpAliases()[sourceChain] ?? (() => {
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
      const b = shared.addr(s);
      set.set(Buffer.from(b).toString('hex'), b);
    }
    const addrs = [...set.values()].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    let lastAddr: Uint8Array = new Uint8Array(20);
    let lastUtxo: Buffer = Buffer.alloc(32);
    if (startAddrStr !== '' || startUtxoStr !== '') {
      try {
        lastAddr = shared.addr(startAddrStr);
      } catch (err) {
        const why = err instanceof Error ? err.message.replace(/^couldn't parse address "[^"]*": /, '') : String(err);
        throw new MethodError(`couldn't parse start index address ${JSON.stringify(startAddrStr)}: ${why}`);
      }
      try {
        const raw = cb58Decode(startUtxoStr);
        if (raw.length !== 32) throw new Error(`invalid hash length: expected 32 bytes but got ${raw.length}`);
        lastUtxo = Buffer.from(raw);
      } catch (err) {
        throw new MethodError(`couldn't parse start index utxo: ${shared.codecReason(err)}`);
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
      utxos: found.map((u) => shared.blob(net.utxos.encode(u), enc)),
      endIndex: { address: shared.fmt(lastAddr), utxo: formatId(lastUtxo) },
      encoding: enc,
    };
  });

  m.set('GetRewardUTXOs', (params) => {
    const a = argsObject(params);
    const id = idArg(a, 'txID');
    const enc = encodingArg(a);
    const list = net.rewardUtxos.get(id) ?? [];
    if (enc === 'json' && list.length > 0) throw new MethodError("couldn't encode utxo as json: unsupported encoding in method");
    return { numFetched: String(list.length), utxos: list.map((u) => shared.blob(net.utxos.encode(u), enc)), encoding: enc };
  });

  m.set('GetBalance', (params) => {
    const strs = stringsArg(argsObject(params), 'addresses');
    const set = new Map<string, Uint8Array>();
    for (const s of strs) {
      const b = shared.addr(s);
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
    const want = new Set(strs.map((s) => Buffer.from(shared.addr(s)).toString('hex')));
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
      stakedOutputs: outputs.map((o) => shared.blob(encodeTransferableOutput(o.out), enc)),
      encoding: enc,
    };
  });
}

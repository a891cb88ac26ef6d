// The UTXO set, indexed by address and ordered by UTXO ID as avalanchego's address index is, so getUTXOs pages
// exactly like the node's. Big wallets are generated lazily and compactly: only their IDs are hashed (once, on first
// use); each UTXO's content is derived again from its index when it is served.
import { createHash } from 'node:crypto';
import type { Utxo } from '../codec/pchain/types';
import { encodeUtxo } from '../codec/pchain/utxo';
import { Prng } from './prng';

export type UtxoKind = 0 | 1 | 2; // 0 unlocked, 1 stakeable-locked, 2 time-locked

export interface UtxoView {
  id: Buffer;
  txId: Uint8Array;
  outputIndex: number;
  amount: bigint;
  kind: UtxoKind;
  /** Locktime of the lock (stakeable or plain), unix seconds; 0 when unlocked. */
  locktime: bigint;
  /** Owner addresses (20 bytes each) and threshold. */
  addrs: Uint8Array[];
  threshold: number;
}

function utxoId(txId: Uint8Array, outputIndex: number): Buffer {
  const idx = Buffer.alloc(8);
  idx.writeUInt32BE(outputIndex, 4);
  return createHash('sha256').update(idx).update(txId).digest();
}

function lowerBound(count: number, idAt: (i: number) => Buffer, target: Buffer): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (Buffer.compare(idAt(mid), target) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A wallet whose N UTXOs are derived from (seed, wallet index, i). */
class LazyWallet {
  private built = false;
  private txIds!: Buffer;
  private outIdx!: Uint8Array;
  private ids!: Buffer; // sorted order
  private order!: Uint32Array; // sorted position -> generation index
  private amounts!: Float64Array;
  private kinds!: Uint8Array;
  private locks!: Float64Array;

  constructor(
    readonly addr: Uint8Array,
    readonly count: number,
    private readonly seed: number,
    private readonly label: string,
    private readonly startSec: number,
  ) {}

  private build(): void {
    if (this.built) return;
    const n = this.count;
    const prng = new Prng(this.seed).fork(this.label);
    this.txIds = Buffer.alloc(n * 32);
    this.outIdx = new Uint8Array(n);
    this.amounts = new Float64Array(n);
    this.kinds = new Uint8Array(n);
    this.locks = new Float64Array(n);
    const rawIds = Buffer.alloc(n * 32);
    let i = 0;
    while (i < n) {
      // Several outputs of one tx land on the same address, as batch payouts do.
      const tx = prng.bytes(32);
      const outs = Math.min(n - i, prng.chance(0.7) ? 1 : prng.int(2, 5));
      for (let k = 0; k < outs; k++, i++) {
        this.txIds.set(tx, i * 32);
        this.outIdx[i] = k;
        this.amounts[i] = Math.round(prng.logUniform(1e6, 5e13));
        const r = prng.next();
        const kind: UtxoKind = r < 0.03 ? 1 : r < 0.04 ? 2 : 0;
        this.kinds[i] = kind;
        this.locks[i] = kind === 0 ? 0 : this.startSec + prng.int(86_400, 86_400 * 700);
        utxoId(tx, k).copy(rawIds, i * 32);
      }
    }
    const order = new Uint32Array(n);
    for (let j = 0; j < n; j++) order[j] = j;
    const views = Array.from({ length: n }, (_, j) => rawIds.subarray(j * 32, j * 32 + 32));
    order.sort((a, b) => Buffer.compare(views[a]!, views[b]!));
    this.ids = Buffer.alloc(n * 32);
    for (let j = 0; j < n; j++) rawIds.copy(this.ids, j * 32, order[j]! * 32, order[j]! * 32 + 32);
    this.order = order;
    this.built = true;
  }

  size(): number {
    return this.count;
  }

  idAt(pos: number): Buffer {
    this.build();
    return this.ids.subarray(pos * 32, pos * 32 + 32);
  }

  /** First sorted position whose ID is greater than `after` (or 0). */
  positionAfter(after: Buffer | null): number {
    this.build();
    if (!after) return 0;
    const lb = lowerBound(this.count, (i) => this.idAt(i), after);
    return lb < this.count && this.idAt(lb).equals(after) ? lb + 1 : lb;
  }

  view(pos: number): UtxoView {
    this.build();
    const g = this.order[pos]!;
    return {
      id: Buffer.from(this.idAt(pos)),
      txId: new Uint8Array(this.txIds.subarray(g * 32, g * 32 + 32)),
      outputIndex: this.outIdx[g]!,
      amount: BigInt(this.amounts[g]!),
      kind: this.kinds[g] as UtxoKind,
      locktime: BigInt(this.locks[g]!),
      addrs: [this.addr],
      threshold: 1,
    };
  }
}

/** UTXOs added while the network runs (rewards, returned stake, transfers): few, explicit. */
class DynamicSet {
  readonly items: UtxoView[] = [];
  add(u: UtxoView): void {
    const pos = lowerBound(this.items.length, (i) => this.items[i]!.id, u.id);
    if (pos < this.items.length && this.items[pos]!.id.equals(u.id)) return;
    this.items.splice(pos, 0, u);
  }
  positionAfter(after: Buffer | null): number {
    if (!after) return 0;
    const lb = lowerBound(this.items.length, (i) => this.items[i]!.id, after);
    return lb < this.items.length && this.items[lb]!.id.equals(after) ? lb + 1 : lb;
  }
}

export class UtxoStore {
  private readonly lazy = new Map<string, LazyWallet>();
  private readonly dynamic = new Map<string, DynamicSet>();
  /** Cap on UTXOs kept per address from network activity, so a long-running node stays small. */
  private readonly maxDynamicPerAddress = 5_000;

  constructor(
    private readonly avaxAssetId: Uint8Array,
    private readonly seed: number,
    private readonly startSec: number,
  ) {}

  addLazyWallet(addr: Uint8Array, count: number, label: string): void {
    this.lazy.set(Buffer.from(addr).toString('hex'), new LazyWallet(addr, count, this.seed, label, this.startSec));
  }

  add(u: Omit<UtxoView, 'id'> & { id?: Buffer }): UtxoView {
    const view: UtxoView = { ...u, id: u.id ?? utxoId(u.txId, u.outputIndex) };
    for (const a of u.addrs) {
      const key = Buffer.from(a).toString('hex');
      let set = this.dynamic.get(key);
      if (!set) this.dynamic.set(key, (set = new DynamicSet()));
      if (set.items.length >= this.maxDynamicPerAddress) set.items.shift();
      set.add(view);
    }
    return view;
  }

  count(addr: Uint8Array): number {
    const key = Buffer.from(addr).toString('hex');
    return (this.lazy.get(key)?.size() ?? 0) + (this.dynamic.get(key)?.items.length ?? 0);
  }

  /** Up to `limit` UTXOs of one address with IDs strictly after `after`, in ID order. */
  page(addr: Uint8Array, after: Buffer | null, limit: number): UtxoView[] {
    const key = Buffer.from(addr).toString('hex');
    const lw = this.lazy.get(key);
    const dyn = this.dynamic.get(key);
    const out: UtxoView[] = [];
    let li = lw ? lw.positionAfter(after) : 0;
    let di = dyn ? dyn.positionAfter(after) : 0;
    const ln = lw ? lw.size() : 0;
    const dn = dyn ? dyn.items.length : 0;
    while (out.length < limit && (li < ln || di < dn)) {
      const takeLazy =
        li < ln && (di >= dn || Buffer.compare(lw!.idAt(li), dyn!.items[di]!.id) < 0);
      if (takeLazy) out.push(lw!.view(li++));
      else out.push(dyn!.items[di++]!);
    }
    return out;
  }

  /** Every UTXO of an address (getBalance); fine up to a few hundred thousand. */
  all(addr: Uint8Array): UtxoView[] {
    return this.page(addr, null, Number.MAX_SAFE_INTEGER);
  }

  encode(u: UtxoView): Uint8Array {
    const transfer = {
      typeId: 7 as const,
      typeName: 'secp256k1fx.TransferOutput' as const,
      amount: u.amount,
      locktime: u.kind === 2 ? u.locktime : 0n,
      threshold: u.threshold,
      addresses: u.addrs,
    };
    const utxo: Utxo = {
      kind: 'utxo',
      txId: u.txId,
      outputIndex: u.outputIndex,
      assetId: this.avaxAssetId,
      output:
        u.kind === 1
          ? { typeId: 22, typeName: 'stakeable.LockOut', locktime: u.locktime, output: transfer }
          : transfer,
    };
    return encodeUtxo(utxo);
  }
}

export { utxoId };

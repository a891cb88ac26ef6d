// What a decoded UTXO means to a person: amount, owners, threshold, locktime, and which balance it counts toward.
import { formatAddress } from '../../codec/address';
import { formatId } from '../../codec/cb58';
import { obj, num, big } from '../../format/fields';

export type LockKind = 'unlocked' | 'locked stakeable' | 'locked not stakeable' | 'unknown';

export interface UtxoInfo {
  readonly amount: bigint | undefined;
  readonly owners: readonly string[];
  readonly threshold: number | undefined;
  /** The output's own locktime (Unix seconds). */
  readonly locktime: bigint;
  /** stakeable.LockOut's locktime, when wrapped. */
  readonly stakeableUntil: bigint | undefined;
  readonly kind: LockKind;
  readonly assetId: string | undefined;
  readonly txId: string | undefined;
  readonly outputIndex: number | undefined;
  readonly typeName: string | undefined;
}

function idText(v: unknown): string | undefined {
  if (v instanceof Uint8Array && v.length === 32) return formatId(v);
  return typeof v === 'string' ? v : undefined;
}

/**
 * The last bytes formatted and their text: a wallet's UTXOs mostly share one asset and one owner, whose IDs were
 * encoded again for each of a page's 1,024 rows (cb58 and bech32 were most of what the big scenario's UTXO paging
 * allocated, docs/performance.md).
 */
function lastFormatted(format: (b: Uint8Array) => string): (b: Uint8Array) => string {
  let bytes: Uint8Array | undefined;
  let text = '';
  return (b) => {
    if (bytes === undefined || !sameBytes(bytes, b)) {
      text = format(b);
      bytes = b.slice();
    }
    return text;
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const assetText = lastFormatted((b) => idText(b)!);
const ownerTexts = new Map<number, (b: Uint8Array) => string>();
const ownerText = (networkId: number) => {
  let f = ownerTexts.get(networkId);
  if (!f) ownerTexts.set(networkId, (f = lastFormatted((b) => formatAddress(b, networkId, 'P'))));
  return f;
};

/** What a decoded UTXO's IDs read as, kept with the decoded UTXO (a page's rows are the same objects at every block). */
type UtxoTexts = Pick<UtxoInfo, 'owners' | 'assetId' | 'txId'> & { readonly networkId: number };
const texts = new WeakMap<object, UtxoTexts>();

function textsOf(u: Record<string, unknown>, out: Record<string, unknown>, networkId: number): UtxoTexts {
  const kept = texts.get(u);
  if (kept && kept.networkId === networkId) return kept;
  const owners = (Array.isArray(out.addresses) ? out.addresses : []).map((a) => {
    if (a instanceof Uint8Array && a.length === 20) {
      try {
        return ownerText(networkId)(a);
      } catch {
        return '?';
      }
    }
    return String(a);
  });
  const assetId = u.assetId instanceof Uint8Array && u.assetId.length === 32 ? assetText(u.assetId) : idText(u.assetId);
  const made = { owners, assetId, txId: idText(u.txId), networkId };
  texts.set(u, made);
  return made;
}

/** `nowSec` is chain time (or the clock) in Unix seconds: locks are compared against it. */
export function describeUtxo(decoded: unknown, networkId: number | undefined, nowSec: bigint): UtxoInfo {
  const u = obj(decoded);
  let out = obj(u.output);
  let stakeableUntil: bigint | undefined;
  if (out.typeId === 22 || out.typeName === 'stakeable.LockOut') {
    stakeableUntil = big(out.locktime);
    out = obj(out.output);
  }
  const locktime = big(out.locktime) ?? 0n;
  const { owners, assetId, txId } = textsOf(u, out, networkId ?? 1);
  let kind: LockKind = 'unknown';
  if (out.typeId === 7 || out.amount !== undefined) {
    if (stakeableUntil !== undefined && stakeableUntil > nowSec) kind = 'locked stakeable';
    else if (locktime > nowSec) kind = 'locked not stakeable';
    else kind = 'unlocked';
  }
  return {
    amount: big(out.amount),
    owners,
    threshold: num(out.threshold),
    locktime,
    stakeableUntil,
    kind,
    assetId,
    txId,
    outputIndex: num(u.outputIndex),
    typeName: typeof u.output === 'object' ? String(obj(u.output).typeName ?? '') : undefined,
  };
}

export interface Balances {
  readonly unlocked: bigint;
  readonly lockedStakeable: bigint;
  readonly lockedNotStakeable: bigint;
  readonly total: bigint;
}

/** Sums over the UTXOs of one asset (the staking asset when known). */
export function sumBalances(infos: readonly UtxoInfo[], assetId?: string): Balances {
  let unlocked = 0n;
  let lockedStakeable = 0n;
  let lockedNotStakeable = 0n;
  for (const i of infos) {
    if (assetId && i.assetId && i.assetId !== assetId) continue;
    const a = i.amount ?? 0n;
    if (i.kind === 'unlocked') unlocked += a;
    else if (i.kind === 'locked stakeable') lockedStakeable += a;
    else if (i.kind === 'locked not stakeable') lockedNotStakeable += a;
  }
  return { unlocked, lockedStakeable, lockedNotStakeable, total: unlocked + lockedStakeable + lockedNotStakeable };
}

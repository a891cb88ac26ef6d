// Whole-address totals for the UTXOs pane: getBalance (one call, no address limit) and getStake (at most 256
// addresses a call, so bigger sets are split and added up). Pure: results in, store data out; the calls live in plan.ts.
import type { ResultOf } from '../rpc/methods';
import type { AddressBalance, AddressStake } from '../state/types';
import { big, obj } from '../format/fields';

/** avalanchego's getStake limit (`maxGetStakeAddrs`). */
export const MAX_STAKE_ADDRESSES = 256;

export function chunkAddresses(addresses: readonly string[], size = MAX_STAKE_ADDRESSES): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < addresses.length; i += size) out.push(addresses.slice(i, i + size));
  return out;
}

/** A reply the schema let through that still says nothing avatop can show. */
export class UnexpectedResultError extends Error {
  readonly short: string;
  readonly hint = 'The node replied in a shape avatop does not know; please report it with the node version.';
  constructor(method: string, what: string) {
    super(`${method}: ${what}`);
    this.name = 'UnexpectedResultError';
    this.short = `${method}: ${what}`;
  }
}

export function balanceFromResult(r: ResultOf<'platform.getBalance'>): AddressBalance {
  // Every field is optional in the schema (old and new nodes differ); a reply with none of them is no balance.
  if (r.balance === undefined && r.unlocked === undefined && Object.keys(r.balances).length === 0) {
    throw new UnexpectedResultError('platform.getBalance', 'no balance');
  }
  return {
    balance: r.balance,
    unlocked: r.unlocked,
    lockedStakeable: r.lockedStakeable,
    lockedNotStakeable: r.lockedNotStakeable,
    balances: r.balances,
    unlockeds: r.unlockeds,
    lockedStakeables: r.lockedStakeables,
    lockedNotStakeables: r.lockedNotStakeables,
    utxoCount: r.utxoCount,
  };
}

/** What the pane needs of one decoded staked output: its asset, amount and owners (raw 20-byte addresses). */
export interface StakedOutputFacts {
  readonly assetId: string;
  readonly amount: bigint;
  readonly owners: readonly Uint8Array[];
}

/** One getStake reply (one chunk of addresses), its staked outputs already decoded where the codec could. */
export interface StakeChunk {
  readonly addresses: readonly Uint8Array[];
  readonly result: ResultOf<'platform.getStake'>;
  /** undefined: that output could not be decoded. */
  readonly outputs: readonly (StakedOutputFacts | undefined)[];
}

const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex');

/**
 * Adds up chunked getStake replies. The node counts a staker for a chunk when any of its owners is in that chunk,
 * so a staker owned by addresses in two chunks is in both replies: a later chunk's output with an owner in an
 * earlier chunk is taken off again (per asset; from `staked` too when it is the staking asset).
 */
export function sumStakeChunks(chunks: readonly StakeChunk[], stakingAssetId: string | undefined): AddressStake {
  let staked: bigint | undefined;
  const stakeds: Record<string, bigint> = {};
  let outputs = 0;
  let undecodable = 0;
  const earlier = new Set<string>();
  for (const c of chunks) {
    const chunkStaked = c.result.staked;
    const chunkStakeds = { ...c.result.stakeds };
    // Which asset `staked` counts: the staking asset when known, else the one entry whose amount matches it.
    const avax =
      stakingAssetId ??
      (chunkStaked !== undefined ? Object.entries(chunkStakeds).filter(([, v]) => v === chunkStaked).map(([k]) => k) : []).find(
        (_k, _i, all) => all.length === 1,
      );
    let dupAvax = 0n;
    for (const out of c.outputs) {
      if (!out) {
        undecodable++;
        continue;
      }
      if (earlier.size > 0 && out.owners.some((a) => earlier.has(hexOf(a)))) {
        chunkStakeds[out.assetId] = (chunkStakeds[out.assetId] ?? 0n) - out.amount;
        if (out.assetId === avax) dupAvax += out.amount;
        continue;
      }
      outputs++;
    }
    if (chunkStaked !== undefined) staked = (staked ?? 0n) + chunkStaked - dupAvax;
    for (const [k, v] of Object.entries(chunkStakeds)) stakeds[k] = (stakeds[k] ?? 0n) + v;
    for (const a of c.addresses) earlier.add(hexOf(a));
  }
  for (const [k, v] of Object.entries(stakeds)) if (v === 0n) delete stakeds[k];
  return { staked, stakeds, outputs, undecodable, calls: chunks.length };
}

/** Asset, amount and owners of a decoded TransferableOutput (a stakeable.LockOut is looked through). */
export function stakedOutputFacts(decoded: unknown, formatId: (bytes: Uint8Array) => string): StakedOutputFacts | undefined {
  // The codec's decoded output, read tolerantly: it is not schema-checked.
  const d = obj(decoded);
  let out = obj(d.output);
  if (out.typeId === 22 && out.output !== undefined) out = obj(out.output);
  const amount = big(out.amount);
  if (!(d.assetId instanceof Uint8Array) || amount === undefined) return undefined;
  const owners = Array.isArray(out.addresses) ? out.addresses.filter((a): a is Uint8Array => a instanceof Uint8Array) : [];
  return { assetId: formatId(d.assetId), amount, owners };
}

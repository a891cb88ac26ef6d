// The primary network's validator list (about 1.5 MB on mainnet) read whole once, then patched: when blocks add,
// reward or reconfigure stakers, only those validators are asked for (getCurrentValidators with `nodeIDs`), and the
// uptimes and connections that drift with no tx are read again a slice at a time, the oldest first, so every row is
// at most UPTIME_ROUND_MS old. A list the blocks read since cannot patch (a gap, a tx not known here) is read whole.
//
// Facts from avalanchego v1.15.0, vms/platformvm/service.go: GetCurrentValidators (717) with node IDs returns, for
// each that is a current validator of the subnet, the same entry the whole list has (getPrimaryOrSubnetValidators,
// 796-993: uptime and connection, delegatorCount and delegatorWeight from its current delegators) and nothing for a
// node that is not; with exactly one node ID it also lists that validator's delegators (938, 985-988), which the
// whole list never does, so a patch asks for at least two nodes. Primary-network stakers leave only by a reward tx
// (txs/executor/state_changes.go 249-251), which names the staker's own tx; since Durango a staker starts when its
// tx is accepted (no pending stage), so every change to the set is in a block.
import { lens } from '../state/lenses';
import { diffRows, type RowList } from '../state/rows';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import type { AvatopState } from '../state/store';
import type { BlockHeader, Validator } from '../state/types';
import { validatorReadingKey } from '../state/view-keys';
import type { ResultOf } from '../rpc/methods';
import { blockChanges, type BlockChanges } from '../domain/staking/block-changes';
import type { BlockJournal } from './block-journal';
import { obj } from '../format/fields';
import { toRows, txDetailFromResult, txType, withoutProof } from './transforms';
import type { FetchContext } from './resource-spec';

/** Every row's uptime and connection are read again within this (a slice at a time). */
export const UPTIME_ROUND_MS = 10 * 60_000;
/** The whole list is read again after this, whatever the patches did (a fresh start for anything missed). */
export const FULL_READ_EVERY_MS = 60 * 60_000;

type Listed = ResultOf<'platform.getCurrentValidators'>;

/** What the store knows of how its primary list was read. */
export interface ValidatorReading {
  /** The height up to which every block's changes are in the list. */
  readonly height: bigint;
  /** When the whole list was last read, and when it was last patched. */
  readonly fullAt: number;
  readonly patchedAt: number;
  /** When each listed node's entry (its uptime, its connection) was last read. */
  readonly readAt: ReadonlyMap<string, number>;
  /** The oldest of them: the pane says how old its uptimes are. */
  readonly oldestReadAt: number;
}

function withOldest(r: Omit<ValidatorReading, 'oldestReadAt'>): ValidatorReading {
  let oldest = r.patchedAt;
  for (const at of r.readAt.values()) if (at < oldest) oldest = at;
  return { ...r, oldestReadAt: oldest };
}

export type ValidatorFetch =
  | { readonly kind: 'full'; readonly result: Listed; readonly height: bigint; readonly at: number }
  | { readonly kind: 'patch'; readonly asked: readonly string[]; readonly result: Listed; readonly height: bigint; readonly at: number };

const readingOf = (s: AvatopState) => lens.view<ValidatorReading>(validatorReadingKey(PRIMARY_NETWORK_ID)).get(s).data;

/** Read the list whole, or only what changed since it was read and the oldest uptimes. */
export async function fetchPrimaryValidators(ctx: FetchContext, signal: AbortSignal, blockAt: (h: bigint) => Promise<BlockHeader>): Promise<ValidatorFetch> {
  const s = ctx.state();
  const now = ctx.now();
  const list = lens.validators(PRIMARY_NETWORK_ID).get(s).data;
  const reading = readingOf(s);
  const full = async (): Promise<ValidatorFetch> => {
    // The height first (the list is as of it or later): at start-up the list goes out before the header's answer.
    const height = ctx.height() ?? (await ctx.client.call('platform.getHeight', {}, { signal })).height;
    return { kind: 'full', result: await ctx.client.call('platform.getCurrentValidators', {}, { signal }), height, at: now };
  };
  if (!list || !reading || !ctx.blockJournal || now - reading.fullAt >= FULL_READ_EVERY_MS) return full();
  const journal = ctx.blockJournal;
  const last = journal.lastHeight();
  // The watcher missed blocks (a gap) and has read none since, while the chain moved on: what changed is unknown.
  const top = ctx.height();
  if (last === undefined && top !== undefined && top > reading.height) return full();
  // Blocks the watcher has not read yet wait for the next patch: the list stays as of the last one read.
  const upTo = last === undefined || last < reading.height ? reading.height : last;
  const changes = upTo === reading.height ? [] : await changesSince(journal, reading.height, blockAt);
  if (!changes) return full();
  const shown = changes.filter((c) => c.effectiveHeight <= upTo);
  const named = await changedNodes(ctx, shown, list.rows.map((r) => r.value), signal);
  if (!named) return full();
  const asked = new Set(named);
  const own = s.node.id.data?.nodeID;
  if (own) asked.add(own);
  // The oldest uptimes, as many as the round needs by now; at least two nodes in all (one would bring its delegators).
  const live = list.rows.filter((r) => r.change !== 'removed').map((r) => String(r.value.nodeID));
  const oldestFirst = live.filter((id) => !asked.has(id)).sort((a, b) => (reading.readAt.get(a) ?? 0) - (reading.readAt.get(b) ?? 0));
  const oldest = oldestFirst.length > 0 ? (reading.readAt.get(oldestFirst[0]!) ?? 0) : now;
  // Far behind (a pane opened again after a long time): reading it whole costs less than many slices.
  if (now - oldest >= 2 * UPTIME_ROUND_MS) return full();
  const due = oldestFirst.filter((id) => now - (reading.readAt.get(id) ?? 0) >= UPTIME_ROUND_MS).length;
  const share = Math.ceil((live.length * Math.max(0, now - reading.patchedAt)) / UPTIME_ROUND_MS);
  let take = Math.max(due, share, asked.size < 2 ? 2 - asked.size : 0);
  for (const id of oldestFirst) {
    if (take-- <= 0) break;
    asked.add(id);
  }
  const nodeIDs = [...asked];
  const result = await ctx.client.call('platform.getCurrentValidators', { nodeIDs }, { signal });
  return { kind: 'patch', asked: nodeIDs, result, height: upTo, at: now };
}

/** Blocks the journal began after, read here when few (the list read at start-up, before the watcher's first look). */
const MAX_UNJOURNALED = 12;

/** The changes of the blocks above `h` (and of a proposal at `h`, which shows at h + 1), or undefined if unknown. */
async function changesSince(journal: BlockJournal, h: bigint, blockAt: (h: bigint) => Promise<BlockHeader>): Promise<BlockChanges[] | undefined> {
  const kept = journal.since(h);
  if (kept) return kept;
  const from = journal.coveredFrom();
  if (from === undefined || from < h || from - h >= BigInt(MAX_UNJOURNALED)) return undefined;
  const before: BlockChanges[] = [];
  for (let b = h; b <= from; b++) before.push(blockChanges(await blockAt(b)));
  return [...before.filter((c) => c.effectiveHeight > h), ...journal.all()];
}

/**
 * The nodes whose entries the changes touch, or undefined when one cannot be told (a full read then): the nodes
 * named, and for each staker tx named (a reward, a renewal config) its validator's node, from the list or, for a
 * delegation (the list does not hold delegators' txs), from the staker tx itself.
 */
async function changedNodes(ctx: FetchContext, changes: readonly BlockChanges[], rows: readonly Validator[], signal: AbortSignal): Promise<string[] | undefined> {
  const nodes = new Set<string>();
  const txIds = new Set<string>();
  for (const c of changes) {
    if (c.primaryStakers === 'unknown') return undefined;
    for (const id of c.primaryStakers.nodeIds) nodes.add(id);
    for (const id of c.primaryStakers.stakerTxIds) txIds.add(id);
  }
  if (txIds.size === 0) return [...nodes];
  const byTx = new Map<string, string>();
  for (const v of rows) if (v.txID !== undefined) byTx.set(String(v.txID), String(v.nodeID));
  for (const txId of txIds) {
    const node = byTx.get(txId);
    if (node !== undefined) {
      nodes.add(node);
      continue;
    }
    const tx = txDetailFromResult(await ctx.client.call('platform.getTx', { txID: txId, encoding: 'hex' }, { signal }), ctx.decoders);
    if (tx.decoded === undefined) return undefined;
    const named = txType(obj(tx.decoded), (v) => (typeof v === 'string' ? v : v instanceof Uint8Array && ctx.decoders.id ? ctx.decoders.id(v) : undefined));
    // Another subnet's staker: not in this list.
    if (named.subnetId !== undefined && named.subnetId !== PRIMARY_NETWORK_ID) continue;
    if (named.nodeId === undefined) return undefined;
    nodes.add(named.nodeId);
  }
  return [...nodes];
}

/** The list with the asked nodes' entries replaced by the node's answer (and those it did not return removed). */
export function patchedValidators(prev: RowList<Validator> | undefined, f: ValidatorFetch): RowList<Validator> {
  if (f.kind === 'full') return toRows.validators(prev, f.result);
  if (!prev) throw new Error('the validator list to patch is gone; it is read whole next time');
  const answered = new Map<string, Validator>();
  for (const v of f.result.validators) {
    // Asked with one node the node adds its delegators, which the whole list never has.
    answered.set(String(v.nodeID), { ...withoutProof(v), delegators: undefined });
  }
  const asked = new Set(f.asked);
  const values: Validator[] = [];
  for (const r of prev.rows) {
    if (r.change === 'removed') continue;
    const id = String(r.value.nodeID);
    if (!asked.has(id)) values.push(r.value);
    else if (answered.has(id)) {
      values.push(answered.get(id)!);
      answered.delete(id);
    }
  }
  values.push(...answered.values());
  return diffRows(prev, values, (v) => v.validationID ?? v.nodeID);
}

/** The reading after this fetch: as of which height, when whole, and each row's read time. */
export function nextReading(prev: ValidatorReading | undefined, f: ValidatorFetch, list: RowList<Validator> | undefined): ValidatorReading | undefined {
  if (f.kind === 'full') {
    const readAt = new Map<string, number>();
    for (const v of f.result.validators) readAt.set(String(v.nodeID), f.at);
    return withOldest({ height: f.height, fullAt: f.at, patchedAt: f.at, readAt });
  }
  if (!prev) return undefined;
  const readAt = new Map<string, number>();
  for (const r of list?.rows ?? []) {
    if (r.change === 'removed') continue;
    const id = String(r.value.nodeID);
    readAt.set(id, prev.readAt.get(id) ?? f.at);
  }
  for (const id of f.asked) if (readAt.has(id)) readAt.set(id, f.at);
  return withOldest({ height: f.height, fullAt: prev.fullAt, patchedAt: f.at, readAt });
}

// The primary network's validator list (about 1.5 MB on mainnet) read whole once, then patched: when blocks add,
// reward or reconfigure stakers, only those validators are asked for (getCurrentValidators with `nodeIDs`), and the
// uptimes and connections that drift with no tx are read again a slice at a time, the oldest first, so every row is
// at most UPTIME_ROUND_MS old. A list the blocks read since cannot patch (a gap, a tx not known here) is read whole.
//
// Facts from avalanchego v1.15.0, vms/platformvm/service.go: GetCurrentValidators (717) with node IDs returns, for
// each that is a current validator of the subnet, the same entry the whole list has (getPrimaryOrSubnetValidators,
// 796-993: uptime and connection, delegatorCount and delegatorWeight from its current delegators) and nothing for a
// node that is not; with exactly one node ID it also lists that validator's delegators (938, 988-991), which the
// whole list never does, so a patch asks for at least two nodes. Primary-network stakers leave only by a reward tx
// (txs/executor/state_changes.go 249-251), which names the staker's own tx; since Durango a staker starts when its
// tx is accepted (staker_tx_verification.go 76-79: the chain time), so every change to the set is in a block.
import { lens } from '../state/lenses';
import { diffRows, type RowList } from '../state/rows';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import type { AvatopState } from '../state/store';
import type { BlockHeader, Validator } from '../state/types';
import type { VoterWeights } from '../state/reward-memory';
import { validatorReadingKey, type ValidatorReading } from '../state/view-keys';
import type { ResultOf } from '../rpc/methods';
import type { ListReading } from '../rpc/client';
import { blockChanges, type BlockChanges } from '../domain/staking/block-changes';
import type { BlockJournal } from './block-journal';
import { obj } from '../format/fields';
import { parseNodeId } from '../codec/cb58';
import { listedValidator, toRows, txDetailFromResult, txType } from './transforms';
import type { FetchContext } from './resource-spec';

/**
 * Every row's uptime and connection are read again within this, a slice at a time: on mainnet (1,500 validators,
 * about 1 KB an entry) about 100 KB a minute, which with the peer list once a minute (0.7 MB) and the header keeps
 * what the node sends the validators pane under 1 MiB a minute (issue 31); 10 minutes came to about 1,000 KiB.
 */
export const UPTIME_ROUND_MS = 15 * 60_000;
/** The whole list is read again after this, whatever the patches did (a fresh start for anything missed). */
export const FULL_READ_EVERY_MS = 60 * 60_000;

type Listed = ResultOf<'platform.getCurrentValidators'>;

function withOldest(r: Omit<ValidatorReading, 'oldestReadAt'>): ValidatorReading {
  let oldest = r.patchedAt;
  for (const at of r.readAt.values()) if (at < oldest) oldest = at;
  return { ...r, oldestReadAt: oldest };
}

export type ValidatorFetch =
  | { readonly kind: 'full'; readonly result: Listed; readonly height: bigint; readonly at: number }
  | { readonly kind: 'patch'; readonly asked: readonly string[]; readonly result: Listed; readonly height: bigint; readonly at: number };

/**
 * The list read entry by entry as the reply arrives, each kept as the list keeps it (transforms.ts listedValidator):
 * the 9 MB reply of 10,000 validators is never whole in memory, as text or as parsed JSON (rpc/streamed-list.ts).
 */
export const LISTED: ListReading = { key: 'validators', keep: listedValidator };

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
    return { kind: 'full', result: await ctx.client.call('platform.getCurrentValidators', {}, { signal, list: LISTED }), height, at: now };
  };
  if (!list || !reading || !ctx.blockJournal || now - reading.fullAt >= FULL_READ_EVERY_MS) return full();
  // As of the height the scheduler holds (its refreshes compare with it): blocks the watcher has not read yet are
  // read here, few and shared with it through the block cache.
  const top = ctx.height() ?? reading.height;
  const upTo = top > reading.height ? top : reading.height;
  let changes: BlockChanges[] | undefined;
  try {
    changes = upTo === reading.height ? [] : await changesSince(ctx.blockJournal, reading.height, upTo, blockAt);
  } catch (e) {
    // Blocks the node will not give: what they changed is unknown.
    if (signal.aborted) throw e;
  }
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
  // Only IDs the node can read (a node never lists others; a scripted one might): none, no request.
  const nodeIDs = [...asked].filter(isNodeId);
  const result = nodeIDs.length === 0 ? { validators: [] } : await ctx.client.call('platform.getCurrentValidators', { nodeIDs }, { signal, list: LISTED });
  return { kind: 'patch', asked: nodeIDs, result, height: upTo, at: now };
}

/** At most this many blocks read here (the watcher's gap, or its lag): more, and the list is read whole. */
const MAX_UNJOURNALED = 12;

/**
 * The changes that show above `h` up to `top`: from the journal where it read the blocks, the others read here (the
 * block at `h` itself too, a proposal's change showing at h + 1); undefined when too many would have to be.
 */
async function changesSince(journal: BlockJournal, h: bigint, top: bigint, blockAt: (h: bigint) => Promise<BlockHeader>): Promise<BlockChanges[] | undefined> {
  const from = journal.coveredFrom();
  const last = journal.lastHeight();
  const useJournal = from !== undefined && last !== undefined && last >= h && from < top;
  // Heights read here: [h, from] and (last, top] beside the journal, or all of [h, top].
  const spans: [bigint, bigint][] = useJournal ? [[h, from], [last + 1n, top]] : [[h, top]];
  let count = 0n;
  for (const [a, b] of spans) if (b >= a) count += b - a + 1n;
  if (count > BigInt(MAX_UNJOURNALED)) return undefined;
  const out: BlockChanges[] = [];
  const read = async ([a, b]: [bigint, bigint]) => {
    for (let x = a; x <= b; x++) out.push(blockChanges(await blockAt(x)));
  };
  await read(spans[0]!);
  if (useJournal) {
    out.push(...journal.all().filter((c) => c.height >= h && c.height <= top));
    await read(spans[1]!);
  }
  return out.filter((c) => c.effectiveHeight > h);
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
    let tx;
    try {
      tx = txDetailFromResult(await ctx.client.call('platform.getTx', { txID: txId, encoding: 'hex' }, { signal }), ctx.decoders);
    } catch (e) {
      // A tx the node will not give: whose it was stays unknown, and the list is read whole.
      if (signal.aborted) throw e;
      return undefined;
    }
    if (tx.decoded === undefined) return undefined;
    const named = txType(obj(tx.decoded), (v) => (typeof v === 'string' ? v : v instanceof Uint8Array && ctx.decoders.id ? ctx.decoders.id(v) : undefined));
    // Another subnet's staker: not in this list.
    if (named.subnetId !== undefined && named.subnetId !== PRIMARY_NETWORK_ID) continue;
    if (named.nodeId === undefined) return undefined;
    nodes.add(named.nodeId);
  }
  return [...nodes];
}

function isNodeId(id: string): boolean {
  try {
    parseNodeId(id);
    return true;
  } catch {
    return false;
  }
}

/** The list with the asked nodes' entries replaced by the node's answer (and those it did not return removed). */
export function patchedValidators(prev: RowList<Validator> | undefined, f: ValidatorFetch): RowList<Validator> {
  if (f.kind === 'full') return toRows.validators(prev, f.result);
  if (!prev) throw new Error('the validator list to patch is gone; it is read whole next time');
  const answered = new Map<string, Validator>();
  for (const v of f.result.validators) {
    // Asked with one node the node adds its delegators, which the whole list never has.
    answered.set(String(v.nodeID), listedValidator({ ...v, delegators: undefined }));
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

/**
 * The primary validator set's weights, what platform.getValidatorsAt gives at the list's height, from the list the
 * store holds (read whole or patched): each validator's stake and its delegators' (vms/platformvm/state/state.go,
 * AddStaker 2845 then AddWeight 2919 for each delegator). Undefined without a list, or with an entry lacking its
 * delegators' weight (then the set is asked for).
 */
export function voterWeightsFromList(s: AvatopState): VoterWeights | undefined {
  const reading = readingOf(s);
  const list = lens.validators(PRIMARY_NETWORK_ID).get(s).data;
  if (!reading || !list) return undefined;
  const validators: { nodeID: string; weight: bigint }[] = [];
  let totalWeight = 0n;
  for (const r of list.rows) {
    if (r.change === 'removed') continue;
    const delegated = r.value.delegatorWeight;
    if (delegated === undefined) return undefined;
    const weight = r.value.weight + delegated;
    validators.push({ nodeID: String(r.value.nodeID), weight });
    totalWeight += weight;
  }
  return { height: reading.height, validators, totalWeight };
}

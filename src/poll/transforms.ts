// Typed results → store data where the store keeps something other than the result itself: lists become row
// diffs (keyed, identity kept for equal rows), blocks, txs and UTXOs are decoded by the codec. The client's schemas
// already turned wire strings into bigint, numbers and Dates; nothing here converts them again.
import type { ResultOf } from '../rpc/methods';
import { diffRows, plainRows, type RowList } from '../state/rows';
import type {
  BlockTxType,
  BlockHeader,
  Blockchain,
  PendingStakers,
  Peer,
  Subnet,
  TxDetail,
  UtxoIndex,
  UtxoPage,
  UtxoRow,
  Validator,
} from '../state/types';
import type { RewardUtxos } from '../state/view-keys';
import { big, date, obj } from '../format/fields';
import type { Decoders } from './decoders';
import { sharePeerValues } from './peer-sharing';
import { txsInBlock } from '../codec/pchain/block-txs';
import { decodeSignedTx } from '../codec/pchain/txs';
import { formatNodeId } from '../codec/cb58';
import { SHORT_ID_LEN } from '../codec/pchain/components';

type Listed = ResultOf<'platform.getCurrentValidators'>['validators'][number];

/**
 * A listed validator as the lists keep it: without its BLS proof of possession (a third of a 10,000-validator
 * list's memory, 3.4 MiB in a heap snapshot) and without its owners (the reward owners, an L1 validator's balance
 * and deactivation owners, and an auto-renewed validator's authority where its nextPeriod says it is one): no
 * column, rule, status or the exporter reads their addresses, and the detail view shows them from the record it
 * fetches itself. The BLS key stays (the BLS column reads it), and what a rule reads of
 * the owners is kept: `kind` (the schema's, from the reward owner among others) and the renewal, which `nextPeriod`
 * tells wherever the authority is (vms/platformvm/api/validator.go AutoRenewedConfig: both keys, neither omitempty).
 *
 * Every row is built by this one literal, every field in the same order, so all rows share one hidden class with
 * their fields in the object: rows made by spreading the schema's output each had a hidden class of their own and
 * their fields in a separate array, 570 of a row's 1,180 bytes (a heap snapshot of 10,000 validators). The same for
 * a row already kept this way, so a client that read the list whole gives the same rows.
 */
export function listedValidator(v: Listed | Validator): Validator {
  const signer = v.signer && (v.signer.proofOfPossession === undefined ? v.signer : { publicKey: v.signer.publicKey });
  const row = {
    nodeID: v.nodeID,
    kind: v.kind,
    txID: v.txID,
    validationID: v.validationID,
    startTime: v.startTime,
    endTime: v.endTime,
    weight: v.weight,
    stakeAmount: v.stakeAmount,
    potentialReward: v.potentialReward,
    accruedDelegateeReward: v.accruedDelegateeReward,
    delegationFee: v.delegationFee,
    uptime: v.uptime,
    connected: v.connected,
    signer,
    publicKey: v.publicKey,
    nextPeriod: v.nextPeriod,
    autoCompoundRewardShares: v.autoCompoundRewardShares,
    validatorAuthority: v.nextPeriod === undefined ? v.validatorAuthority : undefined,
    delegatorCount: v.delegatorCount,
    delegatorWeight: v.delegatorWeight,
    delegators: v.delegators,
    minNonce: v.minNonce,
    balance: v.balance,
    validationRewardOwner: undefined,
    delegationRewardOwner: undefined,
    remainingBalanceOwner: undefined,
    deactivationOwner: undefined,
  } satisfies Record<keyof Validator, unknown>;
  return row;
}

export const toRows = {
  /** Diffed for the peers pane's marks, the values peers repeat shared (1,590 peers' Dates and lists were most of it). */
  peers: (prev: RowList<Peer> | undefined, r: ResultOf<'info.peers'>) => diffRows(prev, sharePeerValues(r.peers), (p) => p.nodeID),
  /** The peers without the diff (the exporter shows no changes), their repeated values shared (twenty lists kept). */
  plainPeers: (_prev: RowList<Peer> | undefined, r: ResultOf<'info.peers'>) => plainRows(sharePeerValues(r.peers), (p) => p.nodeID),
  validators: (prev: RowList<Validator> | undefined, r: ResultOf<'platform.getCurrentValidators'>) =>
    diffRows(prev, r.validators.map(listedValidator), (v) => v.validationID ?? v.nodeID),
  pending: (prev: PendingStakers | undefined, r: ResultOf<'platform.getPendingValidators'>): PendingStakers => ({
    validators: diffRows(prev?.validators, r.validators, (v) => v.txID ?? v.nodeID),
    delegators: diffRows(prev?.delegators, r.delegators, (v) => v.txID),
  }),
  subnets: (prev: RowList<Subnet> | undefined, r: ResultOf<'platform.getSubnets'>) => diffRows(prev, r.subnets, (s) => s.id),
  blockchains: (prev: RowList<Blockchain> | undefined, r: ResultOf<'platform.getBlockchains'>) =>
    diffRows(prev, r.blockchains, (c) => c.id),
};

/** getBlock / getBlockByHeight result → header (and the decoded block when the codec can read it). */
/**
 * A decoded tx's type, the subnet it names (its own field, or its subnet validator's), the node a staker tx names
 * (its validator's, or an auto-renewed validator's own) and the staker tx a reward or a renewal config names: what
 * the validator list is patched by (poll/validator-patch.ts).
 */
export function txType(tx: Record<string, unknown>, idText: (v: unknown) => string | undefined): BlockTxType {
  const unsigned = obj(tx.unsigned ?? tx.unsignedTx ?? tx);
  const typeName = typeof unsigned.typeName === 'string' ? unsigned.typeName : undefined;
  const subnetId = idText(unsigned.subnetId ?? unsigned.subnetID ?? obj(unsigned.validator).subnetId);
  const nodeId = nodeIdText(obj(unsigned.validator).nodeId ?? unsigned.nodeId);
  const stakerTxId = idText(unsigned.txId);
  return {
    typeName,
    ...(subnetId === undefined ? {} : { subnetId }),
    ...(nodeId === undefined ? {} : { nodeId }),
    ...(stakerTxId === undefined ? {} : { stakerTxId }),
  };
}

/** A node ID as the codec returns it (20 bytes) in the API's "NodeID-…" form. */
function nodeIdText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  return v instanceof Uint8Array && v.length === SHORT_ID_LEN ? formatNodeId(v) : undefined;
}

export function blockFromResult(
  r: ResultOf<'platform.getBlock'> | ResultOf<'platform.getBlockByHeight'>,
  decoders: Decoders,
  expect: { height?: bigint; id?: string },
): { header: BlockHeader; decoded: unknown; hex: string | undefined } {
  const raw: unknown = r.block;
  let hex: string | undefined;
  let bytes: Uint8Array | undefined;
  if (raw instanceof Uint8Array) bytes = raw;
  else if (typeof raw === 'string') hex = raw;
  let decoded: unknown;
  let decodeError: string | undefined;
  let id = expect.id;
  try {
    if (!bytes && hex !== undefined) bytes = decoders.hex(hex);
    if (bytes && decoders.block) decoded = decoders.block(bytes);
    if (bytes && decoders.blockId) id = decoders.blockId(bytes);
  } catch (e) {
    decodeError = e instanceof Error ? e.message : String(e);
  }
  // json-encoded blocks (or a client that already decoded) arrive as objects.
  if (decoded === undefined && raw !== null && typeof raw === 'object' && !(raw instanceof Uint8Array)) decoded = raw;
  // The codec's decoded block (or the node's JSON form): read tolerantly, it is not schema-checked.
  const d = obj(decoded);
  const inner = obj(d.block ?? d);
  const idText = (v: unknown): string | undefined =>
    typeof v === 'string' ? v : v instanceof Uint8Array && decoders.id ? decoders.id(v) : undefined;
  // Option blocks (commit, abort) carry no txs at all: an unknown count, not zero.
  const txs = Array.isArray(inner.txs) || inner.tx !== undefined ? txsInBlock(inner) : undefined;
  // The parent's and the txs' IDs as text are read only where a block is shown (the blocks pane, the block view),
  // but the block watcher reads every block at idle: formatting them there was 2 MiB a minute of base58's
  // allocations and a sha256 checksum each. They are formatted at the first read and kept; only their bytes (or the
  // node's strings) wait, not the decoded block.
  const parentRaw = inner.parentID ?? inner.parentId;
  const txIdsRaw = (txs ?? []).map((t) => obj(t).id);
  let parentId: string | undefined;
  let parentRead = false;
  let txIds: readonly string[] | undefined;
  const header: BlockHeader = {
    height: big(inner.height) ?? expect.height ?? -1n,
    id: id ?? idText(d.id) ?? idText(inner.id),
    get parentId() {
      if (!parentRead) {
        parentId = idText(parentRaw);
        parentRead = true;
      }
      return parentId;
    },
    type: typeof d.typeName === 'string' ? d.typeName : typeof inner.typeName === 'string' ? inner.typeName : undefined,
    time: blockTime(inner.time ?? inner.timestamp),
    txCount: txs?.length,
    get txIds() {
      return (txIds ??= txIdsRaw.map((v) => idText(v)).filter((x): x is string => x !== undefined));
    },
    txTypes: decodeError === undefined && decoded !== undefined ? (txs ?? []).map((t) => txType(obj(t), idText)) : undefined,
    bytes: bytes?.length,
    decodeError,
  };
  return { header, decoded, hex };
}

/** Banff block times are Unix seconds (bigint from the codec). */
function blockTime(v: unknown): Date | undefined {
  const ms = date(v);
  return ms === undefined ? undefined : new Date(ms);
}

/** getUTXOs result → one page of rows keyed by UTXO ID (falling back to the encoding when it cannot be decoded). */
export function utxoPageFromResult(prev: UtxoPage | undefined, r: ResultOf<'platform.getUTXOs'>, decoders: Decoders): UtxoPage {
  // The page is asked again at every block and is mostly the same: a UTXO sent as before is the row it made before,
  // not decoded and hashed again (1,024 of them every 2 s were most of what the UTXOs pane allocated).
  const before = new Map<string, UtxoRow>();
  if (prev) for (const { value } of prev.utxos.rows) before.set(value.encoded, value);
  const rows: UtxoRow[] = r.utxos.map((encoded) => {
    const kept = before.get(encoded);
    if (kept) return kept;
    let decoded: unknown;
    let id: string | undefined;
    try {
      if (decoders.utxo) decoded = decoders.utxo(decoders.hex(encoded));
      if (decoded !== undefined && decoders.utxoId) id = decoders.utxoId(decoded);
    } catch {
      // Undecodable UTXOs still list, keyed by their encoding.
    }
    return { id: id ?? encoded, encoded, decoded };
  });
  const endIndex: UtxoIndex | undefined = r.endIndex;
  return {
    utxos: diffRows(prev?.utxos, rows, (u) => u.id),
    numFetched: r.numFetched,
    endIndex,
  };
}

/** getTx (hex) result → the tx decoded by our codec, or why it could not be. */
export function txDetailFromResult(r: ResultOf<'platform.getTx'>, decoders: Decoders): TxDetail {
  const raw = r.tx;
  const hex = typeof raw === 'string' ? raw : undefined;
  let decoded: unknown;
  let decodeError: string | undefined;
  if (hex !== undefined) {
    try {
      decoded = decodeSignedTx(decoders.hex(hex));
    } catch (e) {
      decodeError = e instanceof Error ? e.message : String(e);
    }
  } else if (raw !== null && typeof raw === 'object') {
    // A client that already turned it into an object: keep it for the JSON fallback.
    decoded = undefined;
    decodeError = 'the node sent the tx as JSON';
  }
  // The codec's decoded tx, read tolerantly: it is not schema-checked.
  const unsigned = obj(obj(decoded).unsigned);
  return { hex, decoded, decodeError, typeName: typeof unsigned.typeName === 'string' ? unsigned.typeName : undefined };
}

/** getRewardUTXOs result → each reward UTXO decoded, or why it could not be. */
export function rewardUtxosFromResult(r: ResultOf<'platform.getRewardUTXOs'>, decoders: Decoders): RewardUtxos {
  return {
    utxos: r.utxos.map((hex) => {
      try {
        return { hex, decoded: decoders.utxo ? decoders.utxo(decoders.hex(hex)) : undefined };
      } catch (e) {
        return { hex, decoded: undefined, error: e instanceof Error ? e.message : String(e) };
      }
    }),
  };
}

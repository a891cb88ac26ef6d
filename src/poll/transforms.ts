// Poll results → store data. The client's schemas already turn wire strings into bigint/number/Date; these also
// accept the wire form so the scheduler works with any client that speaks the call contract.
import { diffRows, type RowList } from '../state/rows';
import type {
  BlockHeader,
  Blockchain,
  MinStake,
  PendingStaker,
  PendingStakers,
  Peer,
  Subnet,
  UtxoIndex,
  UtxoPage,
  UtxoRow,
  Validator,
} from '../state/types';
import type { Decoders } from './decoders';
import { txsInBlock } from '../codec/pchain/block-txs';

type Obj = Record<string, unknown>;

export function asObject(v: unknown): Obj {
  return v !== null && typeof v === 'object' ? (v as Obj) : {};
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function toBigInt(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return BigInt(Math.trunc(v));
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
  return undefined;
}

export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

export function toDate(v: unknown): Date | undefined {
  if (v instanceof Date) return v;
  if (typeof v === 'string') {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  // Banff block times are Unix seconds.
  if (typeof v === 'bigint' || typeof v === 'number') return new Date(Number(v) * 1000);
  return undefined;
}

export class UnexpectedResultError extends Error {
  readonly short: string;
  readonly hint = 'The node replied in a shape avatop does not know; please report it with the node version.';
  constructor(method: string, what: string) {
    super(`${method}: ${what}`);
    this.name = 'UnexpectedResultError';
    this.short = `${method}: ${what}`;
  }
}

function required<T>(v: T | undefined, method: string, what: string): T {
  if (v === undefined) throw new UnexpectedResultError(method, what);
  return v;
}

/**
 * A listed validator without its BLS proof of possession: no list column shows it (the detail view fetches the
 * validator on its own), and it was a third of a 10,000-validator list's memory (3.4 MiB in a heap snapshot).
 */
function withoutProof(v: unknown): unknown {
  const o = asObject(v);
  const signer = o.signer;
  if (!signer || typeof signer !== 'object' || !('proofOfPossession' in signer)) return v;
  const { proofOfPossession: _dropped, ...kept } = signer as Record<string, unknown>;
  return { ...o, signer: kept };
}

export const transform = {
  nodeId: (r: unknown) => asObject(r) as { nodeID: string },
  nodeIp: (r: unknown) => String(asObject(r).ip ?? ''),
  networkId: (r: unknown) => required(toNumber(asObject(r).networkID), 'info.getNetworkID', 'no networkID'),
  networkName: (r: unknown) => String(asObject(r).networkName ?? ''),
  bootstrapped: (r: unknown) => asObject(r).isBootstrapped === true,
  height: (r: unknown) => required(toBigInt(asObject(r).height), 'platform.getHeight', 'no height'),
  // The docs say `time`; real nodes send `timestamp`.
  timestamp: (r: unknown) =>
    required(toDate(asObject(r).timestamp ?? asObject(r).time), 'platform.getTimestamp', 'no timestamp'),
  peerCount: (r: unknown) => toNumber(asObject(r).numPeers) ?? asArray(asObject(r).peers).length,
  peers: (prev: RowList<Peer> | undefined, r: unknown) =>
    diffRows(prev, asArray(asObject(r).peers) as Peer[], (p) => String(p.nodeID)),
  validators: (prev: RowList<Validator> | undefined, r: unknown) =>
    diffRows(prev, asArray(asObject(r).validators).map(withoutProof) as Validator[], (v) => String(v.validationID ?? v.nodeID ?? v.txID)),
  validatorDetail: (r: unknown) => asArray(asObject(r).validators)[0] as Validator | undefined,
  pending: (prev: PendingStakers | undefined, r: unknown): PendingStakers => ({
    validators: diffRows(prev?.validators, asArray(asObject(r).validators) as PendingStaker[], (v) => String(v.txID)),
    delegators: diffRows(prev?.delegators, asArray(asObject(r).delegators) as PendingStaker[], (v) => String(v.txID)),
  }),
  // `subnets` is null when none of the requested IDs exist.
  subnets: (prev: RowList<Subnet> | undefined, r: unknown) =>
    diffRows(prev, asArray(asObject(r).subnets) as Subnet[], (s) => String(s.id)),
  blockchains: (prev: RowList<Blockchain> | undefined, r: unknown) =>
    diffRows(prev, asArray(asObject(r).blockchains) as Blockchain[], (c) => String(c.id)),
  chainStatus: (r: unknown) => String(asObject(r).status ?? 'Unknown'),
  chainsOf: (r: unknown) => asArray(asObject(r).blockchainIDs).map(String),
  supply: (r: unknown) => required(toBigInt(asObject(r).supply), 'platform.getCurrentSupply', 'no supply'),
  stakingAssetId: (r: unknown) => String(asObject(r).assetID ?? ''),
  minStake: (r: unknown): MinStake => ({
    minValidatorStake: required(toBigInt(asObject(r).minValidatorStake), 'platform.getMinStake', 'no minValidatorStake'),
    minDelegatorStake: required(toBigInt(asObject(r).minDelegatorStake), 'platform.getMinStake', 'no minDelegatorStake'),
  }),
  // `stake` is deprecated; `weight` is what current nodes fill for every subnet.
  totalStake: (r: unknown) =>
    required(toBigInt(asObject(r).weight ?? asObject(r).stake), 'platform.getTotalStake', 'no weight'),
  acps: (r: unknown) => asObject(asObject(r).acps ?? r),
  vms: (r: unknown) => asObject(r),
  loose: (r: unknown) => asObject(r),
};

/** getBlock / getBlockByHeight result → header (and the decoded block when the codec can read it). */
export function blockFromResult(
  r: unknown,
  decoders: Decoders,
  expect: { height?: bigint; id?: string },
): { header: BlockHeader; decoded: unknown; hex: string | undefined } {
  const raw = asObject(r).block;
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
  const d = asObject(decoded);
  const inner = asObject(d.block ?? d);
  const idText = (v: unknown): string | undefined =>
    typeof v === 'string' ? v : v instanceof Uint8Array && decoders.id ? decoders.id(v) : undefined;
  // Option blocks (commit, abort) carry no txs at all: an unknown count, not zero.
  const txs = Array.isArray(inner.txs) || inner.tx !== undefined ? txsInBlock(inner) : undefined;
  const header: BlockHeader = {
    height: toBigInt(inner.height) ?? expect.height ?? -1n,
    id: id ?? idText(d.id) ?? idText(inner.id),
    parentId: idText(inner.parentID ?? inner.parentId),
    type: typeof d.typeName === 'string' ? d.typeName : typeof inner.typeName === 'string' ? inner.typeName : undefined,
    time: toDate(inner.time ?? inner.timestamp),
    txCount: txs?.length,
    txIds: (txs ?? []).map((t) => idText(asObject(t).id)).filter((x): x is string => x !== undefined),
    bytes: bytes?.length,
    decodeError,
  };
  return { header, decoded, hex };
}

/** getUTXOs result → one page of rows keyed by UTXO ID (falling back to the encoding when it cannot be decoded). */
export function utxoPageFromResult(prev: UtxoPage | undefined, r: unknown, decoders: Decoders): UtxoPage {
  const o = asObject(r);
  const rows: UtxoRow[] = asArray(o.utxos).map((u) => {
    const encoded = typeof u === 'string' ? u : '';
    let decoded: unknown = typeof u === 'string' ? undefined : u;
    let id: string | undefined;
    try {
      const bytes = u instanceof Uint8Array ? u : typeof u === 'string' ? decoders.hex(u) : undefined;
      if (bytes && decoders.utxo) decoded = decoders.utxo(bytes);
      if (decoded !== undefined && decoders.utxoId) id = decoders.utxoId(decoded);
    } catch {
      // Undecodable UTXOs still list, keyed by their encoding.
    }
    return { id: id ?? encoded, encoded, decoded };
  });
  const end = asObject(o.endIndex);
  const endIndex: UtxoIndex | undefined =
    typeof end.address === 'string' && typeof end.utxo === 'string' ? { address: end.address, utxo: end.utxo } : undefined;
  return {
    utxos: diffRows(prev?.utxos, rows, (u) => u.id),
    numFetched: toNumber(o.numFetched) ?? rows.length,
    endIndex,
  };
}

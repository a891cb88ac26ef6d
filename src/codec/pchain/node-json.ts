// Renders decoded objects exactly as avalanchego's `encoding: "json"` does (getTx, getBlock, getBlockByHeight).
import { formatAddress } from '../address';
import { cb58Encode, formatId, formatNodeId } from '../cb58';
import { encodeHex } from '../hex';
import type { JsonBig } from '../json-big';
import { TX_SPECS, txFields, type FieldKind, type FieldSpec } from './tx-specs';
import { TypeId } from './type-ids';
import { encodeBlock } from './blocks';
import { encodeSignedTx, txIdOf } from './txs';
import { sha256 } from '../sha256';
import { CodecError, guardEncode } from '../errors';
import type {
  AuthInput,
  Block,
  Credential,
  Decoded,
  Input,
  L1Validator,
  Output,
  OutputOwners,
  PChainOwner,
  Signer,
  SignedTx,
  TransferableInput,
  TransferableOutput,
  UnsignedTx,
  Utxo,
  Validator,
} from './types';

type Obj = { [key: string]: JsonBig };

/** The node fills in secp256k1fx's ID for every output and input: "secp256k1fx" zero-padded to 32 bytes. */
export const SECP256K1FX_ID = cb58Encode(
  (() => {
    const b = new Uint8Array(32);
    b.set(new TextEncoder().encode('secp256k1fx'));
    return b;
  })(),
);

export const DEFAULT_NETWORK_ID = 1;

const FIELDS: Record<number, readonly FieldSpec[]> = Object.fromEntries(
  Object.entries(TX_SPECS).map(([id, spec]) => [id, txFields(spec)]),
);

/** Go prints uint64 as a bare number: keep it a JS number while exact, bigint beyond. */
export function u64Json(v: bigint): number | bigint {
  return v <= 9007199254740991n ? Number(v) : v;
}

const hexNc = (b: Uint8Array): string => encodeHex(b, { checksum: false });

function addresses(list: Uint8Array[], net: number): string[] {
  return list.map((a) => formatAddress(a, net));
}

function outputJson(o: Output, net: number): Obj {
  if (o.typeId === TypeId.TransferOutput) {
    // TransferOutput marshals through a map, so Go sorts its keys.
    return {
      addresses: addresses(o.addresses, net),
      amount: u64Json(o.amount),
      locktime: u64Json(o.locktime),
      threshold: o.threshold,
    };
  }
  return { locktime: u64Json(o.locktime), output: outputJson(o.output, net) };
}

function inputJson(i: Input): Obj {
  if (i.typeId === TypeId.TransferInput) return { amount: u64Json(i.amount), signatureIndices: [...i.signatureIndices] };
  return { locktime: u64Json(i.locktime), input: inputJson(i.input) };
}

function transferableOutputJson(o: TransferableOutput, net: number): Obj {
  return { assetID: formatId(o.assetId), fxID: SECP256K1FX_ID, output: outputJson(o.output, net) };
}

function transferableInputJson(i: TransferableInput): Obj {
  return {
    txID: formatId(i.txId),
    outputIndex: i.outputIndex,
    assetID: formatId(i.assetId),
    fxID: SECP256K1FX_ID,
    input: inputJson(i.input),
  };
}

function ownerJson(o: OutputOwners, net: number): Obj {
  return { addresses: addresses(o.addresses, net), locktime: u64Json(o.locktime), threshold: o.threshold };
}

function authJson(a: AuthInput): Obj {
  return { signatureIndices: [...a.signatureIndices] };
}

function credentialJson(c: Credential): Obj {
  return { signatures: c.signatures.map(hexNc) };
}

function signerJson(s: Signer): Obj {
  if (s.typeId === TypeId.EmptySigner) return {};
  return { publicKey: hexNc(s.publicKey), proofOfPossession: hexNc(s.signature) };
}

function validatorJson(v: Validator): Obj {
  return { nodeID: formatNodeId(v.nodeId), start: u64Json(v.start), end: u64Json(v.end), weight: u64Json(v.weight) };
}

function pChainOwnerJson(o: PChainOwner): Obj {
  return { threshold: o.threshold, addresses: o.addresses.map((a) => cb58Encode(a)) };
}

function l1ValidatorJson(v: L1Validator): Obj {
  return {
    nodeID: hexNc(v.nodeId),
    weight: u64Json(v.weight),
    balance: u64Json(v.balance),
    signer: { publicKey: hexNc(v.signer.publicKey), proofOfPossession: hexNc(v.signer.signature) },
    remainingBalanceOwner: pChainOwnerJson(v.remainingBalanceOwner),
    deactivationOwner: pChainOwnerJson(v.deactivationOwner),
  };
}

function fieldJson(kind: FieldKind, v: any, net: number): JsonBig {
  switch (kind) {
    case 'u8':
    case 'u32':
      return v as number;
    case 'u64':
      return u64Json(v);
    case 'id':
      return formatId(v);
    case 'nodeId':
      return formatNodeId(v);
    case 'hexBytes':
      return hexNc(v);
    case 'base64Bytes':
      return Buffer.from(v as Uint8Array).toString('base64');
    case 'blsSignatureArray':
      return Array.from(v as Uint8Array);
    case 'string':
      return v as string;
    case 'ids':
      return (v as Uint8Array[]).map(formatId);
    case 'outputs':
      return (v as TransferableOutput[]).map((o) => transferableOutputJson(o, net));
    case 'inputs':
      return (v as TransferableInput[]).map(transferableInputJson);
    case 'owner':
      return ownerJson(v, net);
    case 'auth':
      return authJson(v);
    case 'signer':
      return signerJson(v);
    case 'validator':
      return validatorJson(v);
    case 'subnetValidator':
      return { ...validatorJson(v), subnetID: formatId(v.subnetId) };
    case 'l1Validators':
      return (v as L1Validator[]).map(l1ValidatorJson);
  }
}

/** The network whose HRP the addresses get: the caller's, else the tx's own, else mainnet. */
function txNetwork(tx: UnsignedTx, net: number | undefined): number {
  if (net !== undefined) return net;
  return 'networkId' in tx ? tx.networkId : DEFAULT_NETWORK_ID;
}

function unsignedTxJson(tx: UnsignedTx, net: number | undefined): Obj {
  const n = txNetwork(tx, net);
  const rec = tx as unknown as Record<string, unknown>;
  const out: Obj = {};
  for (const f of FIELDS[tx.typeId]!) out[f.json] = fieldJson(f.kind, rec[f.key], n);
  return out;
}

function signedTxJson(tx: SignedTx, net: number | undefined, id: Uint8Array): Obj {
  return {
    unsignedTx: unsignedTxJson(tx.unsigned, net),
    credentials: tx.credentials.map(credentialJson),
    id: formatId(id),
  };
}

function blockTxJson(tx: SignedTx, net: number | undefined): Obj {
  // Inside a block a tx's ID hashes its bytes re-marshalled with the codec version.
  return signedTxJson(tx, net, tx.id ?? txIdOf(encodeSignedTx(tx)));
}

function blockJson(b: Block, net: number | undefined): Obj {
  const out: Obj = {};
  // Go marshals the embedded CommonBlock {parentID, height, id} where the Apricot struct sits in the Banff one.
  if ('time' in b) out.time = u64Json(b.time);
  if (b.typeId === TypeId.BanffProposalBlock) out.txs = b.txs.map((t) => blockTxJson(t, net));
  out.parentID = formatId(b.parentId);
  out.height = u64Json(b.height);
  out.id = formatId(b.id ?? sha256(encodeBlock(b)));
  if ('tx' in b) out.tx = blockTxJson(b.tx, net);
  if ('txs' in b && b.typeId !== TypeId.BanffProposalBlock) out.txs = b.txs.map((t) => blockTxJson(t, net));
  return out;
}

function utxoJson(u: Utxo, net: number): Obj {
  return {
    txID: formatId(u.txId),
    outputIndex: u.outputIndex,
    assetID: formatId(u.assetId),
    output: outputJson(u.output, net),
  };
}

/**
 * avalanchego's JSON for a decoded object. Addresses use `networkId`'s HRP (a node uses its own network's);
 * without it, each tx's own networkID, and mainnet for UTXOs and outputs. Integers above 2^53 are bigint:
 * print with stringifyJsonBig.
 */
export function toNodeJson(decoded: Decoded, networkId?: number): Obj {
  return guardEncode('JSON', () => renderTop(decoded, networkId));
}

function renderTop(decoded: Decoded, networkId: number | undefined): Obj {
  switch (decoded?.kind) {
    case 'utxo':
      return utxoJson(decoded, networkId ?? DEFAULT_NETWORK_ID);
    case 'transferableOutput':
      return transferableOutputJson(decoded, networkId ?? DEFAULT_NETWORK_ID);
    case 'unsignedTx':
      return unsignedTxJson(decoded, networkId);
    case 'signedTx':
      return signedTxJson(decoded, networkId, decoded.id ?? txIdOf(encodeSignedTx(decoded)));
    case 'block':
      return blockJson(decoded, networkId);
  }
  throw new CodecError(`cannot render ${String((decoded as { kind?: unknown })?.kind)}: not a decoded P-chain object`);
}

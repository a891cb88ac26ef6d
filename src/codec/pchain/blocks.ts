// P-chain blocks (Apricot 0-4, Banff 29-32). Block ID = sha256 of the whole block bytes.
import { ByteReader } from '../byte-reader';
import { ByteWriter } from '../byte-writer';
import { CodecError, guardEncode } from '../errors';
import { sha256 } from '../sha256';
import { ID_LEN, readTypeId } from './components';
import { CODEC_VERSION, readCodecVersion, readSignedTxBody, writeSignedTxBody } from './txs';
import { BLOCK_TYPE_IDS, TYPE_NAMES, TypeId } from './type-ids';
import type { Block, SignedTx } from './types';

// Smallest signed tx body: type ID + an empty-ish tx + credential count.
const MIN_SIGNED_TX = 4 + 8 + 4;

function readTxList(r: ByteReader): SignedTx[] {
  const n = r.count(MIN_SIGNED_TX, 'txs');
  const out = new Array<SignedTx>(n);
  for (let i = 0; i < n; i++) out[i] = readSignedTxBody(r);
  return out;
}

function writeTxList(w: ByteWriter, txs: SignedTx[]): void {
  w.count(txs.length, 'txs');
  for (const tx of txs) writeSignedTxBody(w, tx);
}

export function decodeBlock(bytes: Uint8Array): Block {
  const r = new ByteReader(bytes);
  readCodecVersion(r);
  const typeId = readTypeId(r, BLOCK_TYPE_IDS, 'block');
  const b: Record<string, unknown> = { kind: 'block', typeId, typeName: TYPE_NAMES[typeId] };
  const banff = typeId >= TypeId.BanffProposalBlock;
  if (banff) b.time = r.u64('time');
  if (typeId === TypeId.BanffProposalBlock) b.txs = readTxList(r);
  b.parentId = r.fixed(ID_LEN, 'parentID');
  b.height = r.u64('height');
  switch (typeId) {
    case TypeId.ApricotProposalBlock:
    case TypeId.ApricotAtomicBlock:
    case TypeId.BanffProposalBlock:
      b.tx = readSignedTxBody(r);
      break;
    case TypeId.ApricotStandardBlock:
    case TypeId.BanffStandardBlock:
      b.txs = readTxList(r);
      break;
  }
  r.expectEnd();
  b.id = sha256(bytes);
  return b as unknown as Block;
}

export function encodeBlock(b: Block): Uint8Array {
  return guardEncode('block', () => encodeBlockUnguarded(b));
}

function encodeBlockUnguarded(b: Block): Uint8Array {
  if (b?.kind !== 'block' || !BLOCK_TYPE_IDS.includes(b.typeId)) {
    throw new CodecError(`cannot encode block with type ID ${String((b as { typeId?: unknown })?.typeId)}`);
  }
  const w = new ByteWriter(1024);
  w.u16(CODEC_VERSION);
  w.u32(b.typeId);
  if (b.typeId >= TypeId.BanffProposalBlock) w.u64((b as { time: bigint }).time, 'time');
  if (b.typeId === TypeId.BanffProposalBlock) writeTxList(w, b.txs);
  w.fixed(b.parentId, ID_LEN, 'parentID');
  w.u64(b.height, 'height');
  switch (b.typeId) {
    case TypeId.ApricotProposalBlock:
    case TypeId.ApricotAtomicBlock:
    case TypeId.BanffProposalBlock:
      writeSignedTxBody(w, b.tx);
      break;
    case TypeId.ApricotStandardBlock:
    case TypeId.BanffStandardBlock:
      writeTxList(w, b.txs);
      break;
  }
  return w.finish();
}

export function blockIdOf(blockBytes: Uint8Array): Uint8Array {
  return sha256(blockBytes);
}

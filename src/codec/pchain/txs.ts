// Unsigned and signed transactions: decode, encode and IDs.
import { ByteReader } from '../byte-reader';
import { ByteWriter } from '../byte-writer';
import { CodecError, guardEncode } from '../errors';
import { sha256 } from '../sha256';
import {
  ID_LEN,
  SHORT_ID_LEN,
  BLS_SIG_LEN,
  readAuth,
  readCredentials,
  readInputs,
  readL1Validators,
  readOutputs,
  readOwner,
  readSigner,
  readSubnetValidator,
  readTypeId,
  readValidator,
  writeAuth,
  writeCredentials,
  writeInputs,
  writeL1Validators,
  writeOutputs,
  writeOwner,
  writeSigner,
  writeSubnetValidator,
  writeValidator,
} from './components';
import { TX_SPECS, txFields, type FieldKind, type FieldSpec } from './tx-specs';
import { TX_TYPE_IDS } from './type-ids';
import type { SignedTx, UnsignedTx } from './types';
import { stringToUtf8, utf8ToString } from './utf8';

export const CODEC_VERSION = 0;

const FIELDS: Record<number, readonly FieldSpec[]> = Object.fromEntries(
  Object.entries(TX_SPECS).map(([id, spec]) => [id, txFields(spec)]),
);

/** Reads avalanchego's 2-byte codec version prefix; only version 0 exists. */
export function readCodecVersion(r: ByteReader): void {
  const at = r.pos;
  const v = r.u16('codec version');
  if (v !== CODEC_VERSION) r.fail(`unknown codec version ${v}`, at);
}

function readField(r: ByteReader, kind: FieldKind, key: string, json: string): unknown {
  switch (kind) {
    case 'u8':
      return r.u8(json);
    case 'u32':
      return r.u32(json);
    case 'u64':
      return r.u64(json);
    case 'id':
      return r.fixed(ID_LEN, json);
    case 'nodeId':
      return r.fixed(SHORT_ID_LEN, json);
    case 'hexBytes':
    case 'base64Bytes':
      return r.varBytes(json);
    case 'blsSignatureArray':
      return r.fixed(BLS_SIG_LEN, json);
    case 'ids': {
      const n = r.count(ID_LEN, json);
      const out = new Array<Uint8Array>(n);
      for (let i = 0; i < n; i++) out[i] = r.fixed(ID_LEN, json);
      return out;
    }
    case 'outputs':
      return readOutputs(r, json);
    case 'inputs':
      return readInputs(r, json);
    case 'owner':
      return readOwner(r, json);
    case 'auth':
      return readAuth(r, json);
    case 'signer':
      return readSigner(r);
    case 'validator':
      return readValidator(r);
    case 'subnetValidator':
      return readSubnetValidator(r);
    case 'l1Validators':
      return readL1Validators(r);
  }
  throw new CodecError(`internal: no reader for ${key}`);
}

function writeField(w: ByteWriter, kind: FieldKind, value: any, json: string): void {
  if (value === undefined || value === null) throw new CodecError(`cannot encode: field ${json} is missing`);
  switch (kind) {
    case 'u8':
      return w.u8(value, json);
    case 'u32':
      return w.u32(value, json);
    case 'u64':
      return w.u64(value, json);
    case 'id':
      return w.fixed(value, ID_LEN, json);
    case 'nodeId':
      return w.fixed(value, SHORT_ID_LEN, json);
    case 'hexBytes':
    case 'base64Bytes':
      return w.varBytes(value, json);
    case 'blsSignatureArray':
      return w.fixed(value, BLS_SIG_LEN, json);
    case 'string':
      return w.stringBytes(value, json);
    case 'ids':
      w.count(value.length, json);
      for (const id of value) w.fixed(id, ID_LEN, json);
      return;
    case 'outputs':
      return writeOutputs(w, value, json);
    case 'inputs':
      return writeInputs(w, value, json);
    case 'owner':
      return writeOwner(w, value, json);
    case 'auth':
      return writeAuth(w, value, json);
    case 'signer':
      return writeSigner(w, value);
    case 'validator':
      return writeValidator(w, value);
    case 'subnetValidator':
      return writeSubnetValidator(w, value);
    case 'l1Validators':
      return writeL1Validators(w, value);
  }
}

/** `T unsignedTx`: type ID then fields, with no codec version (as embedded in signed txs). */
export function readUnsignedTxBody(r: ByteReader): UnsignedTx {
  const typeId = readTypeId(r, TX_TYPE_IDS, 'unsigned transaction');
  const spec = TX_SPECS[typeId]!;
  const tx: Record<string, unknown> = { kind: 'unsignedTx', typeId, typeName: spec.name };
  for (const field of FIELDS[typeId]!) {
    if (field.kind === 'string') {
      const raw = r.stringBytes(field.json);
      const { text, valid } = utf8ToString(raw);
      tx[field.key] = text;
      // Invalid UTF-8 cannot round-trip through the text: keep the exact bytes for re-encoding.
      if (!valid) tx[`${field.key}Bytes`] = raw;
    } else {
      tx[field.key] = readField(r, field.kind, field.key, field.json);
    }
  }
  return tx as unknown as UnsignedTx;
}

export function writeUnsignedTxBody(w: ByteWriter, tx: UnsignedTx): void {
  const spec = TX_SPECS[tx?.typeId];
  if (!spec) throw new CodecError(`cannot encode unsigned transaction with type ID ${String(tx?.typeId)}`);
  w.u32(tx.typeId);
  const rec = tx as unknown as Record<string, unknown>;
  for (const field of FIELDS[tx.typeId]!) {
    if (field.kind === 'string') {
      const raw = rec[`${field.key}Bytes`];
      const text = rec[field.key];
      if (typeof text !== 'string') throw new CodecError(`cannot encode: field ${field.json} must be a string`);
      writeField(w, 'string', raw instanceof Uint8Array ? raw : stringToUtf8(text), field.json);
    } else {
      writeField(w, field.kind, rec[field.key], field.json);
    }
  }
}

/** `T unsignedTx | creds` as embedded in blocks (no codec version); the ID hashes it with the version prepended. */
export function readSignedTxBody(r: ByteReader): SignedTx {
  const start = r.pos;
  const unsigned = readUnsignedTxBody(r);
  const credentials = readCredentials(r);
  const id = sha256(VERSION_PREFIX, r.bytes.subarray(start, r.pos));
  return { kind: 'signedTx', unsigned, credentials, id };
}

export function writeSignedTxBody(w: ByteWriter, tx: SignedTx): void {
  if (tx?.kind !== 'signedTx') throw new CodecError('cannot encode: not a signed transaction');
  writeUnsignedTxBody(w, tx.unsigned);
  writeCredentials(w, tx.credentials);
}

const VERSION_PREFIX = new Uint8Array([0, 0]);

/** Signed tx bytes (`0x0000 | T unsignedTx | creds`), as getTx and issueTx carry them (without the API checksum). */
export function decodeSignedTx(bytes: Uint8Array): SignedTx {
  const r = new ByteReader(bytes);
  readCodecVersion(r);
  const unsigned = readUnsignedTxBody(r);
  const credentials = readCredentials(r);
  r.expectEnd();
  return { kind: 'signedTx', unsigned, credentials, id: sha256(bytes) };
}

export function encodeSignedTx(tx: SignedTx): Uint8Array {
  return guardEncode('signed transaction', () => {
    const w = new ByteWriter(512);
    w.u16(CODEC_VERSION);
    writeSignedTxBody(w, tx);
    return w.finish();
  });
}

/** Unsigned tx bytes (`0x0000 | T unsignedTx`): what the signatures sign (sha256 of these bytes). */
export function decodeUnsignedTx(bytes: Uint8Array): UnsignedTx {
  const r = new ByteReader(bytes);
  readCodecVersion(r);
  const tx = readUnsignedTxBody(r);
  r.expectEnd();
  return tx;
}

export function encodeUnsignedTx(tx: UnsignedTx): Uint8Array {
  return guardEncode('unsigned transaction', () => {
    const w = new ByteWriter(512);
    w.u16(CODEC_VERSION);
    writeUnsignedTxBody(w, tx);
    return w.finish();
  });
}

/** Tx ID = sha256 of the signed tx bytes (codec version included). */
export function txIdOf(signedTxBytes: Uint8Array): Uint8Array {
  return sha256(signedTxBytes);
}

// Shared pieces of the P-chain codec: typed outputs and inputs, owners, credentials, signers, validators.
import type { ByteReader } from '../byte-reader';
import type { ByteWriter } from '../byte-writer';
import { CodecError } from '../errors';
import { TYPE_NAMES, TypeId } from './type-ids';
import type {
  AuthInput,
  Credential,
  Input,
  L1Validator,
  Output,
  OutputOwners,
  PChainOwner,
  Signer,
  SubnetValidator,
  TransferableInput,
  TransferableOutput,
  Validator,
} from './types';

export const ID_LEN = 32;
export const SHORT_ID_LEN = 20;
export const SIG_LEN = 65;
export const BLS_PUBKEY_LEN = 48;
export const BLS_SIG_LEN = 96;
/** Bound on nested LockOut/LockIn wrappers: the codec allows nesting, a stack does not allow it unbounded. */
const MAX_LOCK_NESTING = 32;

/** Reads an interface's type ID and checks it is one of `allowed`, with avalanchego's wording for unknown IDs. */
export function readTypeId(r: ByteReader, allowed: readonly number[], what: string): number {
  const at = r.pos;
  const id = r.u32(`${what} type ID`);
  if (!allowed.includes(id)) {
    if (TYPE_NAMES[id] === undefined) r.fail(`couldn't unmarshal interface: unknown type ID ${id}`, at);
    r.fail(`couldn't unmarshal interface: type ID ${id} (${TYPE_NAMES[id]}) is not a valid ${what}`, at);
  }
  return id;
}

function writeTypeId(w: ByteWriter, id: unknown, allowed: readonly number[], what: string): void {
  if (typeof id !== 'number' || !allowed.includes(id)) throw new CodecError(`cannot encode ${what} with type ID ${String(id)}`);
  w.u32(id);
}

function readAddresses(r: ByteReader, what: string): Uint8Array[] {
  const n = r.count(SHORT_ID_LEN, what);
  const out = new Array<Uint8Array>(n);
  for (let i = 0; i < n; i++) out[i] = r.fixed(SHORT_ID_LEN, what);
  return out;
}

function writeAddresses(w: ByteWriter, addrs: Uint8Array[], what: string): void {
  w.count(addrs.length, what);
  for (const a of addrs) w.fixed(a, SHORT_ID_LEN, what);
}

function readU32List(r: ByteReader, what: string): number[] {
  const n = r.count(4, what);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = r.u32(what);
  return out;
}

function writeU32List(w: ByteWriter, list: number[], what: string): void {
  w.count(list.length, what);
  for (const v of list) w.u32(v, what);
}

// --- outputs -------------------------------------------------------------------------------------------------

const OUTPUT_TYPES = [TypeId.TransferOutput, TypeId.StakeableLockOut];

export function readOutput(r: ByteReader, depth = 0): Output {
  const at = r.pos;
  const id = readTypeId(r, OUTPUT_TYPES, 'output');
  if (id === TypeId.TransferOutput) {
    const amount = r.u64('amount');
    const locktime = r.u64('locktime');
    const threshold = r.u32('threshold');
    const addresses = readAddresses(r, 'addresses');
    return { typeId: 7, typeName: 'secp256k1fx.TransferOutput', amount, locktime, threshold, addresses };
  }
  if (depth >= MAX_LOCK_NESTING) r.fail(`stakeable outputs nested deeper than ${MAX_LOCK_NESTING}`, at);
  const locktime = r.u64('locktime');
  return { typeId: 22, typeName: 'stakeable.LockOut', locktime, output: readOutput(r, depth + 1) };
}

export function writeOutput(w: ByteWriter, o: Output): void {
  writeTypeId(w, o?.typeId, OUTPUT_TYPES, 'output');
  if (o.typeId === TypeId.TransferOutput) {
    w.u64(o.amount, 'amount');
    w.u64(o.locktime, 'locktime');
    w.u32(o.threshold, 'threshold');
    writeAddresses(w, o.addresses, 'addresses');
  } else {
    w.u64(o.locktime, 'locktime');
    writeOutput(w, o.output);
  }
}

export function readTransferableOutput(r: ByteReader): TransferableOutput {
  const assetId = r.fixed(ID_LEN, 'assetID');
  return { kind: 'transferableOutput', assetId, output: readOutput(r) };
}

export function writeTransferableOutput(w: ByteWriter, o: TransferableOutput): void {
  w.fixed(o.assetId, ID_LEN, 'assetID');
  writeOutput(w, o.output);
}

// Smallest encodings, for refusing counts that cannot fit before allocating.
const MIN_TRANSFERABLE_OUTPUT = ID_LEN + 4 + 8 + 8 + 4 + 4;
const MIN_TRANSFERABLE_INPUT = ID_LEN + 4 + ID_LEN + 4 + 8 + 4;

export function readOutputs(r: ByteReader, what: string): TransferableOutput[] {
  const n = r.count(MIN_TRANSFERABLE_OUTPUT, what);
  const out = new Array<TransferableOutput>(n);
  for (let i = 0; i < n; i++) out[i] = readTransferableOutput(r);
  return out;
}

export function writeOutputs(w: ByteWriter, list: TransferableOutput[], what: string): void {
  w.count(list.length, what);
  for (const o of list) writeTransferableOutput(w, o);
}

// --- inputs --------------------------------------------------------------------------------------------------

const INPUT_TYPES = [TypeId.TransferInput, TypeId.StakeableLockIn];

export function readInput(r: ByteReader, depth = 0): Input {
  const at = r.pos;
  const id = readTypeId(r, INPUT_TYPES, 'input');
  if (id === TypeId.TransferInput) {
    const amount = r.u64('amount');
    return { typeId: 5, typeName: 'secp256k1fx.TransferInput', amount, signatureIndices: readU32List(r, 'signature indices') };
  }
  if (depth >= MAX_LOCK_NESTING) r.fail(`stakeable inputs nested deeper than ${MAX_LOCK_NESTING}`, at);
  const locktime = r.u64('locktime');
  return { typeId: 21, typeName: 'stakeable.LockIn', locktime, input: readInput(r, depth + 1) };
}

export function writeInput(w: ByteWriter, i: Input): void {
  writeTypeId(w, i?.typeId, INPUT_TYPES, 'input');
  if (i.typeId === TypeId.TransferInput) {
    w.u64(i.amount, 'amount');
    writeU32List(w, i.signatureIndices, 'signature indices');
  } else {
    w.u64(i.locktime, 'locktime');
    writeInput(w, i.input);
  }
}

export function readTransferableInput(r: ByteReader): TransferableInput {
  const txId = r.fixed(ID_LEN, 'txID');
  const outputIndex = r.u32('outputIndex');
  const assetId = r.fixed(ID_LEN, 'assetID');
  return { txId, outputIndex, assetId, input: readInput(r) };
}

export function writeTransferableInput(w: ByteWriter, i: TransferableInput): void {
  w.fixed(i.txId, ID_LEN, 'txID');
  w.u32(i.outputIndex, 'outputIndex');
  w.fixed(i.assetId, ID_LEN, 'assetID');
  writeInput(w, i.input);
}

export function readInputs(r: ByteReader, what: string): TransferableInput[] {
  const n = r.count(MIN_TRANSFERABLE_INPUT, what);
  const out = new Array<TransferableInput>(n);
  for (let i = 0; i < n; i++) out[i] = readTransferableInput(r);
  return out;
}

export function writeInputs(w: ByteWriter, list: TransferableInput[], what: string): void {
  w.count(list.length, what);
  for (const i of list) writeTransferableInput(w, i);
}

// --- owners, authorization, credentials, signers --------------------------------------------------------------

export function readOwner(r: ByteReader, what: string): OutputOwners {
  readTypeId(r, [TypeId.OutputOwners], what);
  const locktime = r.u64('locktime');
  const threshold = r.u32('threshold');
  return { typeId: 11, typeName: 'secp256k1fx.OutputOwners', locktime, threshold, addresses: readAddresses(r, 'addresses') };
}

export function writeOwner(w: ByteWriter, o: OutputOwners, what: string): void {
  writeTypeId(w, o?.typeId, [TypeId.OutputOwners], what);
  w.u64(o.locktime, 'locktime');
  w.u32(o.threshold, 'threshold');
  writeAddresses(w, o.addresses, 'addresses');
}

export function readAuth(r: ByteReader, what: string): AuthInput {
  readTypeId(r, [TypeId.Input], what);
  return { typeId: 10, typeName: 'secp256k1fx.Input', signatureIndices: readU32List(r, 'signature indices') };
}

export function writeAuth(w: ByteWriter, a: AuthInput, what: string): void {
  writeTypeId(w, a?.typeId, [TypeId.Input], what);
  writeU32List(w, a.signatureIndices, 'signature indices');
}

export function readCredentials(r: ByteReader): Credential[] {
  const n = r.count(8, 'credentials');
  const out = new Array<Credential>(n);
  for (let i = 0; i < n; i++) {
    readTypeId(r, [TypeId.Credential], 'credential');
    const k = r.count(SIG_LEN, 'signatures');
    const signatures = new Array<Uint8Array>(k);
    for (let j = 0; j < k; j++) signatures[j] = r.fixed(SIG_LEN, 'signature');
    out[i] = { typeId: 9, typeName: 'secp256k1fx.Credential', signatures };
  }
  return out;
}

export function writeCredentials(w: ByteWriter, creds: Credential[]): void {
  w.count(creds.length, 'credentials');
  for (const c of creds) {
    writeTypeId(w, c?.typeId, [TypeId.Credential], 'credential');
    w.count(c.signatures.length, 'signatures');
    for (const s of c.signatures) w.fixed(s, SIG_LEN, 'signature');
  }
}

const SIGNER_TYPES = [TypeId.EmptySigner, TypeId.ProofOfPossession];

export function readSigner(r: ByteReader): Signer {
  const id = readTypeId(r, SIGNER_TYPES, 'signer');
  if (id === TypeId.EmptySigner) return { typeId: 27, typeName: 'signer.Empty' };
  const publicKey = r.fixed(BLS_PUBKEY_LEN, 'BLS public key');
  const signature = r.fixed(BLS_SIG_LEN, 'BLS signature');
  return { typeId: 28, typeName: 'signer.ProofOfPossession', publicKey, signature };
}

export function writeSigner(w: ByteWriter, s: Signer): void {
  writeTypeId(w, s?.typeId, SIGNER_TYPES, 'signer');
  if (s.typeId === TypeId.ProofOfPossession) {
    w.fixed(s.publicKey, BLS_PUBKEY_LEN, 'BLS public key');
    w.fixed(s.signature, BLS_SIG_LEN, 'BLS signature');
  }
}

// --- validators ----------------------------------------------------------------------------------------------

export function readValidator(r: ByteReader): Validator {
  const nodeId = r.fixed(SHORT_ID_LEN, 'nodeID');
  const start = r.u64('start');
  const end = r.u64('end');
  const weight = r.u64('weight');
  return { nodeId, start, end, weight };
}

export function writeValidator(w: ByteWriter, v: Validator): void {
  w.fixed(v.nodeId, SHORT_ID_LEN, 'nodeID');
  w.u64(v.start, 'start');
  w.u64(v.end, 'end');
  w.u64(v.weight, 'weight');
}

export function readSubnetValidator(r: ByteReader): SubnetValidator {
  const v = readValidator(r);
  return { ...v, subnetId: r.fixed(ID_LEN, 'subnetID') };
}

export function writeSubnetValidator(w: ByteWriter, v: SubnetValidator): void {
  writeValidator(w, v);
  w.fixed(v.subnetId, ID_LEN, 'subnetID');
}

function readPChainOwner(r: ByteReader): PChainOwner {
  const threshold = r.u32('threshold');
  return { threshold, addresses: readAddresses(r, 'addresses') };
}

function writePChainOwner(w: ByteWriter, o: PChainOwner): void {
  w.u32(o.threshold, 'threshold');
  writeAddresses(w, o.addresses, 'addresses');
}

const MIN_L1_VALIDATOR = 4 + 8 + 8 + BLS_PUBKEY_LEN + BLS_SIG_LEN + 8 + 8;

export function readL1Validators(r: ByteReader): L1Validator[] {
  const n = r.count(MIN_L1_VALIDATOR, 'validators');
  const out = new Array<L1Validator>(n);
  for (let i = 0; i < n; i++) {
    const nodeId = r.varBytes('nodeID');
    const weight = r.u64('weight');
    const balance = r.u64('balance');
    const publicKey = r.fixed(BLS_PUBKEY_LEN, 'BLS public key');
    const signature = r.fixed(BLS_SIG_LEN, 'BLS signature');
    const remainingBalanceOwner = readPChainOwner(r);
    const deactivationOwner = readPChainOwner(r);
    out[i] = { nodeId, weight, balance, signer: { publicKey, signature }, remainingBalanceOwner, deactivationOwner };
  }
  return out;
}

export function writeL1Validators(w: ByteWriter, list: L1Validator[]): void {
  w.count(list.length, 'validators');
  for (const v of list) {
    w.varBytes(v.nodeId, 'nodeID');
    w.u64(v.weight, 'weight');
    w.u64(v.balance, 'balance');
    w.fixed(v.signer.publicKey, BLS_PUBKEY_LEN, 'BLS public key');
    w.fixed(v.signer.signature, BLS_SIG_LEN, 'BLS signature');
    writePChainOwner(w, v.remainingBalanceOwner);
    writePChainOwner(w, v.deactivationOwner);
  }
}

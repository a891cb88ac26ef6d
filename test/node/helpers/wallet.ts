// Builds, signs and issues P-chain transactions with the local genesis' funded test key ("ewoq"), using our codec's
// encoders, so a fresh local network holds blocks and txs of several types for the conformance tests to read back.
import { bls12_381 } from '@noble/curves/bls12-381';
import { secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import {
  cb58Decode,
  decodeHex,
  decodeUtxo,
  encodeHex,
  encodeSignedTx,
  encodeTransferableOutput,
  encodeUnsignedTx,
  formatAddress,
  formatId,
  formatNodeId,
  parseId,
  parseNodeId,
  txIdOf,
  type AuthInput,
  type Credential,
  type OutputOwners,
  type TransferableInput,
  type TransferableOutput,
  type UnsignedTx,
  type Utxo,
} from '../../../src/codec/index';
import { call, waitFor } from './jsonrpc';

export const LOCAL_NETWORK_ID = 12345;
export const EWOQ_KEY = 'PrivateKey-ewoqjP7PxY4yr3iLTpLisriqt94hdyDFNgchSxGGztUrTXtNN';
const NANO_PER_AVAX = 1_000_000_000n;
/** Burned by every tx we issue: above v1.11's static fees (create subnet/chain 0.1 AVAX) and v1.14's dynamic fee. */
const FEE = 200_000_000n;

export interface Key {
  priv: Uint8Array;
  address: Uint8Array;
  /** "P-local1…" */
  pAddress: string;
}

export function keyFromPrivate(priv: Uint8Array): Key {
  const address = ripemd160(sha256(secp256k1.getPublicKey(priv, true)));
  return { priv, address, pAddress: formatAddress(address, LOCAL_NETWORK_ID) };
}

export const ewoq = keyFromPrivate(cb58Decode(EWOQ_KEY.slice('PrivateKey-'.length)));
/** A second, unfunded key that receives outputs, so some UTXOs belong to an address other than the payer's. */
export const receiver = keyFromPrivate(sha256(new TextEncoder().encode('avatop conformance receiver')));

function compare(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function owners(key: Key, locktime = 0n): OutputOwners {
  return { typeId: 11, typeName: 'secp256k1fx.OutputOwners', locktime, threshold: 1, addresses: [key.address] };
}

function transfer(assetId: Uint8Array, key: Key, amount: bigint, lockedUntil?: bigint): TransferableOutput {
  const out = { typeId: 7 as const, typeName: 'secp256k1fx.TransferOutput' as const, amount, locktime: 0n, threshold: 1, addresses: [key.address] };
  return {
    kind: 'transferableOutput',
    assetId,
    output: lockedUntil === undefined ? out : { typeId: 22, typeName: 'stakeable.LockOut', locktime: lockedUntil, output: out },
  };
}

/** avalanchego rejects unsorted outputs: they sort by their serialized bytes. */
function sortOutputs(list: TransferableOutput[]): TransferableOutput[] {
  return [...list].sort((a, b) => compare(encodeTransferableOutput(a), encodeTransferableOutput(b)));
}

export interface Context {
  url: string;
  pChainId: Uint8Array;
  avaxAssetId: Uint8Array;
}

export async function loadContext(url: string): Promise<Context> {
  const { blockchainID } = await call<{ blockchainID: string }>(url, 'info', 'info.getBlockchainID', { alias: 'P' });
  const { assetID } = await call<{ assetID: string }>(url, 'P', 'platform.getStakingAssetID', {});
  return { url, pChainId: parseId(blockchainID), avaxAssetId: parseId(assetID) };
}

export async function fetchUtxos(url: string, addresses: string[]): Promise<{ hex: string; utxo: Utxo }[]> {
  const r = await call<{ utxos: string[] }>(url, 'P', 'platform.getUTXOs', { addresses, limit: 1024, encoding: 'hex' });
  return r.utxos.map((hex) => ({ hex, utxo: decodeUtxo(decodeHex(hex, { checksum: true })) }));
}

function sign(unsignedBytes: Uint8Array, key: Key): Uint8Array {
  const sig = secp256k1.sign(sha256(unsignedBytes), key.priv, { lowS: true });
  const out = new Uint8Array(65);
  out.set(sig.toCompactRawBytes(), 0);
  out[64] = sig.recovery;
  return out;
}

export interface Issued {
  name: string;
  txId: string;
  typeId: number;
}

/** Signs with ewoq (one credential per input, then one per extra auth) and issues; resolves once Committed. */
async function issue(ctx: Context, name: string, unsigned: UnsignedTx, extraAuths: number): Promise<Issued> {
  const unsignedBytes = encodeUnsignedTx(unsigned);
  const sig = sign(unsignedBytes, ewoq);
  const nCreds = ('inputs' in unsigned ? unsigned.inputs.length : 0) + extraAuths;
  const credentials: Credential[] = Array.from({ length: nCreds }, () => ({
    typeId: 9,
    typeName: 'secp256k1fx.Credential',
    signatures: [sig],
  }));
  const signed = encodeSignedTx({ kind: 'signedTx', unsigned, credentials });
  const expectedId = formatId(txIdOf(signed));
  const { txID } = await call<{ txID: string }>(ctx.url, 'P', 'platform.issueTx', {
    tx: encodeHex(signed, { checksum: true }),
    encoding: 'hex',
  });
  if (txID !== expectedId) throw new Error(`${name}: node says tx ID ${txID}, our codec computed ${expectedId}`);
  await waitFor(`${name} ${txID} committed`, async () => {
    const s = await call<{ status: string; reason?: string }>(ctx.url, 'P', 'platform.getTxStatus', { txID });
    if (s.status === 'Dropped' || s.status === 'Aborted') throw new Error(`${name} ${s.status}: ${s.reason ?? ''}`);
    return s.status === 'Committed' ? true : undefined;
  });
  return { name, txId: txID, typeId: unsigned.typeId };
}

/** The largest spendable plain TransferOutput of ewoq. */
async function biggestUtxo(ctx: Context): Promise<Utxo> {
  const all = (await fetchUtxos(ctx.url, [ewoq.pAddress])).map((u) => u.utxo);
  const plain = all.filter((u) => u.output.typeId === 7 && u.output.locktime === 0n);
  plain.sort((a, b) => (a.output.typeId === 7 && b.output.typeId === 7 ? Number(b.output.amount - a.output.amount) : 0));
  const best = plain[0];
  if (!best || best.output.typeId !== 7) throw new Error('ewoq has no spendable UTXO on the P-chain');
  return best;
}

function spend(u: Utxo): { input: TransferableInput; amount: bigint } {
  if (u.output.typeId !== 7) throw new Error('can only spend plain transfer outputs');
  return {
    input: {
      txId: u.txId,
      outputIndex: u.outputIndex,
      assetId: u.assetId,
      input: { typeId: 5, typeName: 'secp256k1fx.TransferInput', amount: u.output.amount, signatureIndices: [0] },
    },
    amount: u.output.amount,
  };
}

/** avalanchego's proof-of-possession ciphersuite (utils/crypto/bls): the key signs its own compressed public key. */
const POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

export function blsProofOfPossession(seed: string): { publicKey: Uint8Array; signature: Uint8Array } {
  const bls = bls12_381.longSignatures;
  const sk = sha256(new TextEncoder().encode(seed));
  sk[0]! &= 0x3f; // below the group order
  const publicKey = bls.getPublicKey(sk).toBytes(true);
  const signature = bls.Signature.toBytes(bls.sign(bls.hash(publicKey, POP_DST), sk));
  return { publicKey, signature };
}

/** A node that never runs: it only exists as a staker record. */
export const NEW_VALIDATOR_NODE_ID = formatNodeId(sha256(new TextEncoder().encode('avatop conformance validator')).slice(0, 20));

const auth: AuthInput = { typeId: 10, typeName: 'secp256k1fx.Input', signatureIndices: [0] };

async function addDelegator(ctx: Context, name: string, nodeId: string, end: bigint): Promise<Issued> {
  const stake = 25n * NANO_PER_AVAX;
  const { input, amount } = spend(await biggestUtxo(ctx));
  return issue(
    ctx,
    name,
    {
      kind: 'unsignedTx',
      typeId: 26,
      typeName: 'AddPermissionlessDelegatorTx',
      networkId: LOCAL_NETWORK_ID,
      blockchainId: ctx.pChainId,
      inputs: [input],
      outputs: [transfer(ctx.avaxAssetId, ewoq, amount - stake - FEE)],
      memo: new Uint8Array(),
      // Durango ignores the start (the chain time is used).
      validator: { nodeId: parseNodeId(nodeId), start: end - 1n, end, weight: stake },
      subnetId: new Uint8Array(32),
      stake: [transfer(ctx.avaxAssetId, ewoq, stake)],
      rewardsOwner: owners(ewoq),
    },
    0,
  );
}

async function addValidator(ctx: Context, name: string, nodeId: string, blsSeed: string, end: bigint): Promise<Issued> {
  const stake = 2_000n * NANO_PER_AVAX;
  const v = spend(await biggestUtxo(ctx));
  const pop = blsProofOfPossession(blsSeed);
  return issue(
    ctx,
    name,
    {
      kind: 'unsignedTx',
      typeId: 25,
      typeName: 'AddPermissionlessValidatorTx',
      networkId: LOCAL_NETWORK_ID,
      blockchainId: ctx.pChainId,
      inputs: [v.input],
      outputs: [transfer(ctx.avaxAssetId, ewoq, v.amount - stake - FEE)],
      memo: new Uint8Array(),
      validator: { nodeId: parseNodeId(nodeId), start: end - 1n, end, weight: stake },
      subnetId: new Uint8Array(32),
      signer: { typeId: 28, typeName: 'signer.ProofOfPossession', publicKey: pop.publicKey, signature: pop.signature },
      stake: [transfer(ctx.avaxAssetId, ewoq, stake)],
      validationRewardsOwner: owners(ewoq),
      delegationRewardsOwner: owners(receiver),
      shares: 30_000,
    },
    0,
  );
}

/** A validator node that never runs: its end brings an abort (uptime 0), a delegator to a live node a commit. */
export const SHORT_VALIDATOR_NODE_ID = formatNodeId(sha256(new TextEncoder().encode('avatop short validator')).slice(0, 20));

/**
 * Stakers that end `seconds` from now (the network must run with `--min-stake-duration` below that), then waits
 * until the P-chain has removed both: each removal is a proposal block (RewardValidatorTx) followed by a commit
 * (delegator of a live node, rewarded) or an abort (validator that never ran, uptime 0).
 */
export async function stakeBriefly(ctx: Context, liveNodeId: string, seconds: number): Promise<Issued[]> {
  // Each end is taken when its tx is built, so a slow machine only shortens the wait, never the stake below the minimum.
  const endIn = (): bigint => BigInt(Math.floor(Date.now() / 1000) + seconds);
  const issued = [
    await addDelegator(ctx, 'short AddPermissionlessDelegatorTx', liveNodeId, endIn()),
    await addValidator(ctx, 'short AddPermissionlessValidatorTx', SHORT_VALIDATOR_NODE_ID, 'avatop short validator bls', endIn()),
  ];
  await waitFor(
    'the short stakers to be removed',
    async () => {
      const { validators } = await call<{ validators: { nodeID: string; delegators?: { txID: string }[] }[] }>(ctx.url, 'P', 'platform.getCurrentValidators', {
        nodeIDs: [liveNodeId, SHORT_VALIDATOR_NODE_ID],
      });
      // With two node IDs asked, delegators are not listed: ask for the live node alone to see them.
      const short = validators.some((v) => v.nodeID === SHORT_VALIDATOR_NODE_ID);
      const { validators: live } = await call<{ validators: { delegators?: { txID: string }[] }[] }>(ctx.url, 'P', 'platform.getCurrentValidators', {
        nodeIDs: [liveNodeId],
      });
      const delegating = (live[0]?.delegators ?? []).some((d) => d.txID === issued[0]!.txId);
      return !short && !delegating ? true : undefined;
    },
    (seconds + 90) * 1000,
  );
  return issued;
}

export interface Activity {
  issued: Issued[];
  subnetId: string;
  chainId: string;
}

/**
 * Issues, one after another (each spends the previous change output): a BaseTx paying the receiver a plain and a
 * stakeable-locked output, a CreateSubnetTx, a CreateChainTx, an AddSubnetValidatorTx, an
 * AddPermissionlessDelegatorTx and an AddPermissionlessValidatorTx (with a BLS proof of possession) on the primary
 * network.
 */
export async function generateActivity(ctx: Context, validatorNodeId: string): Promise<Activity> {
  const base = (u: Utxo, outs: TransferableOutput[]) => {
    const { input, amount } = spend(u);
    const paid = outs.reduce((s, o) => s + (o.output.typeId === 7 ? o.output.amount : o.output.typeId === 22 && o.output.output.typeId === 7 ? o.output.output.amount : 0n), 0n);
    return {
      networkId: LOCAL_NETWORK_ID,
      blockchainId: ctx.pChainId,
      inputs: [input],
      outputs: sortOutputs([...outs, transfer(ctx.avaxAssetId, ewoq, amount - paid - FEE)]),
      memo: new Uint8Array(),
    };
  };
  const now = BigInt(Math.floor(Date.now() / 1000));
  const issued: Issued[] = [];

  issued.push(
    await issue(
      ctx,
      'BaseTx',
      {
        kind: 'unsignedTx',
        typeId: 34,
        typeName: 'BaseTx',
        ...base(
          await biggestUtxo(ctx),
          [
            transfer(ctx.avaxAssetId, receiver, 3n * NANO_PER_AVAX),
            transfer(ctx.avaxAssetId, receiver, 2n * NANO_PER_AVAX, now + 365n * 86400n),
          ],
          // Durango made memos illegal on the P-chain ("memo exceeds maximum length: 18 > 0").
        ),
      },
      0,
    ),
  );

  issued.push(
    await issue(
      ctx,
      'CreateSubnetTx',
      { kind: 'unsignedTx', typeId: 16, typeName: 'CreateSubnetTx', ...base(await biggestUtxo(ctx), []), owner: owners(ewoq) },
      0,
    ),
  );
  const subnetId = issued[issued.length - 1]!.txId;

  const vmId = new Uint8Array(32);
  vmId.set(new TextEncoder().encode('avatopvm'));
  issued.push(
    await issue(
      ctx,
      'CreateChainTx',
      {
        kind: 'unsignedTx',
        typeId: 15,
        typeName: 'CreateChainTx',
        ...base(await biggestUtxo(ctx), []),
        subnetId: parseId(subnetId),
        chainName: 'avatopchain',
        vmId,
        fxIds: [],
        genesisData: new TextEncoder().encode('{"hello":"avatop"}'),
        subnetAuth: auth,
      },
      1,
    ),
  );
  const chainId = issued[issued.length - 1]!.txId;

  // Durango ignores start times (the chain time is used); the end must be at least the 24 h local minimum away.
  const end = now + 26n * 3600n;
  issued.push(
    await issue(
      ctx,
      'AddSubnetValidatorTx',
      {
        kind: 'unsignedTx',
        typeId: 13,
        typeName: 'AddSubnetValidatorTx',
        ...base(await biggestUtxo(ctx), []),
        validator: { nodeId: parseNodeId(validatorNodeId), start: now, end, weight: 20n, subnetId: parseId(subnetId) },
        subnetAuth: auth,
      },
      1,
    ),
  );

  issued.push(await addDelegator(ctx, 'AddPermissionlessDelegatorTx', validatorNodeId, end));
  // A new primary-network validator with a BLS key, so stakers with a signer exist on both versions.
  issued.push(await addValidator(ctx, 'AddPermissionlessValidatorTx', NEW_VALIDATOR_NODE_ID, 'avatop conformance validator bls', end));

  return { issued, subnetId, chainId };
}

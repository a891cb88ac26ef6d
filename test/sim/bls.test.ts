// The simulator's BLS material is real (issue 14, item 8): every public key it serves is a point of BLS12-381's G1
// subgroup, and every proof of possession verifies under avalanchego's scheme (min-pk, signature in G2 over the
// compressed public key with the PoP tag), wherever it is served: info.getNodeID, getCurrentValidators' signers,
// and the signers inside the txs getTx returns.
import { describe, expect, it } from 'vitest';
import { bls12_381 } from '@noble/curves/bls12-381';
import { decodeHex, decodeSignedTx } from '../../src/codec';
import { result } from '../helpers/rpc';
import { startSim } from './helpers';
import { shared } from '../helpers/track';

const POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const bls = bls12_381.longSignatures;
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
const bytes = (h: string) => new Uint8Array(Buffer.from(h.replace(/^0x/, ''), 'hex'));

/** Throws unless the key is a valid G1 point in the subgroup and the PoP a G2 signature over it that verifies. */
function verifies(publicKey: Uint8Array, pop: Uint8Array): boolean {
  const pk = bls12_381.G1.Point.fromBytes(publicKey);
  pk.assertValidity();
  const sig = bls.Signature.fromBytes(pop);
  sig.assertValidity();
  return bls.verify(sig, bls.hash(publicKey, POP_DST), publicKey);
}

const sim = shared(() => startSim({ seed: 11, validators: 40, peers: 5, utxos: 5, subnets: 2 }));

describe('BLS keys and proofs of possession the simulator serves', () => {
  it('info.getNodeID: the node’s own', async () => {
    const r = await result<{ nodePOP: { publicKey: string; proofOfPossession: string } }>(sim().url, '/ext/info', 'info.getNodeID');
    expect(verifies(bytes(r.nodePOP.publicKey), bytes(r.nodePOP.proofOfPossession))).toBe(true);
  });

  it('getCurrentValidators’ signers, and the signer of each validator’s staking tx', async () => {
    const { validators } = await result<{ validators: { txID: string; signer?: { publicKey: string; proofOfPossession: string } }[] }>(
      sim().url,
      '/ext/bc/P',
      'platform.getCurrentValidators',
    );
    const signed = validators.filter((v) => v.signer).slice(0, 12);
    expect(signed.length).toBeGreaterThan(5);
    for (const v of signed) {
      expect(verifies(bytes(v.signer!.publicKey), bytes(v.signer!.proofOfPossession)), v.txID).toBe(true);
      const { tx } = await result<{ tx: string }>(sim().url, '/ext/bc/P', 'platform.getTx', { txID: v.txID, encoding: 'hex' });
      const decoded = decodeSignedTx(decodeHex(tx, { checksum: 'auto' })).unsigned as unknown as { signer?: { publicKey: Uint8Array; signature: Uint8Array } };
      expect(hex(decoded.signer!.publicKey)).toBe(v.signer!.publicKey);
      expect(hex(decoded.signer!.signature)).toBe(v.signer!.proofOfPossession);
    }
  });

  it('ConvertSubnetToL1Tx: each initial L1 validator’s signer', async () => {
    let checked = 0;
    for (const [, rec] of sim().network.txs) {
      const tx = decodeSignedTx(rec.bytes).unsigned as unknown as { typeName: string; validators?: { signer: { publicKey: Uint8Array; signature: Uint8Array } }[] };
      if (tx.typeName !== 'ConvertSubnetToL1Tx') continue;
      for (const v of tx.validators!.slice(0, 6)) {
        expect(verifies(v.signer.publicKey, v.signer.signature)).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('BLS keys differ from seed to seed', () => {
  it('seeds 1, 2 and 3 serve this node three different keys', async () => {
    const nodes = await Promise.all([1, 2, 3].map((seed) => startSim({ seed, validators: 20, peers: 3, utxos: 3, subnets: 1 })));
    try {
      const keys = await Promise.all(
        nodes.map(async (n) => (await result<{ nodePOP: { publicKey: string } }>(n.url, '/ext/info', 'info.getNodeID')).nodePOP.publicKey),
      );
      expect(new Set(keys).size).toBe(3);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  });
});

// Tx types 40-42 (ACP-236 auto-renewed staking) in the tx view: each field with its meaning, from the codec
// fixtures written from avalanchego's own test bytes (test/fixtures/codec/tx_4{0,1,2}_*).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeAny } from '../../src/codec/pchain/detect';
import { decodeHex } from '../../src/codec/hex';
import { txLines } from '../../src/views/tx-model';

const DIR = join(__dirname, '../fixtures/codec');
function linesOf(file: string): string {
  const fx = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { hex: string };
  const { decoded } = decodeAny(decodeHex(fx.hex, { checksum: 'auto' }), ['tx']);
  return txLines(decoded, { networkId: 1 })
    .map((l) => `${l.label}: ${l.value}`)
    .join('\n');
}

describe('auto-renewed staking txs in the tx view', () => {
  it('AddAutoRenewedValidatorTx (40): node, authority, fee, auto-compound share and period, in words', () => {
    const t = linesOf('tx_40_AddAutoRenewedValidatorTx__want_bytes.json');
    expect(t).toMatch(/^node ID: NodeID-\w+$/m);
    expect(t).toMatch(/^validator authority \(may change its renewal\): /m);
    expect(t).toMatch(/^delegation fee: 100% of delegators' rewards \(1000000 \/ 1,000,000\)$/m);
    expect(t).toMatch(/^auto-compound: 50% of each period's reward restaked, 50% paid out \(500000 \/ 1,000,000\)$/m);
    expect(t).toMatch(/^period: 200d.* \(17,280,000 s\); renews at each period's end until its authority sets 0$/m);
  });

  it('SetAutoRenewedValidatorConfigTx (41): which validator, the authority, and the next period', () => {
    const t = linesOf('tx_41_SetAutoRenewedValidatorConfigTx__want_bytes.json');
    expect(t).toMatch(/^auto-renewed validator tx: 2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN$/m);
    expect(t).toMatch(/^authority auth: signature indices/m);
    expect(t).toMatch(/^next period: 200d.*from the end of the current period$/m);
  });

  it('RewardAutoRenewedValidatorTx (42): the rewarded validator and the period it closes', () => {
    const t = linesOf('tx_42_RewardAutoRenewedValidatorTx__want_bytes.json');
    expect(t).toMatch(/^rewarded validator tx: 2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN$/m);
    expect(t).toMatch(/^period end: 2009-02-13 23:31:30Z \(the cycle this reward closes\)$/m);
  });
});

import { describe, expect, it } from 'vitest';
import { avaxBalances, otherAssets, totalsLines } from '../../src/panes/utxos/totals-model';
import { idleResource, markUnsupported, resolveError, resolveOk } from '../../src/state/resource';
import type { AddressBalance, AddressStake } from '../../src/state/types';

const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
const OTHER = '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm';

const balance = (over: Partial<AddressBalance> = {}): AddressBalance => ({
  balance: 3_000_000_001n,
  unlocked: 1_000_000_000n,
  lockedStakeable: 2_000_000_000n,
  lockedNotStakeable: 1n,
  balances: { [AVAX]: 3_000_000_001n, [OTHER]: 5n },
  unlockeds: { [AVAX]: 1_000_000_000n, [OTHER]: 5n },
  lockedStakeables: { [AVAX]: 2_000_000_000n },
  lockedNotStakeables: { [AVAX]: 1n },
  utxoCount: 3,
  ...over,
});
const stake: AddressStake = { staked: 2_000_000_000_000n, stakeds: { [AVAX]: 2_000_000_000_000n }, outputs: 1, undecodable: 0, calls: 1 };
const ok = <T>(d: T) => resolveOk(idleResource<T>(), d, { at: 1 });

describe('UTXO totals model', () => {
  it('reads the plain AVAX fields, or the staking asset in the per-asset maps when they are missing', () => {
    expect(avaxBalances(balance(), AVAX)).toEqual({ unlocked: 1_000_000_000n, lockedStakeable: 2_000_000_000n, lockedNotStakeable: 1n, total: 3_000_000_001n });
    const mapsOnly = balance({ balance: undefined, unlocked: undefined, lockedStakeable: undefined, lockedNotStakeable: undefined });
    expect(avaxBalances(mapsOnly, AVAX)?.total).toBe(3_000_000_001n);
    expect(avaxBalances(mapsOnly, undefined)).toBeUndefined(); // two assets, none known as AVAX
    expect(otherAssets(balance(), AVAX)).toEqual([OTHER]);
  });

  it('prints exact AVAX, the page total labelled, the stake, and words for what failed', () => {
    const page = { unlocked: 1n, lockedStakeable: 0n, lockedNotStakeable: 0n, total: 1n };
    const lines = totalsLines({ balance: ok(balance()), stake: ok(stake), page, pageCount: 1, assetId: AVAX, width: 200 }).map((l) => l.text.trimEnd());
    expect(lines[1]).toMatch(/^all UTXOs +3\.000000001 +1\.000000000 +2\.000000000 +0\.000000001 +3 UTXOs · \+1 other asset$/);
    expect(lines[2]).toMatch(/^this page +0\.000000001 .* 1 UTXOs listed below$/);
    expect(lines[3]).toBe('staked      2,000 AVAX in 1 staked output');

    const err = Object.assign(new Error('x'), { short: 'platform.getBalance: boom\x1b[31m' });
    const failed = totalsLines({
      balance: resolveError(idleResource<AddressBalance>(), err, { at: 1 }),
      stake: markUnsupported(idleResource<AddressStake>(), new Error('nope'), 'not available on this node'),
      page: undefined,
      pageCount: 0,
      assetId: AVAX,
      width: 200,
    }).map((l) => l.text.trimEnd());
    expect(failed[1]).toMatch(/^all UTXOs +platform\.getBalance: boom/);
    expect(failed[1]).not.toContain('\x1b');
    expect(failed[2]).toMatch(/this page +loading…/);
    expect(failed[3]).toBe('staked      getStake: not available on this node');
  });

  it('goes one row per kind when four columns do not fit, and to a summary when the pane is short', () => {
    const big = balance({ balance: 15_829_819_886_151_880n, unlocked: 15_010_705_445_993_309n });
    const page = { unlocked: 1n, lockedStakeable: 0n, lockedNotStakeable: 0n, total: 1n };
    const narrow = totalsLines({ balance: ok(big), stake: ok(stake), page, pageCount: 1, assetId: AVAX, width: 80 }).map((l) => l.text.trimEnd());
    expect(narrow).toHaveLength(6);
    expect(narrow[1]).toMatch(/^total +15,829,819\.886151880 +0\.000000001$/);
    expect(narrow[4]).toMatch(/^locked not stakeable +0\.000000001 +0\.000000000$/);
    for (const l of narrow) expect(l.length).toBeLessThanOrEqual(80);
    const short = totalsLines({ balance: ok(big), stake: ok(stake), page, pageCount: 1, assetId: AVAX, width: 80, maxLines: 4 }).map((l) => l.text.trimEnd());
    expect(short).toEqual([
      'all UTXOs   15,829,819.88615188 AVAX (unlocked 15,010,705.445993309)',
      'this page   0.000000001 AVAX',
      'staked      2,000 AVAX in 1 staked output',
    ]);
  });
});

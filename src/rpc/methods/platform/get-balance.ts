import * as z from 'zod';
import { addressList, map, u64, wireUnsigned } from '../common';
import { defineMethod, lazy } from '../define';

export interface UtxoId {
  txID: string;
  outputIndex: number;
}

const MAX_U32 = 0xffffffff;

/**
 * Every UTXO of the addresses, which for a busy wallet is 100,000 entries. Checked in one loop and handed on as the
 * node sent them (copied only if some outputIndex was not already a number): as `list(z.object(…))` zod built and
 * dropped 26-46 MiB of objects for those 100,000 (docs/performance.md), a large part of the monitor's highest memory
 * peak.
 */
const utxoIds = lazy(() => z.unknown().transform((v, ctx): UtxoId[] | number => {
  if (v === null || v === undefined) return [];
  // Counted as it arrived, the list itself not kept (a client call with `list: { key: 'utxoIDs' }`, rpc/streamed-list.ts).
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (!Array.isArray(v)) {
    ctx.addIssue({ code: 'custom', message: 'expected a list of { txID, outputIndex }' });
    return z.NEVER;
  }
  let converted = false;
  for (let i = 0; i < v.length; i++) {
    const id: unknown = v[i];
    const o = typeof id === 'object' && id !== null ? (id as Record<string, unknown>) : undefined;
    const index = wireUnsigned(o?.outputIndex);
    if (!o || typeof o.txID !== 'string' || index === undefined || index > MAX_U32) {
      ctx.addIssue({ code: 'custom', path: [i], message: 'expected { txID: string, outputIndex: unsigned integer }' });
      return z.NEVER;
    }
    if (index !== o.outputIndex) converted = true;
  }
  const ids = v as Array<{ txID: string; outputIndex: unknown }>;
  return converted ? ids.map(({ txID, outputIndex }) => ({ txID, outputIndex: wireUnsigned(outputIndex)! })) : (ids as UtxoId[]);
}));

export const getBalance = defineMethod({
  name: 'platform.getBalance',
  schemas: () => ({
    params: z.object({ addresses: addressList() }),
    result: z.object({
      /** AVAX-only totals; present on both old and current nodes. */
      balance: u64.optional(),
      unlocked: u64.optional(),
      lockedStakeable: u64.optional(),
      lockedNotStakeable: u64.optional(),
      /** Per asset ID. */
      balances: map(u64),
      unlockeds: map(u64),
      lockedStakeables: map(u64),
      lockedNotStakeables: map(u64),
      utxoIDs: utxoIds(),
    }).transform(({ utxoIDs, ...r }): typeof r & { utxoIDs?: UtxoId[]; utxoCount: number } =>
      // How many UTXOs the totals cover, whether the IDs were read or only counted (then `utxoIDs` is absent).
      typeof utxoIDs === 'number' ? { ...r, utxoCount: utxoIDs } : { ...r, utxoIDs, utxoCount: utxoIDs.length },
    ),
  }),
  description: 'Balances of addresses per asset: unlocked, locked stakeable, locked not stakeable, and their UTXO IDs.',
});

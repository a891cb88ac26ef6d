import * as z from 'zod';
import { addressParam, list, map, u32, u64 } from '../common';
import { defineMethod } from '../define';

export const getBalance = defineMethod({
  name: 'platform.getBalance',
  endpoint: 'P',
  params: z.object({ addresses: z.array(addressParam).min(1, 'at least one address is required') }),
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
    utxoIDs: list(z.object({ txID: z.string(), outputIndex: u32 })),
  }),
  description: 'Balances of addresses per asset: unlocked, locked stakeable, locked not stakeable, and their UTXO IDs.',
});
export type GetBalanceResult = z.output<typeof getBalance.result>;

import * as z from 'zod';
import { addressList, blobEncoding, hexBlob, list, map, u64 } from '../common';
import { defineMethod } from '../define';

export const MAX_GET_STAKE_ADDRESSES = 256;

export const getStake = defineMethod({
  name: 'platform.getStake',
  schemas: () => ({
    params: z.object({
      addresses: addressList(MAX_GET_STAKE_ADDRESSES),
      validatorsOnly: z.boolean().optional(),
      encoding: blobEncoding.optional(),
    }),
    result: z.object({
      /** AVAX only. */
      staked: u64.optional(),
      stakeds: map(u64),
      /** Encoded TransferableOutputs (not UTXOs), hex as sent. */
      stakedOutputs: list(hexBlob),
      encoding: z.string().default('hex'),
    }),
  }),
  description: 'Amount staked by addresses (rewards excluded) and the staked outputs.',
});

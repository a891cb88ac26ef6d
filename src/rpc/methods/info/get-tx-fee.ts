import * as z from 'zod';
import { u64 } from '../common';
import { defineMethod } from '../define';

export const getTxFee = defineMethod({
  name: 'info.getTxFee',
  schemas: () => ({
    result: z.object({
      txFee: u64,
      createAssetTxFee: u64.optional(),
      createSubnetTxFee: u64.optional(),
      transformSubnetTxFee: u64.optional(),
      createBlockchainTxFee: u64.optional(),
      addPrimaryNetworkValidatorFee: u64.optional(),
      addPrimaryNetworkDelegatorFee: u64.optional(),
      addSubnetValidatorFee: u64.optional(),
      addSubnetDelegatorFee: u64.optional(),
    }),
  }),
  description:
    'Static fees in nAVAX. Deprecated since v1.12.2: the P-Chain fields are constants; real P-Chain fees are dynamic (platform.getFeeState).',
});

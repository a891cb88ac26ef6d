import * as z from 'zod';
import { list } from '../common';
import { defineMethod } from '../define';

export const blockchain = z.object({
  id: z.string(),
  name: z.string(),
  subnetID: z.string(),
  vmID: z.string(),
});
export type Blockchain = z.output<typeof blockchain>;

export const getBlockchains = defineMethod({
  name: 'platform.getBlockchains',
  result: z.object({ blockchains: list(blockchain) }),
  heavy: true,
  description: 'Every blockchain except the P-Chain: ID, name, subnet and VM.',
});

import * as z from 'zod';
import { list } from '../common';
import { defineMethod, lazy } from '../define';

export const blockchain = lazy(() => z.object({
  id: z.string(),
  name: z.string(),
  subnetID: z.string(),
  vmID: z.string(),
}));
export type Blockchain = z.output<ReturnType<typeof blockchain>>;

export const getBlockchains = defineMethod({
  name: 'platform.getBlockchains',
  schemas: () => ({
    result: z.object({ blockchains: list(blockchain()) }),
  }),
  heavy: true,
  description: 'Every blockchain() except the P-Chain: ID, name, subnet and VM.',
});

import * as z from 'zod';
import { defineMethod } from '../define';

export const getBlockchainID = defineMethod({
  name: 'info.getBlockchainID',
  schemas: () => ({
    params: z.object({ alias: z.string().min(1, 'an alias is required') }),
    result: z.object({ blockchainID: z.string() }),
  }),
  description: 'The chain ID behind an alias (P, X, C or one set with admin.aliasChain).',
});

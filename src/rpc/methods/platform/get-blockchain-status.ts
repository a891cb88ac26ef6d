import * as z from 'zod';
import { chainParam } from '../common';
import { defineMethod } from '../define';

export const BLOCKCHAIN_STATUSES = ['Validating', 'Created', 'Preferred', 'Syncing', 'Unknown'] as const;
export type BlockchainStatus = (typeof BLOCKCHAIN_STATUSES)[number];

export const getBlockchainStatus = defineMethod({
  name: 'platform.getBlockchainStatus',
  schemas: () => ({
    params: z.object({ blockchainID: chainParam }),
    result: z.object({ status: z.union([z.enum(BLOCKCHAIN_STATUSES), z.string().min(1)]) }),
  }),
  description: 'Validating / Syncing (this node runs it), Created, Preferred or Unknown. Takes an ID or an alias.',
});

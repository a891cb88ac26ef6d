import * as z from 'zod';
import { idParam } from '../common';
import { defineMethod } from '../define';

export const validatedBy = defineMethod({
  name: 'platform.validatedBy',
  schemas: () => ({
    // Omitted means the P-Chain itself, validated by the primary network.
    params: z.object({ blockchainID: idParam.optional() }).optional(),
    result: z.object({ subnetID: z.string() }),
  }),
  description: 'The subnet that validates a blockchain.',
});

import * as z from 'zod';
import { list, optionalSubnetParams } from '../common';
import { defineMethod } from '../define';

export const validates = defineMethod({
  name: 'platform.validates',
  schemas: () => ({
    // Omitted means the primary network (X, C and the other primary chains).
    params: optionalSubnetParams,
    result: z.object({ blockchainIDs: list(z.string()) }),
  }),
  description: 'The blockchains a subnet validates.',
});

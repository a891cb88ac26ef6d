import * as z from 'zod';
import { optionalSubnetParams, u64 } from '../common';
import { defineMethod } from '../define';

export const getCurrentSupply = defineMethod({
  name: 'platform.getCurrentSupply',
  schemas: () => ({
    params: optionalSubnetParams,
    result: z.object({
      supply: u64,
      /** Current nodes add the height the supply was read at. */
      height: u64.optional(),
    }),
  }),
  heavy: true,
  description: 'Upper bound of tokens that can stake on a subnet (primary network by default), ignoring burnt fees.',
});

import * as z from 'zod';
import { list, u64 } from '../common';
import { defineMethod } from '../define';

export const getFeeConfig = defineMethod({
  name: 'platform.getFeeConfig',
  since: 'v1.11.11',
  schemas: () => ({
    result: z.object({
      /** Gas per unit of bandwidth, DB read, DB write, compute. */
      weights: list(u64),
      maxCapacity: u64,
      maxPerSecond: u64,
      targetPerSecond: u64,
      minPrice: u64,
      excessConversionConstant: u64,
    }),
  }),
  bigJson: true,
  description: 'ACP-103 dynamic fee parameters: gas weights, capacity, target rate, minimum gas price.',
});

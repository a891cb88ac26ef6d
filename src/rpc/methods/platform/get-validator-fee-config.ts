import * as z from 'zod';
import { u64 } from '../common';
import { defineMethod } from '../define';

export const getValidatorFeeConfig = defineMethod({
  name: 'platform.getValidatorFeeConfig',
  since: 'v1.12.2',
  schemas: () => ({
    result: z.object({
      capacity: u64,
      target: u64,
      minPrice: u64,
      excessConversionConstant: u64,
      /** Only in the docs' example; not a field of the real config. */
      targetPerSecond: u64.optional(),
    }),
  }),
  bigJson: true,
  description: 'ACP-77 L1 validator fee parameters: capacity, target, minimum price per second.',
});

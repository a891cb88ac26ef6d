import * as z from 'zod';
import { rfc3339, u64 } from '../common';
import { defineMethod } from '../define';

export const getValidatorFeeState = defineMethod({
  name: 'platform.getValidatorFeeState',
  since: 'v1.12.2',
  schemas: () => ({
    result: z.object({ excess: u64, price: u64, timestamp: rfc3339 }),
  }),
  bigJson: true,
  description: 'Current L1 validator fee state: excess and price (nAVAX per second per validator).',
});

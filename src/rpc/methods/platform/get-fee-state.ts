import * as z from 'zod';
import { rfc3339, u64 } from '../common';
import { defineMethod } from '../define';

export const getFeeState = defineMethod({
  name: 'platform.getFeeState',
  since: 'v1.11.11',
  schemas: () => ({
    result: z.object({
      capacity: u64,
      excess: u64,
      /** nAVAX per unit of gas. */
      price: u64,
      timestamp: rfc3339,
    }),
  }),
  bigJson: true,
  description: 'Current dynamic fee state: gas capacity, excess and price.',
});

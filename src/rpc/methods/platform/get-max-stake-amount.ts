import * as z from 'zod';
import { idParam, nodeIdParam, u64, u64Param } from '../common';
import { defineMethod } from '../define';

export const getMaxStakeAmount = defineMethod({
  name: 'platform.getMaxStakeAmount',
  removedIn: 'v1.11.3',
  schemas: () => ({
    params: z.object({
      subnetID: idParam.optional(),
      nodeID: nodeIdParam,
      startTime: u64Param,
      endTime: u64Param,
    }),
    result: z.object({ amount: u64 }),
  }),
  description: 'Most nAVAX that can stake to a node over a period. Removed in v1.11.3.',
});

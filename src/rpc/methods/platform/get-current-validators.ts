import * as z from 'zod';
import { idParam, nodeIdParam } from '../common';
import { defineMethod } from '../define';
import { validatorList } from './validator-records';

export const getCurrentValidators = defineMethod({
  name: 'platform.getCurrentValidators',
  endpoint: 'P',
  params: z
    .object({
      subnetID: idParam.optional(),
      nodeIDs: z.array(nodeIdParam).optional(),
    })
    .optional(),
  result: z.object({ validators: validatorList }),
  heavy: true,
  description:
    'Current validators of a subnet (primary network by default): stake, times, rewards, uptime, BLS key; delegators when one node ID is asked.',
});

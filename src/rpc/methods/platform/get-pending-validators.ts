import * as z from 'zod';
import { idParam, list, nodeIdParam } from '../common';
import { defineMethod } from '../define';
import { delegatorRecord, validatorList } from './validator-records';

export const getPendingValidators = defineMethod({
  name: 'platform.getPendingValidators',
  endpoint: 'P',
  params: z
    .object({
      subnetID: idParam.optional(),
      nodeIDs: z.array(nodeIdParam).optional(),
    })
    .optional(),
  result: z.object({ validators: validatorList, delegators: list(delegatorRecord) }),
  heavy: true,
  description: 'Validators and delegators that will start later. Removed in v1.11.3 (ACP-41 dropped pending stakers).',
});

import * as z from 'zod';
import { optionalSubnetParams, u64 } from '../common';
import { defineMethod } from '../define';

export const getMinStake = defineMethod({
  name: 'platform.getMinStake',
  schemas: () => ({
    params: optionalSubnetParams,
    result: z.object({ minValidatorStake: u64, minDelegatorStake: u64 }),
  }),
  description: 'Minimum validator and delegator stake on a subnet (primary network by default).',
});

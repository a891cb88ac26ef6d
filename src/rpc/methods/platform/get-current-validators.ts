import * as z from 'zod';
import { defineMethod } from '../define';
import { stakerListParams, validatorList, validatorRecord } from './validator-records';

export const getCurrentValidators = defineMethod({
  name: 'platform.getCurrentValidators',
  params: stakerListParams,
  result: z.object({ validators: validatorList }),
  heavy: true,
  lists: { validators: validatorRecord },
  description:
    'Current validators of a subnet (primary network by default): stake, times, rewards, uptime, BLS key; delegators when one node ID is asked.',
});

import * as z from 'zod';
import { defineMethod } from '../define';
import { stakerListParams, validatorList, validatorRecord } from './validator-records';

export const getCurrentValidators = defineMethod({
  name: 'platform.getCurrentValidators',
  schemas: () => ({
    params: stakerListParams(),
    result: z.object({ validators: validatorList() }),
    lists: { validators: validatorRecord() },
  }),
  heavy: true,
  description:
    'Current validators of a subnet (primary network by default): stake, times, rewards, uptime, BLS key; delegators when one node ID is asked.',
});

import * as z from 'zod';
import { list } from '../common';
import { defineMethod } from '../define';
import { delegatorRecord, stakerListParams, validatorList } from './validator-records';

export const getPendingValidators = defineMethod({
  name: 'platform.getPendingValidators',
  removedIn: 'v1.11.3',
  schemas: () => ({
    params: stakerListParams(),
    result: z.object({ validators: validatorList(), delegators: list(delegatorRecord()) }),
  }),
  heavy: true,
  description: 'Validators and delegators that will start later. Removed in v1.11.3 (ACP-41 dropped pending stakers).',
});

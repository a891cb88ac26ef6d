import * as z from 'zod';
import { list, u64 } from '../common';
import { defineMethod, lazy } from '../define';
import { heightParam } from './height-param';

const validatorSet = lazy(() => z.object({
  validators: list(
    z.object({
      publicKey: z.string().nullish().transform((v) => v ?? null),
      weight: u64,
      nodeIDs: list(z.string()),
    }),
  ),
  totalWeight: u64,
}));

export const getAllValidatorsAt = defineMethod({
  name: 'platform.getAllValidatorsAt',
  since: 'v1.14.0',
  schemas: () => ({
    params: z.object({ height: heightParam() }),
    result: z.object({ validatorSets: z.record(z.string(), validatorSet()).nullish().transform((v) => v ?? {}) }),
  }),
  heavy: true,
  description: 'Canonical validator sets of every subnet at a height (validators grouped by BLS key).',
});

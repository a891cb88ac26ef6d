import * as z from 'zod';
import { idParam, list } from '../common';
import { defineMethod } from '../define';

export const sampleValidators = defineMethod({
  name: 'platform.sampleValidators',
  schemas: () => ({
    params: z.object({
      size: z.union([z.number().int().min(0).max(65535), z.string().regex(/^\d+$/).transform(Number).pipe(z.number().max(65535))]),
      subnetID: idParam.optional(),
    }),
    result: z.object({ validators: list(z.string()) }),
  }),
  description: 'A stake-weighted random sample of validator node IDs (size ≤ 65535, at most the validator count).',
});

import * as z from 'zod';
import { list, u64 } from '../common';
import { defineMethod, lazy } from '../define';

const acp = lazy(() => z.object({
  supportWeight: u64,
  supporters: list(z.string()),
  objectWeight: u64,
  objectors: list(z.string()),
  abstainWeight: u64,
}));

export const acps = defineMethod({
  name: 'info.acps',
  schemas: () => ({
    result: z.object({ acps: z.record(z.string(), acp()).nullish().transform((v) => v ?? {}) }),
  }),
  description: 'Stake-weighted support and objection of connected validators for each ACP (keys are ACP numbers).',
});

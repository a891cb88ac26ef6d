import * as z from 'zod';
import { u64 } from '../common';
import { defineMethod } from '../define';

export const getProposedHeight = defineMethod({
  name: 'platform.getProposedHeight',
  since: 'v1.11.13',
  schemas: () => ({
    result: z.object({ height: u64 }),
  }),
  description: 'The ProposerVM minimum P-Chain height this node would propose.',
});

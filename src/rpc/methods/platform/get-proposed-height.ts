import * as z from 'zod';
import { noParams, u64 } from '../common';
import { defineMethod } from '../define';

export const getProposedHeight = defineMethod({
  name: 'platform.getProposedHeight',
  endpoint: 'P',
  params: noParams,
  result: z.object({ height: u64 }),
  description: 'The ProposerVM minimum P-Chain height this node would propose.',
});

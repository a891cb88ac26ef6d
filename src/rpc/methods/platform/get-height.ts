import * as z from 'zod';
import { u64 } from '../common';
import { defineMethod } from '../define';

export const getHeight = defineMethod({
  name: 'platform.getHeight',
  schemas: () => ({
    result: z.object({ height: u64 }),
  }),
  description: 'Height of the last accepted P-Chain block. Cheap; heavy lists refresh when it moves.',
});

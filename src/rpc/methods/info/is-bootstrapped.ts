import * as z from 'zod';
import { chainParam } from '../common';
import { defineMethod } from '../define';

export const isBootstrapped = defineMethod({
  name: 'info.isBootstrapped',
  schemas: () => ({
    params: z.object({ chain: chainParam }),
    result: z.object({ isBootstrapped: z.boolean() }),
  }),
  description: 'Whether the given chain (alias such as "P" or a chain ID) has finished bootstrapping.',
});

import * as z from 'zod';
import { u32 } from '../common';
import { defineMethod } from '../define';

export const getNetworkID = defineMethod({
  name: 'info.getNetworkID',
  schemas: () => ({
    result: z.object({ networkID: u32 }),
  }),
  description: 'Network ID (1 mainnet, 5 fuji, 12345 local). Decides the address HRP.',
});

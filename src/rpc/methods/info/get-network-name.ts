import * as z from 'zod';
import { defineMethod } from '../define';

export const getNetworkName = defineMethod({
  name: 'info.getNetworkName',
  schemas: () => ({
    result: z.object({ networkName: z.string() }),
  }),
  description: 'Network name (mainnet, fuji, local, network-<id>, …).',
});

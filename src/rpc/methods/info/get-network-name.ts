import * as z from 'zod';
import { noParams } from '../common';
import { defineMethod } from '../define';

export const getNetworkName = defineMethod({
  name: 'info.getNetworkName',
  endpoint: 'info',
  params: noParams,
  result: z.object({ networkName: z.string() }),
  description: 'Network name (mainnet, fuji, local, network-<id>, …).',
});

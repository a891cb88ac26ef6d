import * as z from 'zod';
import { noParams } from '../common';
import { defineMethod } from '../define';

export const getNodeIP = defineMethod({
  name: 'info.getNodeIP',
  endpoint: 'info',
  params: noParams,
  result: z.object({ ip: z.string() }),
  description: 'The IP and staking port this node advertises to peers.',
});

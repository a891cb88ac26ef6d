import * as z from 'zod';
import { defineMethod } from '../define';

export const getNodeIP = defineMethod({
  name: 'info.getNodeIP',
  schemas: () => ({
    result: z.object({ ip: z.string() }),
  }),
  description: 'The IP and staking port this node advertises to peers.',
});

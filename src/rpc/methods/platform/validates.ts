import { z } from 'zod';
import { idParam, list } from '../common';
import { defineMethod } from '../define';

export const validates = defineMethod({
  name: 'platform.validates',
  endpoint: 'P',
  params: z.object({ subnetID: idParam }),
  result: z.object({ blockchainIDs: list(z.string()) }),
  description: 'The blockchains a subnet validates.',
});
export type ValidatesResult = z.output<typeof validates.result>;

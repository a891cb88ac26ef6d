import * as z from 'zod';
import { optionalSubnetParams } from '../common';
import { defineMethod } from '../define';

export const getStakingAssetID = defineMethod({
  name: 'platform.getStakingAssetID',
  schemas: () => ({
    params: optionalSubnetParams,
    result: z.object({ assetID: z.string() }),
  }),
  description: 'Asset staked on a subnet (AVAX on the primary network; the ID differs between mainnet and fuji).',
});

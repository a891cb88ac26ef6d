import * as z from 'zod';
import { optionalSubnetParams, u64 } from '../common';
import { defineMethod, lazy } from '../define';

// Current nodes send both `stake` (deprecated) and `weight`; old docs show either alone.
const result = lazy(() => z
  .object({ stake: u64.optional(), weight: u64.optional() })
  .refine((r) => r.stake !== undefined || r.weight !== undefined, 'expected stake or weight')
  .transform((r) => ({ weight: (r.weight ?? r.stake) as bigint, stake: r.stake ?? r.weight })));

export const getTotalStake = defineMethod({
  name: 'platform.getTotalStake',
  schemas: () => ({
    params: optionalSubnetParams,
    result: result(),
  }),
  heavy: true,
  description: 'Total stake weight on a subnet (primary network by default); 0 for an unknown subnet.',
});

import * as z from 'zod';
import { idParam, list, u32 } from '../common';
import { defineMethod, lazy } from '../define';

export const subnet = lazy(() => z.object({
  id: z.string(),
  /** `P-<hrp>1…` today; bare cb58 short IDs on old nodes. */
  controlKeys: list(z.string()),
  threshold: u32,
}));
export type Subnet = z.output<ReturnType<typeof subnet>>;

export const getSubnets = defineMethod({
  name: 'platform.getSubnets',
  schemas: () => ({
    params: z.object({ ids: z.array(idParam).optional() }).optional(),
    // null when none of the requested IDs exist.
    result: z.object({ subnets: list(subnet()) }),
  }),
  heavy: true,
  description: 'Subnets (all, plus the primary network, when no IDs are given) with their control keys.',
});

import * as z from 'zod';
import { idParam, list, u32, u64 } from '../common';
import { defineMethod } from '../define';

export const getSubnet = defineMethod({
  name: 'platform.getSubnet',
  schemas: () => ({
    // Omitted means the primary network, which the node rejects ("the primary network isn't a subnet").
    params: z.object({ subnetID: idParam }),
    result: z.object({
      isPermissioned: z.boolean(),
      controlKeys: list(z.string()),
      threshold: u32,
      locktime: u64.optional(),
      subnetTransformationTxID: z.string().optional(),
      /** Etna (L1 conversion); the empty ID when the subnet is not an L1. */
      conversionID: z.string().optional(),
      managerChainID: z.string().optional(),
      managerAddress: z.string().nullish().transform((v) => v ?? null),
    }),
  }),
  description: 'Owner keys, threshold and locktime of a subnet, its transformation tx and its L1 manager.',
});

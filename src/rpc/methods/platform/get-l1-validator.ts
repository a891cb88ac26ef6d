import * as z from 'zod';
import { idParam, owner, u64, unixTime } from '../common';
import { defineMethod } from '../define';

export const getL1Validator = defineMethod({
  name: 'platform.getL1Validator',
  since: 'v1.11.13',
  schemas: () => ({
    // A single ID string; the docs' example wrongly passes an array.
    params: z.object({ validationID: idParam }),
    result: z.object({
      subnetID: z.string(),
      nodeID: z.string(),
      validationID: z.string(),
      publicKey: z.string().nullish().transform((v) => v ?? null),
      remainingBalanceOwner: owner.optional(),
      deactivationOwner: owner.optional(),
      startTime: unixTime,
      weight: u64,
      minNonce: u64.optional(),
      /** nAVAX left to pay the continuous fee; 0 means inactive. */
      balance: u64.optional(),
      height: u64.optional(),
    }),
  }),
  description: 'One L1 validator by validation ID: subnet, node, weight, balance, owners.',
});

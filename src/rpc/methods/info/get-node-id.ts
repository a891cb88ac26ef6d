import * as z from 'zod';
import { signer } from '../common';
import { defineMethod } from '../define';

export const getNodeID = defineMethod({
  name: 'info.getNodeID',
  schemas: () => ({
    result: z.object({
      nodeID: z.string(),
      nodePOP: signer.nullish().transform((v) => v ?? null),
    }),
  }),
  description: "This node's ID and its BLS public key with proof of possession.",
});

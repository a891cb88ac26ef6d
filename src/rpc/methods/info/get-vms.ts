import * as z from 'zod';
import { list } from '../common';
import { defineMethod } from '../define';

export const getVMs = defineMethod({
  name: 'info.getVMs',
  schemas: () => ({
    result: z.object({
      vms: z.record(z.string(), list(z.string())).nullish().transform((v) => v ?? {}),
      /** Feature extensions (secp256k1fx, nftfx, propertyfx); not in the spec, sent by current nodes. */
      fxs: z.record(z.string(), z.string()).nullish().transform((v) => v ?? {}),
    }),
  }),
  description: 'Installed VMs (VM ID → aliases) and feature extensions.',
});

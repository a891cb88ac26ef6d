import * as z from 'zod';
import { blockEncoding, hexBlob, idParam, jsonObject } from '../common';
import { defineMethod } from '../define';

export const getTx = defineMethod({
  name: 'platform.getTx',
  schemas: () => ({
    params: z.object({ txID: idParam, encoding: blockEncoding.optional() }),
    result: z.object({
      tx: z.union([hexBlob, jsonObject]),
      encoding: z.string().default('hex'),
    }),
  }),
  bigJson: true,
  description: 'An accepted tx by ID, hex-encoded (default) or as JSON.',
});

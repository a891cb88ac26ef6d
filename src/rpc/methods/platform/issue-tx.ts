import * as z from 'zod';
import { blobEncoding, hexBlob } from '../common';
import { defineMethod } from '../define';

export const issueTx = defineMethod({
  name: 'platform.issueTx',
  schemas: () => ({
    params: z.object({
      tx: hexBlob.min(3, 'the tx bytes are required'),
      encoding: blobEncoding.optional(),
    }),
    result: z.object({ txID: z.string() }),
  }),
  mutating: true,
  description: 'Submits a signed tx (hex with checksum, or hexnc). Changes chain state: the console confirms first.',
});

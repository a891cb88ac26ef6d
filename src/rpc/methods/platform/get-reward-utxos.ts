import * as z from 'zod';
import { blobEncoding, hexBlob, idParam, list, u32 } from '../common';
import { defineMethod } from '../define';

export const getRewardUTXOs = defineMethod({
  name: 'platform.getRewardUTXOs',
  schemas: () => ({
    params: z.object({ txID: idParam, encoding: blobEncoding.optional() }),
    result: z.object({
      numFetched: u32,
      /** Encoded UTXOs, hex as sent (with the 4-byte checksum for hex); decode with the codec. */
      utxos: list(hexBlob),
      encoding: z.string().default('hex'),
    }),
  }),
  description: 'UTXOs rewarded to a staking or delegation tx after its period ended (empty for unknown txs).',
});

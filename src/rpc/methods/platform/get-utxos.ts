import * as z from 'zod';
import { addressList, blobEncoding, chainParam, hexBlob, list, u32 } from '../common';
import { defineMethod, lazy } from '../define';

export const MAX_UTXOS_PAGE = 1024;
export const MAX_UTXOS_ADDRESSES = 1024;

export const utxoIndex = lazy(() => z.object({ address: z.string(), utxo: z.string() }));

export const getUTXOs = defineMethod({
  name: 'platform.getUTXOs',
  schemas: () => ({
    params: z.object({
      addresses: addressList(MAX_UTXOS_ADDRESSES),
      // The node turns 0 or anything above 1024 into 1024; doing it here keeps paging's stop rule exact.
      limit: z
        .union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])
        .optional()
        .transform((n) => (n === undefined ? undefined : n <= 0 || n > MAX_UTXOS_PAGE ? MAX_UTXOS_PAGE : n)),
      startIndex: z
        .object({ address: z.string().min(1), utxo: z.string().min(1) })
        .optional(),
      sourceChain: chainParam.optional(),
      encoding: blobEncoding.optional(),
    }),
    result: z.object({
      numFetched: u32,
      /** Encoded UTXOs, hex as sent; decode with the codec. */
      utxos: list(hexBlob),
      endIndex: utxoIndex().optional(),
      encoding: z.string().default('hex'),
    }),
  }),
  description: 'UTXOs referencing addresses, a page at a time (limit ≤ 1024); sourceChain gives atomic UTXOs to import.',
});

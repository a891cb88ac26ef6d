import * as z from 'zod';
import { idParam } from '../common';
import { defineMethod } from '../define';

/** Aborted is real (status 5) although the spec omits it. */
export const TX_STATUSES = ['Committed', 'Aborted', 'Processing', 'Dropped', 'Unknown'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];

export const getTxStatus = defineMethod({
  name: 'platform.getTxStatus',
  schemas: () => ({
    params: z.object({ txID: idParam }),
    result: z.object({
      // A status this client does not know yet is kept as-is rather than failing the call.
      status: z.union([z.enum(TX_STATUSES), z.string().min(1)]),
      reason: z.string().optional(),
    }),
  }),
  description: 'Status of a tx: Committed, Aborted, Processing, Dropped (with a reason) or Unknown.',
});

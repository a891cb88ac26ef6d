import * as z from 'zod';
import { rfc3339 } from '../common';
import { defineMethod, lazy } from '../define';

// The key is `timestamp`; the docs' signature says `time`. Accept either.
const result = lazy(() => z
  .object({ timestamp: rfc3339.optional(), time: rfc3339.optional() })
  .refine((r) => r.timestamp !== undefined || r.time !== undefined, 'expected timestamp')
  .transform((r) => ({ timestamp: (r.timestamp ?? r.time) as Date })));

export const getTimestamp = defineMethod({
  name: 'platform.getTimestamp',
  schemas: () => ({
    result: result(),
  }),
  description: 'Current P-Chain timestamp (the offset is whatever the node uses).',
});

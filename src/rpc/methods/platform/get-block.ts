import * as z from 'zod';
import { blockEncoding, idParam } from '../common';
import { defineMethod } from '../define';
import { blockResult } from './block-result';

export const getBlock = defineMethod({
  name: 'platform.getBlock',
  schemas: () => ({
    params: z.object({ blockID: idParam, encoding: blockEncoding.optional() }),
    result: blockResult(),
  }),
  bigJson: true,
  description: 'A block by ID, hex-encoded (default) or as JSON.',
});

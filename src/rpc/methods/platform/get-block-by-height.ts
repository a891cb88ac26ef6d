import * as z from 'zod';
import { blockEncoding, u64Param } from '../common';
import { defineMethod } from '../define';
import { blockResult } from './block-result';

export const getBlockByHeight = defineMethod({
  name: 'platform.getBlockByHeight',
  schemas: () => ({
    params: z.object({ height: u64Param, encoding: blockEncoding.optional() }),
    result: blockResult(),
  }),
  bigJson: true,
  description: 'The accepted block at a height, hex-encoded (default) or as JSON.',
});

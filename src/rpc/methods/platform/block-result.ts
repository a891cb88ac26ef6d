import * as z from 'zod';
import { lazy } from '../define';
import { hexBlob, jsonObject } from '../common';

/** getBlock/getBlockByHeight: a hex string, or the block as JSON with `encoding: "json"`. */
export const blockResult = lazy(() => z.object({
  block: z.union([hexBlob, jsonObject]),
  encoding: z.string().default('hex'),
}));

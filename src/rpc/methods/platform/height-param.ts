import * as z from 'zod';
import { u64Param } from '../common';

/** A P-Chain height, or "proposed" (the ProposerVM height), as getValidatorsAt / getAllValidatorsAt take it. */
export const heightParam = z.union([z.literal('proposed'), u64Param]);

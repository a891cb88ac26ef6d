import * as z from 'zod';
import { lazy } from '../define';
import { u64Param } from '../common';

/** A P-Chain height, or "proposed" (the ProposerVM height), as getValidatorsAt / getAllValidatorsAt take it. */
export const heightParam = lazy(() => z.union([z.literal('proposed'), u64Param]));

import * as z from 'zod';
import { idParam, u64 } from '../common';
import { defineMethod, lazy } from '../define';
import { heightParam } from './height-param';

// Spec era: { validators: { NodeID: <number> } }. Since July 2023 the result IS the map and each value is
// { publicKey, weight: "<decimal>" }. Accept every mix of the two.
const entry = lazy(() => z.union([
  u64.transform((weight) => ({ weight, publicKey: null as string | null })),
  z.object({ weight: u64, publicKey: z.string().nullish().transform((v) => v ?? null) }),
]));
const byNode = lazy(() => z.record(z.string(), entry()));

export interface ValidatorAt {
  nodeID: string;
  weight: bigint;
  publicKey: string | null;
}

const result = lazy(() => z.union([z.object({ validators: byNode() }).transform((r) => r.validators), byNode()]).transform((m) => {
  const validators: ValidatorAt[] = [];
  let totalWeight = 0n;
  for (const [nodeID, { weight, publicKey }] of Object.entries(m)) {
    validators.push({ nodeID, weight, publicKey });
    totalWeight += weight;
  }
  return { validators, totalWeight };
}));

export const getValidatorsAt = defineMethod({
  name: 'platform.getValidatorsAt',
  schemas: () => ({
    params: z.object({ height: heightParam(), subnetID: idParam.optional() }),
    result: result(),
  }),
  heavy: true,
  description: 'The validator set (weights and BLS keys) of a subnet at a P-Chain height, or "proposed" (newer nodes only: v1.11.2 rejects it).',
});

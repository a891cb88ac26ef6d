import * as z from 'zod';
import { idParam, percent } from '../common';
import { defineMethod } from '../define';

export const uptime = defineMethod({
  name: 'info.uptime',
  schemas: () => ({
    // subnetID is spec-era only; nodes since v1.11.12 ignore it and report the primary network.
    params: z.object({ subnetID: idParam.optional() }).optional(),
    result: z.object({
      rewardingStakePercentage: percent,
      weightedAveragePercentage: percent,
    }),
  }),
  description: "This node's uptime as the network observes it: stake that would reward it, and stake-weighted average.",
});

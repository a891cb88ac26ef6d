import * as z from 'zod';
import { defineMethod, lazy } from '../define';

/** avalanchego writes this for an upgrade that is not scheduled. */
export const UNSCHEDULED_UPGRADE_YEAR = 9999;

export interface UpgradesResult {
  /** Every `<name>Time` key, in the node's order, with the `Time` suffix dropped (apricotPhase1, banff, …, helicon). */
  times: Array<{ name: string; time: Date; scheduled: boolean }>;
  apricotPhase4MinPChainHeight?: bigint;
  /** graniteEpochDuration is nanoseconds on the wire. */
  graniteEpochDurationMs?: number;
  cortinaXChainStopVertexID?: string;
}

function toBig(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
  return undefined;
}

// A record rather than a fixed object: every release adds an upgrade, and a new key must show up, not be dropped.
const result = lazy(() => z.record(z.string(), z.unknown()).transform((raw, ctx): UpgradesResult => {
  const out: UpgradesResult = { times: [] };
  for (const [key, value] of Object.entries(raw)) {
    if (key.endsWith('Time') && typeof value === 'string') {
      const ms = Date.parse(value);
      if (Number.isNaN(ms)) {
        ctx.addIssue({ code: 'custom', message: 'expected an RFC 3339 time', path: [key] });
        continue;
      }
      const time = new Date(ms);
      out.times.push({ name: key.slice(0, -4), time, scheduled: time.getUTCFullYear() < UNSCHEDULED_UPGRADE_YEAR });
    }
  }
  const minHeight = toBig(raw.apricotPhase4MinPChainHeight);
  if (minHeight !== undefined) out.apricotPhase4MinPChainHeight = minHeight;
  const epoch = toBig(raw.graniteEpochDuration);
  if (epoch !== undefined) out.graniteEpochDurationMs = Number(epoch / 1_000_000n);
  if (typeof raw.cortinaXChainStopVertexID === 'string') out.cortinaXChainStopVertexID = raw.cortinaXChainStopVertexID;
  return out;
}));

export const upgrades = defineMethod({
  name: 'info.upgrades',
  since: 'v1.11.11',
  schemas: () => ({
    result: result(),
  }),
  description: "Activation times of every network upgrade this node knows (9999-12-01: not scheduled by this node's release).",
});

// Bootstrap progress of a chain from its counters: blocks fetched (walking back from the network's tip) and blocks
// accepted (executed, once fetching is done). avalanchego publishes no target, so the ETA exists once execution has
// begun: what was fetched is what will be accepted. Rates are rolling and restart with the node (its counters go
// back to zero), so an ETA is never taken across a restart and never negative.
import { latest, rate, type MetricsSeries } from '../../metrics/series';

export type ChainAlias = 'P' | 'X' | 'C';

export interface BootstrapProgress {
  readonly chain: ChainAlias;
  readonly fetched: number;
  readonly accepted: number;
  /** Blocks per second over the rolling window; undefined until two readings since the last restart. */
  readonly fetchRate: number | undefined;
  readonly acceptRate: number | undefined;
  /** fetching: walking back to the last accepted block; executing: accepting what was fetched. */
  readonly phase: 'fetching' | 'executing';
  /** Executing: share of the fetched blocks accepted (0..1). */
  readonly done: number | undefined;
  /** Executing: time left at the current rate. */
  readonly etaMs: number | undefined;
}

/** Past this an ETA is noise (a stalled rate), not a forecast. */
export const MAX_ETA_MS = 30 * 24 * 3600_000;
/** The bootstrap rate looks at the last minute (fetching comes in bursts of ancestors). */
export const BOOTSTRAP_RATE_WINDOW_MS = 60_000;

export function bootstrapProgress(s: MetricsSeries | undefined, chain: ChainAlias): BootstrapProgress | undefined {
  const fetched = latest(s, `bsFetched:${chain}`);
  const accepted = latest(s, `bsAccepted:${chain}`);
  if (fetched === undefined || accepted === undefined) return undefined;
  const fetchRate = nonNegative(rate(s, `bsFetched:${chain}`, BOOTSTRAP_RATE_WINDOW_MS));
  const acceptRate = nonNegative(rate(s, `bsAccepted:${chain}`, BOOTSTRAP_RATE_WINDOW_MS));
  const executing = accepted > 0 && (acceptRate ?? 0) > 0;
  if (!executing) {
    return { chain, fetched, accepted, fetchRate, acceptRate, phase: 'fetching', done: undefined, etaMs: undefined };
  }
  const remaining = Math.max(0, fetched - accepted);
  const done = fetched > 0 ? Math.min(1, accepted / fetched) : undefined;
  const eta = acceptRate && acceptRate > 0 ? (remaining / acceptRate) * 1000 : undefined;
  return {
    chain,
    fetched,
    accepted,
    fetchRate,
    acceptRate,
    phase: 'executing',
    done,
    etaMs: eta !== undefined && Number.isFinite(eta) && eta <= MAX_ETA_MS ? Math.max(0, eta) : undefined,
  };
}

function nonNegative(v: number | undefined): number | undefined {
  return v === undefined || !Number.isFinite(v) || v < 0 ? undefined : v;
}

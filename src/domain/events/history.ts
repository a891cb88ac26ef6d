// Hours and days of a node at a glance: one sample about a minute, kept a week, of what an operator looks back on
// (the peers' view of its uptime, connected stake, peers, the P-chain's block rate, the downtime budget, the API's
// latency). Pure: a sample from the store and what was kept of the last one; buckets for a chart.
import type { AvatopState } from '../../state/store';
import { selectLiveness } from '../../state/liveness';
import { healthSummaryOf } from '../health/health-summary';

export const SAMPLE_EVERY_MS = 60_000;
export const HISTORY_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** A week of samples is about 1.2 MB; this leaves room and bounds a log that samples faster. */
export const HISTORY_MAX_BYTES = 4 * 1024 * 1024;

export interface HistorySample {
  /** Epoch ms. */
  readonly t: number;
  /** The node answered at the time of the sample. */
  readonly up: boolean;
  /** The peers' stake-weighted view of this node's uptime, percent. */
  readonly uptime?: number;
  /** Stake this node is connected to, percent (the health checks' lowest). */
  readonly stake?: number;
  readonly peers?: number;
  /** P-chain blocks a minute since the last sample. */
  readonly bpm?: number;
  /** The primary validation's downtime budget left, ms. */
  readonly budgetMs?: number;
  /** The height probe's median latency since the last sample, ms. */
  readonly latencyMs?: number;
  /** The P-chain height (for the next sample's block rate). */
  readonly height?: number;
}

const NUMERIC = ['uptime', 'stake', 'peers', 'bpm', 'budgetMs', 'latencyMs', 'height'] as const;

/** A sample as read back from disk, or undefined when it is not one (anything unknown on it is dropped). */
export function asSample(v: unknown): HistorySample | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.t !== 'number' || !Number.isFinite(o.t) || typeof o.up !== 'boolean') return undefined;
  const out: { -readonly [K in keyof HistorySample]: HistorySample[K] } = { t: o.t, up: o.up };
  for (const k of NUMERIC) {
    const x = o[k];
    if (typeof x === 'number' && Number.isFinite(x)) out[k] = x;
  }
  return out;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function median(xs: readonly number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1]! + s[m]!) / 2;
}

export interface SampleInput {
  readonly now: number;
  readonly prev: HistorySample | undefined;
  /** Probe latencies seen since the last sample. */
  readonly latencies: readonly number[];
  /** The primary validation's budget left, when trusted (facts.ts decides). */
  readonly budgetMs: number | undefined;
}

/** The sample now, or undefined while the node has neither answered nor failed yet (nothing to say). */
export function historySample(s: AvatopState, i: SampleInput): HistorySample | undefined {
  const live = selectLiveness(s).state;
  if (live === 'connecting') return undefined;
  if (live === 'down') return { t: i.now, up: false };
  const fresh = <T>(r: { data: T | undefined; stale: boolean }): T | undefined => (r.stale ? undefined : r.data);
  const uptime = fresh(s.node.uptime)?.weightedAveragePercentage;
  const health = fresh(s.node.health);
  const connected = health ? healthSummaryOf(health).percentConnected : undefined;
  const peers = fresh(s.peers.count);
  const h = fresh(s.pchain.height);
  const height = h === undefined ? undefined : Number(h);
  const prev = i.prev;
  const minutes = prev ? (i.now - prev.t) / 60_000 : 0;
  const bpm = prev?.height !== undefined && height !== undefined && height >= prev.height && minutes > 0 ? round((height - prev.height) / minutes, 2) : undefined;
  const latency = median(i.latencies);
  const out: { -readonly [K in keyof HistorySample]: HistorySample[K] } = { t: i.now, up: true };
  if (uptime !== undefined) out.uptime = round(uptime, 3);
  if (connected !== undefined) out.stake = round(connected * 100, 2);
  if (peers !== undefined) out.peers = peers;
  if (bpm !== undefined) out.bpm = bpm;
  if (i.budgetMs !== undefined) out.budgetMs = Math.round(i.budgetMs);
  if (latency !== undefined) out.latencyMs = round(latency, 1);
  if (height !== undefined) out.height = height;
  return out;
}

export type SeriesKey = 'uptime' | 'stake' | 'peers' | 'bpm' | 'budgetMs' | 'latencyMs';

export interface SeriesInfo {
  readonly key: SeriesKey;
  readonly title: string;
  readonly unit: string;
}

export const HISTORY_SERIES: readonly SeriesInfo[] = [
  { key: 'uptime', title: "Uptime (the peers' view)", unit: '%' },
  { key: 'stake', title: 'Connected stake', unit: '%' },
  { key: 'peers', title: 'Peers', unit: '' },
  { key: 'bpm', title: 'P-chain blocks a minute', unit: '/min' },
  { key: 'budgetMs', title: 'Downtime budget left', unit: 'h' },
  { key: 'latencyMs', title: 'API latency (height probe)', unit: 'ms' },
];

export interface HistoryWindow {
  readonly name: string;
  readonly ms: number;
}

export const HISTORY_WINDOWS: readonly HistoryWindow[] = [
  { name: 'hour', ms: 3_600_000 },
  { name: 'day', ms: 24 * 3_600_000 },
  { name: 'week', ms: 7 * 24 * 3_600_000 },
];

/** A sample's value for a chart (the budget in hours). */
export function sampleValue(x: HistorySample, key: SeriesKey): number | undefined {
  const v = x[key];
  if (v === undefined) return undefined;
  return key === 'budgetMs' ? v / 3_600_000 : v;
}

export interface Bucket {
  /** Mean of the samples in the bucket; undefined where there were none with a value. */
  readonly value: number | undefined;
  /** A sample in the bucket found the node down. */
  readonly down: boolean;
}

/**
 * `columns` buckets over [from, to): each the mean of its samples, and whether the node was down in it. A column
 * narrower than the sampling interval that no sample fell in takes the last value before it, when that is no older
 * than `carryMs` (an hour is 60 samples over 70 columns: without it, every seventh column would be a gap).
 */
export function bucketize(samples: readonly HistorySample[], key: SeriesKey, from: number, to: number, columns: number, carryMs = SAMPLE_EVERY_MS * 1.5): Bucket[] {
  const sums = new Array<number>(columns).fill(0);
  const counts = new Array<number>(columns).fill(0);
  const down = new Array<boolean>(columns).fill(false);
  const lastAt = new Array<number>(columns).fill(-Infinity);
  const span = to - from;
  if (span <= 0 || columns <= 0) return [];
  let before: { t: number; v: number | undefined; up: boolean } | undefined;
  for (const x of samples) {
    if (x.t >= to) continue;
    if (x.t < from) {
      before = { t: x.t, v: sampleValue(x, key), up: x.up };
      continue;
    }
    const c = Math.min(columns - 1, Math.floor(((x.t - from) / span) * columns));
    lastAt[c] = Math.max(lastAt[c]!, x.t);
    if (!x.up) down[c] = true;
    const v = sampleValue(x, key);
    if (v === undefined || !Number.isFinite(v)) continue;
    sums[c]! += v;
    counts[c]! += 1;
  }
  const out: Bucket[] = [];
  let carry = before && before.up ? { t: before.t, v: before.v } : undefined;
  for (let i = 0; i < columns; i++) {
    const colStart = from + (span * i) / columns;
    if (counts[i]) {
      const value = sums[i]! / counts[i]!;
      out.push({ value, down: down[i]! });
      carry = { t: lastAt[i]!, v: value };
    } else if (!down[i] && lastAt[i] === -Infinity && carry && carry.v !== undefined && colStart - carry.t <= carryMs) {
      out.push({ value: carry.v, down: false });
    } else {
      out.push({ value: undefined, down: down[i]! });
      if (down[i] || lastAt[i] !== -Infinity) carry = undefined;
    }
  }
  return out;
}

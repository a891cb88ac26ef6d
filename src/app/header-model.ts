// What the header says, as pure functions: blocks per minute from the heights it has seen, and how its live claims
// read while the node cannot be reached (state/liveness.ts decides that).
import type { Liveness } from '../state/liveness';
import { formatCount } from '../format/number';
import { formatDuration } from '../format/time';

export interface HeightSample {
  readonly at: number;
  readonly height: bigint;
}

/** Keep samples from the last `windowMs`, adding `next` if the height moved. */
export function addSample(samples: readonly HeightSample[], next: HeightSample, windowMs = 5 * 60_000): HeightSample[] {
  const last = samples[samples.length - 1];
  // A height below the last one is another chain history (the node restarted on an older database, or another
  // node answers behind the same URL): a rate across the two would be nonsense, e.g. -87.9 blk/min.
  if (last && next.height < last.height) return [next];
  const out = last && last.height === next.height ? [...samples] : [...samples, next];
  const cutoff = next.at - windowMs;
  while (out.length > 2 && out[0]!.at < cutoff) out.shift();
  return out;
}

export function blocksPerMinute(samples: readonly HeightSample[]): number | undefined {
  if (samples.length < 2) return undefined;
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const minutes = (last.at - first.at) / 60_000;
  if (minutes <= 0) return undefined;
  const rate = Number(last.height - first.height) / minutes;
  return rate >= 0 ? rate : undefined;
}

/** The height went down: when, from what, to what. */
export interface HeightDrop {
  readonly at: number;
  readonly from: bigint;
  readonly to: bigint;
}

export interface HeightHistory {
  readonly samples: readonly HeightSample[];
  /** The last time the height went back, while it is still worth saying (see heightDropNote). */
  readonly drop: HeightDrop | undefined;
}

export const EMPTY_HEIGHT_HISTORY: HeightHistory = { samples: [], drop: undefined };

/** addSample, remembering a height that went back so the header can say why its rate started over. */
export function addHeight(h: HeightHistory, next: HeightSample, windowMs = 5 * 60_000): HeightHistory {
  const last = h.samples[h.samples.length - 1];
  const drop = last && next.height < last.height ? { at: next.at, from: last.height, to: next.height } : h.drop;
  return { samples: addSample(h.samples, next, windowMs), drop };
}

/** How long at most the header keeps saying the height went back. */
export const HEIGHT_DROP_NOTE_MS = 60_000;

/** Words for a recent drop in height, shown where the rate goes until a new rate has been measured. */
export function heightDropNote(h: HeightHistory, now: number): string | undefined {
  if (!h.drop || now - h.drop.at > HEIGHT_DROP_NOTE_MS) return undefined;
  // Follows the height it explains; once the chain is past where it was, the rate means something again.
  const last = h.samples[h.samples.length - 1];
  if (last && last.height > h.drop.from) return undefined;
  return `went back from ${formatCount(h.drop.from)}: node restarted or changed?`;
}

/**
 * While the node is unreachable, the words that lead the header's second line: that it is down, why, for how
 * long, and how old what follows is. Undefined while it answers.
 */
export function unreachableText(live: Liveness, now: number): string | undefined {
  if (live.state !== 'down') return undefined;
  // Short enough to leave the claims room on an 80-column line.
  const forHow = live.since !== undefined && now - live.since >= 1000 ? ` for ${formatDuration(now - live.since)}` : '';
  const asOf =
    live.lastContact === undefined
      ? ' · never reached'
      : ` · as of ${now - live.lastContact < 1000 ? 'just now' : `${formatDuration(now - live.lastContact)} ago`}:`;
  return `✗ ${live.kind === 'refused' ? 'REFUSED' : 'UNREACHABLE'}${forHow}: ${live.why}${asOf} `;
}

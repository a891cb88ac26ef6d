// Blocks per minute from the heights the header has seen: a short history of (time, height) samples.

export interface HeightSample {
  readonly at: number;
  readonly height: bigint;
}

/** Keep samples from the last `windowMs`, adding `next` if the height moved. */
export function addSample(samples: readonly HeightSample[], next: HeightSample, windowMs = 5 * 60_000): HeightSample[] {
  const last = samples[samples.length - 1];
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
  return Number(last.height - first.height) / minutes;
}

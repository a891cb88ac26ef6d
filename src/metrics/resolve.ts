// From samples to avatop's quantities: each sample is added to every quantity source it matches, then each quantity
// takes the first of its sources (newest name first) that the node served.
import type { Sample } from './exposition';
import { QUANTITIES, sourceMatchesName, type MetricSource, type Quantity } from './names';

export interface Resolved {
  /** By quantity key; a quantity the node does not serve is absent. */
  readonly values: Readonly<Record<string, number>>;
  /** The metric name each value was read from (for the conformance check and the debug view). */
  readonly from: Readonly<Record<string, string>>;
}

interface Slot {
  readonly quantity: Quantity;
  readonly index: number;
  readonly source: MetricSource;
}

export interface Resolver {
  add(sample: Sample): void;
  result(): Resolved;
}

const ALL_SLOTS: readonly Slot[] = QUANTITIES.flatMap((quantity) => quantity.sources.map((source, index) => ({ quantity, index, source })));

/** The slots a metric name feeds, worked out once per name (a name repeats on every labelled line). */
const slotsByName = new Map<string, readonly Slot[]>();
function slotsFor(name: string): readonly Slot[] {
  let slots = slotsByName.get(name);
  if (!slots) {
    slots = ALL_SLOTS.filter((s) => sourceMatchesName(s.source, name));
    // Bounded: a node can send any number of names.
    if (slotsByName.size < 4096) slotsByName.set(name, slots);
  }
  return slots;
}

export function createResolver(): Resolver {
  // key -> per source index: the sum so far (undefined: nothing matched yet).
  const sums = new Map<string, Array<number | undefined>>();
  return {
    add(sample) {
      // NaN (a summary with no observations) carries no quantity; the series counts as absent. An infinite counter
      // has no rate either, but a gauge may mean it (avalanche_upgrade_time_until: +Inf, no upgrade is coming).
      if (Number.isNaN(sample.value)) return;
      const finite = Number.isFinite(sample.value);
      for (const slot of slotsFor(sample.name)) {
        if (!finite && slot.quantity.kind === 'counter') continue;
        if (slot.source.match && !matches(sample.labels, slot.source.match)) continue;
        let perSource = sums.get(slot.quantity.key);
        if (!perSource) sums.set(slot.quantity.key, (perSource = []));
        perSource[slot.index] = (perSource[slot.index] ?? 0) + sample.value;
      }
    },
    result() {
      const values: Record<string, number> = {};
      const from: Record<string, string> = {};
      for (const quantity of QUANTITIES) {
        const perSource = sums.get(quantity.key);
        if (!perSource) continue;
        const i = perSource.findIndex((v) => v !== undefined);
        if (i < 0) continue;
        values[quantity.key] = perSource[i]!;
        from[quantity.key] = quantity.sources[i]!.name;
      }
      return { values, from };
    },
  };
}

function matches(labels: Readonly<Record<string, string>>, want: NonNullable<MetricSource['match']>): boolean {
  for (const k in want) {
    const w = want[k]!;
    const v = labels[k];
    if (v === undefined || (typeof w === 'string' ? v !== w : !w.includes(v))) return false;
  }
  return true;
}

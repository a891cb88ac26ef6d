// Validator weights per subnet now, plus a log of changes, so getValidatorsAt can answer for any past height by
// undoing the changes made after it (a diff log, as the node keeps, instead of a snapshot per height).

export interface WeightEntry {
  weight: bigint;
  publicKeyHex: string | null;
}

interface Change {
  height: number;
  subnet: string;
  nodeId: string;
  prev: WeightEntry | undefined;
}

export class ValidatorHistory {
  private readonly current = new Map<string, Map<string, WeightEntry>>();
  private readonly log: Change[] = [];
  private readonly maxLog: number;
  /** Lowest height the log still reaches back to; older queries get the oldest reconstructable set. */
  private floor = 0;

  constructor(maxLog = 200_000) {
    this.maxLog = maxLog;
  }

  private subnetMap(subnet: string): Map<string, WeightEntry> {
    let m = this.current.get(subnet);
    if (!m) this.current.set(subnet, (m = new Map()));
    return m;
  }

  /** Sets without logging (the state before the simulation's first block). */
  seed(subnet: string, nodeId: string, entry: WeightEntry): void {
    this.subnetMap(subnet).set(nodeId, entry);
  }

  set(height: number, subnet: string, nodeId: string, entry: WeightEntry | undefined): void {
    const m = this.subnetMap(subnet);
    const prev = m.get(nodeId);
    if (entry && entry.weight > 0n) m.set(nodeId, entry);
    else m.delete(nodeId);
    this.log.push({ height, subnet, nodeId, prev });
    if (this.log.length > this.maxLog) {
      const dropped = this.log.splice(0, this.log.length - this.maxLog);
      this.floor = dropped[dropped.length - 1]!.height;
    }
  }

  get(subnet: string, nodeId: string): WeightEntry | undefined {
    return this.current.get(subnet)?.get(nodeId);
  }

  subnets(): string[] {
    return [...this.current.keys()];
  }

  /** The set of `subnet` as it was after the block at `height` was accepted. */
  at(subnet: string, height: number): Map<string, WeightEntry> {
    const out = new Map(this.current.get(subnet) ?? []);
    const h = Math.max(height, this.floor);
    for (let i = this.log.length - 1; i >= 0; i--) {
      const c = this.log[i]!;
      if (c.height <= h) break;
      if (c.subnet !== subnet) continue;
      if (c.prev) out.set(c.nodeId, c.prev);
      else out.delete(c.nodeId);
    }
    return out;
  }
}

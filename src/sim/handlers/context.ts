// What every method handler sees: the network, the profile, the node's run-time state, and small reply caches.
import type { SimNetwork } from '../network';
import type { Profile } from '../profiles';
import type { SimHealthSpec } from '../health-spec';

export interface NodeState {
  bootstrapping: boolean;
  /** What the health checks say beyond bootstrapping, and since when (simulated ms) they say it. */
  health?: { spec: SimHealthSpec; sinceMs: number };
}

export interface HandlerContext {
  net: SimNetwork;
  profile: Profile;
  state: NodeState;
  /** Caches keyed by name, dropped whenever the network's revision moves. */
  cache: ReplyCache;
}

export class ReplyCache {
  private revision = -1;
  private readonly entries = new Map<string, unknown>();
  constructor(private readonly net: SimNetwork) {}

  get<T>(key: string, build: () => T): T {
    if (this.net.revision !== this.revision) {
      this.entries.clear();
      this.revision = this.net.revision;
    }
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const v = build();
    this.entries.set(key, v);
    return v;
  }
}

/** Go's json.Marshal of a map sorts the keys (as strings). */
export function sortedRecord<T>(entries: Iterable<[string, T]>): Record<string, T> {
  const list = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const out: Record<string, T> = {};
  for (const [k, v] of list) out[k] = v;
  return out;
}

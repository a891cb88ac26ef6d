// What the simulated node's own health checks say, beyond bootstrapping: checks that have not run yet (right after
// start), a node connected to too little stake (cut off from its validators), or named checks failing.
// Set by the `health` option, `avatop sim --health`, or POST /sim/control {"action":"health", ...}. Connected stake
// is the connection model's (sim/network/connections.ts): `percentConnected` and `isolated` set it, and every check,
// info.peers and info.uptime then read the same connections.

export interface SimHealthSpec {
  /** Checks that answer avalanchego's "not yet run" (registered since the node's last health run). */
  readonly pending?: readonly string[];
  /** Stake connected (0..1, this node's own counted): the connection model holds it; below 0.8 the chains fail. */
  readonly percentConnected?: number;
  /** No peer at all: the chains see only this node's own stake, the network layer has no peer. */
  readonly isolated?: boolean;
  /** Other checks failing, with their error text. */
  readonly failing?: Readonly<Record<string, string>>;
}

/**
 * Named states for flags and scripts. `pending`: the first seconds after a start, when the chains' and the
 * bootstrapped check were registered after the health worker's first run. `isolated`: a bootstrapped validator whose
 * peers went away when the state was set, connected to its own stake only (a validator started alone never
 * bootstraps at all; test/node/isolated-health.test.ts holds this against a real node). `passing`: everything passes.
 */
export const HEALTH_PRESETS: Readonly<Record<string, SimHealthSpec>> = {
  passing: {},
  pending: { pending: ['C', 'P', 'X', 'bootstrapped'] },
  isolated: { isolated: true },
};

export function validateHealthSpec(v: unknown): SimHealthSpec {
  if (typeof v === 'string') {
    const preset = HEALTH_PRESETS[v];
    if (!preset) throw new Error(`unknown health state ${JSON.stringify(v)} (one of ${Object.keys(HEALTH_PRESETS).join(', ')}, or an object)`);
    return preset;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('health must be a preset name or an object');
  const o = v as Record<string, unknown>;
  const out: { pending?: string[]; percentConnected?: number; isolated?: boolean; failing?: Record<string, string> } = {};
  if (o.isolated !== undefined) {
    if (typeof o.isolated !== 'boolean') throw new Error('health.isolated must be true or false');
    out.isolated = o.isolated;
  }
  if (o.pending !== undefined) {
    if (!Array.isArray(o.pending) || o.pending.some((n) => typeof n !== 'string')) throw new Error('health.pending must be a list of check names');
    out.pending = o.pending as string[];
  }
  if (o.percentConnected !== undefined) {
    if (typeof o.percentConnected !== 'number' || !(o.percentConnected >= 0 && o.percentConnected <= 1)) throw new Error('health.percentConnected must be a number from 0 to 1');
    out.percentConnected = o.percentConnected;
  }
  if (o.failing !== undefined) {
    if (!o.failing || typeof o.failing !== 'object' || Object.values(o.failing).some((e) => typeof e !== 'string')) {
      throw new Error('health.failing must map check names to error texts');
    }
    out.failing = o.failing as Record<string, string>;
  }
  return out;
}

/** `--health isolated`, `--health pending`, or `--health failing=diskspace:<error>` style flags. */
export function parseHealthFlag(text: string): SimHealthSpec {
  const eq = text.indexOf('=');
  if (eq < 0) return validateHealthSpec(text);
  const key = text.slice(0, eq);
  const value = text.slice(eq + 1);
  if (key === 'pending') return validateHealthSpec({ pending: value.split(',').filter(Boolean) });
  if (key === 'percentConnected') return validateHealthSpec({ percentConnected: Number(value) });
  if (key === 'failing') {
    const colon = value.indexOf(':');
    if (colon <= 0) throw new Error('--health failing=NAME:ERROR');
    return validateHealthSpec({ failing: { [value.slice(0, colon)]: value.slice(colon + 1) } });
  }
  throw new Error(`--health ${text}: expected a preset (${Object.keys(HEALTH_PRESETS).join(', ')}) or pending=, percentConnected=, failing=`);
}

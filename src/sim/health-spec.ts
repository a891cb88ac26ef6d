// What the simulated node's own health checks say, beyond bootstrapping: checks that have not run yet (right after
// start), a node connected to too little stake (cut off from its validators), or named checks failing.
// Set by the `health` option, `avatop sim --health`, or POST /sim/control {"action":"health", ...}.

export interface SimHealthSpec {
  /** Checks that answer avalanchego's "not yet run" (registered since the node's last health run). */
  readonly pending?: readonly string[];
  /** Stake the chains' networking checks see connected (0..1); below 0.8 they fail as avalanchego's do. */
  readonly percentConnected?: number;
  /** Other checks failing, with their error text. */
  readonly failing?: Readonly<Record<string, string>>;
}

/**
 * Named states for flags and scripts. `pending`: the first seconds after a start, when the chains' and the
 * bootstrapped check were registered after the health worker's first run. `isolated`: a bootstrapped validator whose
 * peers went away when the state was set, connected to its own fifth of the stake (a validator started alone never
 * bootstraps at all; test/node/isolated-health.test.ts holds this against a real node). `passing`: everything passes.
 */
export const HEALTH_PRESETS: Readonly<Record<string, SimHealthSpec>> = {
  passing: {},
  pending: { pending: ['C', 'P', 'X', 'bootstrapped'] },
  isolated: { percentConnected: 0.2 },
};

export function validateHealthSpec(v: unknown): SimHealthSpec {
  if (typeof v === 'string') {
    const preset = HEALTH_PRESETS[v];
    if (!preset) throw new Error(`unknown health state ${JSON.stringify(v)} (one of ${Object.keys(HEALTH_PRESETS).join(', ')}, or an object)`);
    return preset;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('health must be a preset name or an object');
  const o = v as Record<string, unknown>;
  const out: { pending?: string[]; percentConnected?: number; failing?: Record<string, string> } = {};
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

// createSimNode: the embedded simulated avalanchego node, served over real HTTP on loopback.
import type { OwnValidationPlan, ScenarioName } from './scenarios';
import { SimNetwork } from './network';
import { getProfile, UNSCHEDULED_TIME, type ProfileName } from './profiles';
import { FaultTable, validateFault, type ActiveFault, type FaultKind, type FaultSpec } from './faults';
import { createListener, type Listener } from './http-server';
import { ReplyCache, type HandlerContext } from './handlers/context';
import { infoHandlers } from './handlers/info';
import { platformHandlers } from './handlers/platform';
import { healthHandlers, healthReport } from './handlers/health';
import { SimMetrics } from './handlers/metrics';
import type { Service } from './jsonrpc';
import { validateHealthSpec, type SimHealthSpec } from './health-spec';

export type { FaultSpec, FaultKind, ActiveFault } from './faults';
export { parseFaultFlag, FAULT_KINDS } from './faults';
export { HEALTH_PRESETS, parseHealthFlag, type SimHealthSpec } from './health-spec';
export { SCENARIOS, parseScenario, type OwnValidationPlan, type ScenarioName } from './scenarios';
export type { ProfileName } from './profiles';
export { PROFILE_NAMES } from './profiles';
export { SimNetwork } from './network';
export { lastCycleRewardTxId } from './network/rewards';

export interface SimNodeOptions {
  profile?: ProfileName;
  seed?: number;
  /** 1 mainnet (default), 5 fuji, 12345 local, anything else a custom network. */
  networkId?: number;
  validators?: number;
  peers?: number;
  /** UTXOs of the biggest demo wallet (`network.wallets[0]`). */
  utxos?: number;
  subnets?: number;
  /** How many of those subnets this node tracks (runs their chains, which get health checks); a node out of the box tracks none. */
  trackedSubnets?: number;
  blockIntervalMs?: number;
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Simulated time at start (ms since epoch); defaults to now, rounded to the second. */
  startTimeMs?: number;
  /** Follow the wall clock with an unref'd timer (default true); false moves time only through tick(). */
  autoAdvance?: boolean;
  faults?: FaultSpec[];
  /** Enable avalanchego's Host filter with this list (it is off unless given or set as a fault). */
  allowedHosts?: string[];
  /** info.upgrades heliconTime (RFC 3339, or 'unscheduled'); the profile's by default. */
  heliconTime?: string;
  /** This node's validation set to show one reward-guard case (healthy, near-threshold, reward-lost, …). */
  scenario?: ScenarioName;
  /** This node's validation chosen outright: start and end (Unix seconds), its own record and the peers' view of
   * its uptime (percent), and optionally its L1 validation's balance runway (seconds). Wins over `scenario`. */
  ownValidation?: OwnValidationPlan;
  /** Blocks kept for getBlock/getBlockByHeight (default 20,000); older ones, and their transfer txs, are forgotten. */
  retainBlocks?: number;
  /** What the health checks say: a preset (`passing`, `pending`, `isolated`) or checks pending/failing. */
  health?: SimHealthSpec | string;
  /** Serve GET /ext/metrics (default true; false answers 404 like --api-metrics-enabled=false). */
  metricsApi?: boolean;
}

export interface SimFaults {
  add(spec: FaultSpec): ActiveFault;
  remove(id: string): boolean;
  clear(kind?: FaultKind): void;
  list(): ActiveFault[];
  set(specs: FaultSpec[]): ActiveFault[];
  /** Closes the listener (connections refused) for `ms`, then listens again on the same port. */
  restart(ms: number): Promise<void>;
  setBootstrapping(on: boolean, ms?: number): void;
  /** Health checks pending or failing from now on (a preset name or a spec; `passing` clears). */
  setHealth(spec: SimHealthSpec | string): void;
}

export interface SimNode {
  url: string;
  host: string;
  port: number;
  nodeId: string;
  network: SimNetwork;
  faults: SimFaults;
  /** Advances simulated time by `ms` and accepts the blocks that fall due. */
  tick(ms: number): void;
  /** The Prometheus page's state; `served` counts GET /ext/metrics answered. */
  readonly metrics: SimMetrics;
  close(): Promise<void>;
}

export const SIM_DEFAULTS = {
  profile: 'v1.14' as ProfileName,
  seed: 1,
  networkId: 1,
  validators: 1_500,
  peers: 300,
  utxos: 5_000,
  subnets: 6,
  trackedSubnets: 2,
  blockIntervalMs: 2_000,
  host: '127.0.0.1',
  port: 0,
};

/** 'unscheduled' or an RFC 3339 time, as the node would write it. */
export function heliconTimeOption(v: string): string {
  if (v === 'unscheduled') return UNSCHEDULED_TIME;
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) throw new Error(`heliconTime must be an RFC 3339 time or "unscheduled", got ${JSON.stringify(v)}`);
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

export async function createSimNode(opts: SimNodeOptions = {}): Promise<SimNode> {
  const o = { ...SIM_DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as typeof SIM_DEFAULTS &
    SimNodeOptions;
  const base = getProfile(o.profile);
  const profile = o.heliconTime === undefined ? base : { ...base, heliconTime: heliconTimeOption(o.heliconTime) };
  const startTimeMs = o.startTimeMs ?? Math.floor(Date.now() / 1000) * 1000;
  const network = new SimNetwork({
    profile,
    seed: o.seed,
    networkId: o.networkId,
    // The node itself is always a validator, so at least one.
    validators: Math.max(1, Math.floor(o.validators)),
    peers: Math.max(0, Math.floor(o.peers)),
    utxos: Math.max(0, Math.floor(o.utxos)),
    subnets: Math.max(0, Math.floor(o.subnets)),
    trackedSubnets: Math.max(0, Math.floor(o.trackedSubnets)),
    blockIntervalMs: o.blockIntervalMs,
    startTimeMs,
    maxBlocks: o.retainBlocks,
    scenario: o.scenario,
    ownValidation: o.ownValidation,
  });
  const autoAdvance = o.autoAdvance ?? true;
  const realStart = Date.now();
  let offset = 0;
  const simNow = () => startTimeMs + offset + (autoAdvance ? Date.now() - realStart : 0);

  const table = new FaultTable(o.seed);
  for (const f of o.faults ?? []) if (f.kind !== 'restart') table.add(f, simNow());

  const ctx: HandlerContext = {
    net: network,
    profile,
    state: {
      get bootstrapping() {
        return table.mode('bootstrapping', '', null) !== undefined;
      },
      health: o.health === undefined ? undefined : { spec: validateHealthSpec(o.health), sinceMs: startTimeMs },
    },
    cache: new ReplyCache(network),
  };
  const services: Record<'info' | 'platform' | 'health', Service> = {
    info: { methods: infoHandlers(ctx) },
    platform: { methods: platformHandlers(ctx) },
    health: { methods: healthHandlers(ctx) },
  };

  const sync = () => {
    const now = simNow();
    network.advanceTo(now, autoAdvance && offset === 0 ? 10 * 60_000 : Number.POSITIVE_INFINITY);
    table.expire(now);
  };
  // The wall-clock timer must never throw out of a timer callback (that would end the host process).
  const timerSync = () => {
    try {
      sync();
    } catch {
      // A failing step is retried on the next tick; requests report it as an HTTP 500.
    }
  };

  let restartTimer: NodeJS.Timeout | undefined;
  let restartResolve: (() => void) | undefined;
  let closed = false;
  const host = o.host;
  let port = o.port;

  const control = async (body: string): Promise<unknown> => {
    let msg: Record<string, unknown>;
    try {
      msg = JSON.parse(body) as Record<string, unknown>;
    } catch {
      throw new Error('control body must be JSON');
    }
    switch (msg.action) {
      case 'add':
        faults.add(validateFault(msg.fault));
        break;
      case 'set':
        if (!Array.isArray(msg.faults)) throw new Error('"faults" must be a list');
        faults.set(msg.faults.map(validateFault));
        break;
      case 'remove':
        faults.remove(String(msg.id));
        break;
      case 'clear':
        faults.clear(typeof msg.kind === 'string' ? (msg.kind as FaultKind) : undefined);
        break;
      case 'restart':
        // Answer first, then go down.
        setTimeout(() => void faults.restart(Number(msg.ms ?? 1_000)), 10);
        break;
      case 'bootstrapping':
        faults.setBootstrapping(msg.on !== false, typeof msg.ms === 'number' ? msg.ms : undefined);
        break;
      case 'tick':
        node.tick(Number(msg.ms ?? o.blockIntervalMs));
        break;
      case 'health':
        faults.setHealth(validateHealthSpec(msg.health));
        break;
      case 'status':
      case 'list':
      case undefined:
        break;
      default:
        throw new Error(`unknown control action ${JSON.stringify(msg.action)}`);
    }
    return {
      ok: true,
      height: String(network.height),
      bootstrapping: ctx.state.bootstrapping,
      health: ctx.state.health?.spec ?? {},
      faults: table.all(),
      wallets: network.wallets.map((w) => w.str),
    };
  };

  const metrics = new SimMetrics(ctx, simNow);
  const listener: Listener = createListener({
    nodeIdStr: network.nodeIdStr,
    services,
    faults: table,
    isBootstrapping: () => ctx.state.bootstrapping,
    allowedHosts: o.allowedHosts,
    health: (kind) => healthReport(ctx, kind),
    control,
    beforeRequest: sync,
    metrics: o.metricsApi === false ? undefined : () => metrics.render(),
  });

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      listener.server.once('error', onError);
      listener.server.listen(port, host, () => {
        listener.server.off('error', onError);
        const addr = listener.server.address();
        if (addr && typeof addr === 'object') port = addr.port;
        resolve();
      });
    });

  const dropConnections = () => {
    for (const res of listener.stalled) res.destroy();
    listener.stalled.clear();
    for (const s of listener.sockets) s.destroy();
  };

  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listener.server.listening) return resolve();
      listener.server.close(() => resolve());
      dropConnections();
    });

  await listen();
  const timer = autoAdvance ? setInterval(timerSync, Math.max(20, Math.min(250, Math.floor(o.blockIntervalMs / 4)))) : undefined;
  timer?.unref();

  const faults: SimFaults = {
    add: (spec) => {
      if (spec.kind === 'restart') {
        void faults.restart(spec.ms ?? 1_000);
        return { ...spec, id: 'restart' };
      }
      return table.add(spec, simNow());
    },
    remove: (id) => table.remove(id),
    clear: (kind) => table.clear(kind),
    list: () => table.all(),
    set: (specs) => {
      table.clear();
      return specs.map((s) => faults.add(s));
    },
    restart: async (ms) => {
      if (closed) return;
      await stopListening();
      if (closed) return;
      // The node process starts again: its counters begin from zero.
      metrics.restart();
      await new Promise<void>((resolve) => {
        restartResolve = resolve;
        restartTimer = setTimeout(resolve, Math.max(0, ms));
      });
      restartTimer = undefined;
      restartResolve = undefined;
      if (!closed) await listen();
    },
    setBootstrapping: (on, ms) => {
      table.clear('bootstrapping');
      if (on) table.add({ kind: 'bootstrapping', ...(ms !== undefined ? { ms } : {}) }, simNow());
    },
    setHealth: (spec) => {
      ctx.state.health = { spec: validateHealthSpec(spec), sinceMs: simNow() };
    },
  };

  const node: SimNode = {
    get url() {
      return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    },
    host,
    get port() {
      return port;
    },
    nodeId: network.nodeIdStr,
    network,
    faults,
    metrics,
    tick(ms: number) {
      offset += Math.max(0, ms);
      sync();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      if (restartTimer) clearTimeout(restartTimer);
      restartResolve?.();
      await stopListening();
    },
  };
  return node;
}

// createSimNode: the embedded simulated avalanchego node, served over real HTTP on loopback.
import type { OwnValidationPlan, ScenarioName } from './scenarios';
import { SimNetwork } from './network';
import { DEFAULT_PROFILE, resolveProfile, UNSCHEDULED_TIME, type ProfileName } from './profiles';
import { networkName } from './wire';
import { FUJI_ID, LOCAL_ID, MAINNET_ID } from './network-params';
import { createConnectionState, recordOutage, restartNode, setConnectedStake, setIsolated, setNewerRelease, stallTimeMs, applyViews, type NewerReleaseSpec, type PeerView } from './network/connections';
import { newerRelease, ownRelease } from './releases';
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
export { PROFILE_NAMES, DEFAULT_PROFILE } from './profiles';
export type { NewerReleaseSpec, PeerView } from './network/connections';
export { SimNetwork } from './network';
export { lastCycleRewardTxId } from './network/rewards';

export interface SimNodeOptions {
  profile?: ProfileName;
  seed?: number;
  /** 1 mainnet (default), 5 fuji, 12345 local, anything else a custom network. */
  networkId?: number;
  validators?: number;
  /** Peers that are not validators (default 120); which validators are peers follows `connectedStake`. */
  peers?: number;
  /**
   * Share of all primary-network stake this node is connected to (0..1), its own counted as the chains' health check
   * counts it; by default every validator it is compatible with, but the ~1% that are down. The one set of
   * connections info.peers, getCurrentValidators `connected`, the health checks and info.uptime all read.
   */
  connectedStake?: number;
  /** No validator connected (a firewall, a partition): info.uptime falls to this node's own stake share. */
  isolated?: boolean;
  /**
   * Peers announcing a newer release that schedules an upgrade this node's release does not: that share of the stake
   * runs `version` and announces `timeSec` (info.peers version and upgradeTime, the futureupgrade check); at that
   * time they drop this node, and if they hold half the stake or more its P-chain stops there.
   */
  newerRelease?: NewerReleaseSpec;
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
  /**
   * info.upgrades heliconTime of a custom network (RFC 3339, or 'unscheduled'): an upgrade file, which a node refuses
   * on mainnet, Fuji and local (12345). By default the network's own (sim/network-params.ts).
   */
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

/** This node's connections and history, changed at run time (also through POST /sim/control). */
export interface SimConnections {
  /** Hold this share of all stake connected (0..1, own counted), or every online validator (undefined). */
  setConnectedStake(share: number | undefined): void;
  /** Cut every connection, or let the peers back (each reporting 0 until its first ping, 22.5 s after it connects). */
  setIsolated(on: boolean): void;
  /**
   * The node process restarts without its API going down: down for `downMs` of simulated time (an outage in its
   * history), then its peers connect again over 10 s, each reporting 0 until its first ping.
   */
  restart(downMs: number): void;
  /** An outage in this node's history (simulated ms), as if it had been down then. */
  addOutage(fromMs: number, toMs: number): void;
  /** Peers' views chosen outright: [observed uptime %, share of the validators' stake]. */
  setViews(views: readonly PeerView[]): void;
  /** Peers announcing a newer release and its upgrade time; undefined takes it away. */
  setNewerRelease(spec: NewerReleaseSpec | undefined): void;
}

export interface SimNode {
  url: string;
  host: string;
  port: number;
  nodeId: string;
  network: SimNetwork;
  faults: SimFaults;
  connections: SimConnections;
  /** Advances simulated time by `ms` and accepts the blocks that fall due. */
  tick(ms: number): void;
  /** The Prometheus page's state; `served` counts GET /ext/metrics answered. */
  readonly metrics: SimMetrics;
  close(): Promise<void>;
}

export const SIM_DEFAULTS = {
  profile: DEFAULT_PROFILE as ProfileName,
  seed: 1,
  networkId: 1,
  validators: 1_500,
  peers: 120,
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
  if (o.heliconTime !== undefined && [MAINNET_ID, FUJI_ID, LOCAL_ID].includes(o.networkId)) {
    // config/config.go lines 906-911: the public networks' and the local network's upgrade times are fixed.
    throw new Error(`cannot configure upgrades for networkID: ${networkName(o.networkId)} (--helicon-time is for custom networks, e.g. --network-id 1337)`);
  }
  const profile = resolveProfile(o.profile, o.networkId, o.heliconTime === undefined ? undefined : heliconTimeOption(o.heliconTime));
  const clockStartMs = o.startTimeMs ?? Math.floor(Date.now() / 1000) * 1000;
  if (o.connectedStake !== undefined && !(o.connectedStake >= 0 && o.connectedStake <= 1)) throw new Error('connectedStake must be a share from 0 to 1');
  // A node left behind by an upgrade (v1.14 on mainnet after Helicon): its P-chain stopped there, its clock did not.
  const probe = createConnectionState(profile, o.networkId, { isolated: false, nonValidatorPeers: 0 }, clockStartMs);
  if (o.newerRelease) probe.newer = { release: newerRelease(o.newerRelease.version, o.newerRelease.timeSec, ownRelease(profile, o.networkId)), stake: o.newerRelease.stake };
  const stallMs = stallTimeMs(probe, profile, o.networkId);
  const startTimeMs = stallMs !== undefined && clockStartMs >= stallMs ? Math.floor((stallMs - o.blockIntervalMs) / 1000) * 1000 : clockStartMs;
  const network = new SimNetwork({
    profile,
    seed: o.seed,
    networkId: o.networkId,
    // The node itself is always a validator, so at least one.
    validators: Math.max(1, Math.floor(o.validators)),
    peers: Math.max(0, Math.floor(o.peers)),
    connectedStake: o.connectedStake,
    isolated: o.isolated,
    clockMs: clockStartMs,
    utxos: Math.max(0, Math.floor(o.utxos)),
    subnets: Math.max(0, Math.floor(o.subnets)),
    trackedSubnets: Math.max(0, Math.floor(o.trackedSubnets)),
    blockIntervalMs: o.blockIntervalMs,
    startTimeMs,
    maxBlocks: o.retainBlocks,
    scenario: o.scenario,
    ownValidation: o.ownValidation,
  });
  if (o.newerRelease) setNewerRelease(network, o.newerRelease);
  const startHealth = o.health === undefined ? undefined : validateHealthSpec(o.health);
  if (startHealth?.isolated) setIsolated(network, true);
  else if (startHealth?.percentConnected !== undefined) setConnectedStake(network, startHealth.percentConnected);
  const autoAdvance = o.autoAdvance ?? true;
  const realStart = Date.now();
  let offset = 0;
  const simNow = () => clockStartMs + offset + (autoAdvance ? Date.now() - realStart : 0);

  const table = new FaultTable(o.seed);
  for (const f of o.faults ?? []) if (f.kind !== 'restart') table.add(f, simNow());

  const ctx: HandlerContext = {
    net: network,
    profile,
    state: {
      get bootstrapping() {
        return table.mode('bootstrapping', '', null) !== undefined;
      },
      health: o.health === undefined ? undefined : { spec: validateHealthSpec(o.health), sinceMs: clockStartMs },
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
      case 'connected-stake':
        if (msg.share !== null && msg.share !== undefined && (typeof msg.share !== 'number' || !(msg.share >= 0 && msg.share <= 1))) throw new Error('"share" must be a number from 0 to 1, or null for every online validator');
        sync();
        connections.setConnectedStake(typeof msg.share === 'number' ? msg.share : undefined);
        break;
      case 'isolate':
        sync();
        connections.setIsolated(msg.on !== false);
        break;
      case 'restart-node':
        connections.restart(typeof msg.downMs === 'number' && msg.downMs >= 0 ? msg.downMs : 0);
        break;
      case 'outage': {
        const from = Number(msg.from);
        const to = Number(msg.to);
        if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) throw new Error('"from" and "to" must be Unix seconds, "to" after "from"');
        connections.addOutage(from * 1000, to * 1000);
        break;
      }
      case 'views':
        connections.setViews(validateViews(msg.views));
        break;
      case 'newer-release':
        sync();
        connections.setNewerRelease(msg.off === true || msg.version === undefined ? undefined : validateNewerRelease(msg));
        break;
      case 'status':
      case 'list':
      case undefined:
        break;
      default:
        throw new Error(`unknown control action ${JSON.stringify(msg.action)}`);
    }
    sync();
    return {
      ok: true,
      height: String(network.height),
      bootstrapping: ctx.state.bootstrapping,
      health: ctx.state.health?.spec ?? {},
      faults: table.all(),
      wallets: network.wallets.map((w) => w.str),
      connections: connectionStatus(network),
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
      const downFrom = simNow();
      // The node process starts again: its counters begin from zero.
      metrics.restart();
      await new Promise<void>((resolve) => {
        restartResolve = resolve;
        restartTimer = setTimeout(resolve, Math.max(0, ms));
      });
      restartTimer = undefined;
      restartResolve = undefined;
      if (closed) return;
      // Its peers saw it go, and connect again one by one, each with no view of it until its first ping.
      network.advanceTo(downFrom);
      restartNode(network, downFrom, simNow());
      await listen();
    },
    setBootstrapping: (on, ms) => {
      table.clear('bootstrapping');
      if (on) table.add({ kind: 'bootstrapping', ...(ms !== undefined ? { ms } : {}) }, simNow());
    },
    setHealth: (spec) => {
      sync();
      const next = validateHealthSpec(spec);
      const before = ctx.state.health?.spec;
      ctx.state.health = { spec: next, sinceMs: simNow() };
      // Connected stake is the connection model's: the knob sets it, and a state that set it gives it back.
      if (next.isolated) setIsolated(network, true);
      else if (next.percentConnected !== undefined) setConnectedStake(network, next.percentConnected);
      else if (before?.isolated) setIsolated(network, false);
      else if (before?.percentConnected !== undefined) setConnectedStake(network, o.connectedStake);
    },
  };

  const connections: SimConnections = {
    setConnectedStake: (share) => {
      if (share !== undefined && !(share >= 0 && share <= 1)) throw new Error('connected stake must be a share from 0 to 1');
      sync();
      setConnectedStake(network, share);
    },
    setIsolated: (on) => {
      sync();
      setIsolated(network, on);
    },
    restart: (downMs) => {
      sync();
      const from = simNow();
      offset += Math.max(0, downMs);
      metrics.restart();
      // Down first (nobody connects meanwhile), then the blocks it missed, then its peers come back.
      restartNode(network, from, simNow());
      sync();
    },
    addOutage: (fromMs, toMs) => {
      recordOutage(network, { fromMs, toMs });
      sync();
    },
    setViews: (views) => {
      sync();
      applyViews(network, views);
      sync();
    },
    setNewerRelease: (spec) => {
      sync();
      setNewerRelease(network, spec);
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
    connections,
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

/** What the connection model holds now, for /sim/control's reply and `avatop sim`'s banner. */
export function connectionStatus(net: SimNetwork): Record<string, unknown> {
  let connected = net.nodeWeight(net.nodeIdStr);
  let validatorPeers = 0;
  for (const p of net.peers.values()) {
    const w = net.nodeWeight(p.nodeIdStr);
    if (w > 0n) {
      connected += w;
      validatorPeers++;
    }
  }
  const total = net.totalStake();
  const c = net.conn;
  return {
    peers: net.peers.size,
    validatorPeers,
    connectedStake: total === 0n ? 1 : Number(connected) / Number(total),
    isolated: c.settings.isolated,
    heldShare: c.settings.connectedStake ?? null,
    clock: new Date(c.clockMs).toISOString(),
    chainStoppedAt: c.stallAtMs === undefined ? null : new Date(c.stallAtMs).toISOString(),
    newerRelease: c.newer ? { version: c.newer.release.version, upgradeTime: c.newer.release.upgradeTimeSec, stake: c.newer.stake } : null,
    outages: c.outages.map((x) => ({ from: new Date(x.fromMs).toISOString(), to: new Date(x.toMs).toISOString() })),
  };
}

/** `[[99, 60], [85, 40]]`: whole-percent views and their shares. */
export function validateViews(v: unknown): PeerView[] {
  if (!Array.isArray(v) || v.length === 0) throw new Error('"views" must be a list of [uptime, share] pairs');
  return v.map((pair) => {
    if (!Array.isArray(pair) || pair.length !== 2) throw new Error('each view is [uptime, share]');
    const [u, sh] = pair as unknown[];
    if (typeof u !== 'number' || !Number.isInteger(u) || u < 0 || u > 100) throw new Error('a view\'s uptime is a whole percent from 0 to 100');
    if (typeof sh !== 'number' || !(sh > 0)) throw new Error('a view\'s share is a number above 0');
    return [u, sh] as const;
  });
}

/** `{version, time, stake}` with time as RFC 3339 or Unix seconds. */
export function validateNewerRelease(v: Record<string, unknown>): NewerReleaseSpec {
  if (typeof v.version !== 'string') throw new Error('"version" must be a release such as 1.16.0');
  const timeSec = typeof v.time === 'number' ? v.time : typeof v.time === 'string' ? (/^\d+$/.test(v.time) ? Number(v.time) : Math.floor(Date.parse(v.time) / 1000)) : Number.NaN;
  if (!Number.isFinite(timeSec)) throw new Error('"time" must be an RFC 3339 time or Unix seconds');
  const stake = typeof v.stake === 'number' ? v.stake : Number(v.stake ?? 1);
  if (!(stake > 0 && stake <= 1)) throw new Error('"stake" must be a share above 0 and at most 1');
  return { version: v.version, timeSec, stake };
}

/** `--newer-release version=1.16.0,time=2027-01-15T15:00:00Z,stake=0.7` (stake defaults to 1). */
export function parseNewerRelease(text: string): NewerReleaseSpec {
  const fields: Record<string, unknown> = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new Error(`expected key=value, got ${JSON.stringify(part)}`);
    const k = part.slice(0, eq).trim();
    if (!['version', 'time', 'stake'].includes(k)) throw new Error(`unknown key ${JSON.stringify(k)} (version, time, stake)`);
    fields[k] = part.slice(eq + 1).trim();
  }
  return validateNewerRelease(fields);
}

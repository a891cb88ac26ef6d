// `avatop exporter`: watches nodes without a terminal and serves what avatop knows of them to Prometheus.
import { formatFlagHelp, UsageError, type FlagSpec } from '../config/flags';
import { COMMON_FLAGS, resolveSettings } from '../config/settings';
import { fleetNodes, type NodeSpec } from '../config/nodes';
import { AVATOP_VERSION } from '../config/version';
import { startHeadlessSession, type HeadlessSession } from '../exporter/session';
import { createExporterServer, listen, parseListen } from '../exporter/server';
import { WARN_BUDGET_FLAG, warnBudgetOf } from './warn-budget';
import { assignStakeSources, weightsByNetwork } from '../exporter/stake-sources';
import { shareNetworkReads } from '../exporter/network-reads';
import { isUp } from '../exporter/node-series';
import { createScrapePace, IDLE_PACE_MS } from '../exporter/scrape-pace';
import type { BlockHeader } from '../state/types';
import { createKeeper } from '../events/keeper';
import { watchFleetEvents } from '../events/watch-sessions';
import { exitFor } from '../config/exit-codes';

const DEFAULT_LISTEN = '127.0.0.1:9109';
/** How often the choice of which node fetches each network's validator set is looked at again. */
const STAKE_SOURCE_CHECK_MS = 30_000;
/** The sessions' first peer lists, one a second (up to 30 s): their replies are the exporter's largest. */
const PEERS_SPREAD_MS = 1_000;
const PEERS_SPREAD_MAX_MS = 30_000;

const FLAGS: readonly FlagSpec[] = [
  { name: 'listen', kind: 'string', value: 'HOST:PORT', description: `where to serve /metrics (default ${DEFAULT_LISTEN})` },
  WARN_BUDGET_FLAG,
  { name: 'l1-validation', kind: 'list', value: '[NODE=]ID', description: 'an L1 validation ID whose balance runway to export, repeatable (of the first node unless NODE= names another)' },
];

const usage = `Usage: avatop exporter [flags]

Watches one or more nodes with the monitor's height-gated polling and serves Prometheus metrics on /metrics
(and /-/healthy), without a terminal. A scrape answers from the last values at once; a node that does not answer
is avatop_up 0. Runs until SIGINT or SIGTERM.
It keeps the event log of its nodes as the monitor does (unless a monitor on this host already writes a node's), in
--state-dir (default $XDG_STATE_HOME/avatop or ~/.local/state/avatop; --no-state for none): avatop events reads it.

Examples:
  avatop exporter                                         the node on this host, served on ${DEFAULT_LISTEN}
  avatop exporter --listen 0.0.0.0:9109 --node validator-1=http://10.0.0.5:9650 --node api=http://10.0.0.6:9650

Exit status: 0 after SIGINT or SIGTERM, ${exitFor('usage')} (UNKNOWN) for a bad flag, a bad --listen or a port in use.`;

export interface ExporterIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  /** Resolves when the exporter should stop (default: SIGINT or SIGTERM). */
  stopped?: Promise<unknown>;
}

/** "ID" belongs to the first node; "NAME=ID" to the node of that name. */
function assignL1Validations(specs: readonly string[], nodes: readonly NodeSpec[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const spec of specs) {
    const eq = spec.lastIndexOf('=');
    const name = eq > 0 ? spec.slice(0, eq) : nodes[0]!.name;
    const id = (eq > 0 ? spec.slice(eq + 1) : spec).trim();
    if (!nodes.some((n) => n.name === name)) throw new UsageError(`--l1-validation: no node is named "${name}" (nodes: ${nodes.map((n) => n.name).join(', ')})`);
    if (!/^[1-9A-HJ-NP-Za-km-z]{40,60}$/.test(id)) throw new UsageError(`--l1-validation: "${id}" is not a validation ID (a cb58 ID such as the one ConvertSubnetToL1Tx or RegisterL1ValidatorTx created)`);
    out.set(name, [...(out.get(name) ?? []), id]);
  }
  return out;
}

function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const on = (sig: NodeJS.Signals) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(sig);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

export async function run(argv: string[], io: ExporterIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  let resolved;
  let nodes: Array<NodeSpec & { headers?: Record<string, string> }>;
  let at;
  let l1: Map<string, string[]>;
  let warnBudget;
  try {
    resolved = resolveSettings(argv, io.env, COMMON_FLAGS, FLAGS);
    const { settings, extra, positionals } = resolved;
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (nodes go in --node NAME=URL or --url URL)`);
    const listenText = typeof extra.listen === 'string' ? extra.listen : DEFAULT_LISTEN;
    at = parseListen(listenText);
    if (!at) throw new UsageError(`--listen: expected HOST:PORT such as ${DEFAULT_LISTEN}, got "${listenText}"`);
    // The config file's nodes first, then --node, then --url (or the default when nothing else is): one rule, config/nodes.ts.
    nodes = fleetNodes(settings);
    l1 = assignL1Validations((extra['l1-validation'] as string[] | undefined) ?? [], nodes);
    warnBudget = warnBudgetOf(extra['warn-budget']);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`avatop exporter: ${err.message}\n`);
      return exitFor('usage');
    }
    throw err;
  }
  if (resolved.help) {
    io.stdout.write(`${usage}\n\nFlags:\n${formatFlagHelp([...COMMON_FLAGS, ...FLAGS])}\n`);
    return 0;
  }
  if (resolved.version) {
    io.stdout.write(`avatop ${AVATOP_VERSION}\n`);
    return 0;
  }
  const { settings } = resolved;
  const sessions: HeadlessSession[] = [];
  const views = () => {
    const states = sessions.map((s) => s.store.getState());
    const weights = weightsByNetwork(states);
    return sessions.map((s, i) => ({ name: s.target.name, state: states[i]!, l1: s.l1(), weights: weights.get(states[i]!.node.networkName.data ?? '') }));
  };
  // What every node of a network shares is read once for all: its blocks here (and with them each node's chain time),
  // its validator set and the rest of the network's reads by one session of it (restake and shareNetworkReads below).
  const blockMaps = new Map<string, Map<bigint, BlockHeader>>();
  const blocksOf = (network: string) => blockMaps.get(network) ?? blockMaps.set(network, new Map()).get(network)!;
  // Nodes are polled at the pace of the scrapes, the liveness probe too (after a first minute at --interval, once a
  // minute until Prometheus comes), never below --interval.
  const pace = createScrapePace(settings.intervalMs, IDLE_PACE_MS, Date.now());
  let paceMs = pace.at(Date.now());
  const follow = (ms: number) => {
    if (ms === paceMs) return;
    paceMs = ms;
    for (const s of sessions) s.setPace(ms);
  };
  const server = createExporterServer(views, { override: settings.uptimeThreshold, overrideFrom: settings.uptimeThresholdFrom, warnBudget }, Date.now, () => follow(pace.scraped(Date.now())));
  try {
    await listen(server, at);
  } catch (err) {
    io.stderr.write(`avatop exporter: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitFor('usage');
  }
  for (const [i, n] of nodes.entries()) {
    sessions.push(
      startHeadlessSession({ ...n, l1Validations: l1.get(n.name) }, { intervalMs: paceMs, timeoutMs: settings.timeoutMs, blocksOf, firstPeersMs: Math.min(i * PEERS_SPREAD_MS, PEERS_SPREAD_MAX_MS) }),
    );
  }
  // The event log: the exporter watches its nodes as the monitor would (its probe at the pace of the scrapes: a node
  // down is noticed within one scrape gap), and writes their events when no monitor on this host already does.
  const keeper = createKeeper({ stateDir: settings.stateDir });
  watchFleetEvents(
    keeper,
    sessions.map((s) => ({ name: s.target.name, url: s.target.url, headers: s.target.headers, store: s.store, client: s.client })),
    { override: settings.uptimeThreshold },
  );
  const restake = () => assignStakeSources(sessions.map((s) => ({ state: s.store.getState(), isStakeSource: s.isStakeSource, setStakeSource: s.setStakeSource })), isUp);
  restake();
  // Looked at again at once when a node learns its network or its probe turns (fails, answers again), not only at
  // the next check: a network's reads then come from a node that answers.
  const turns = sessions.map((s) => {
    let last: unknown[] = [];
    return s.store.subscribe((st) => {
      const now = [st.node.networkName.data, st.pchain.height.status];
      if (now[0] === last[0] && now[1] === last[1]) return;
      last = now;
      restake();
    });
  });
  const unshare = shareNetworkReads(sessions);
  const restaking = setInterval(() => {
    restake();
    follow(pace.at(Date.now()));
  }, STAKE_SOURCE_CHECK_MS);
  const address = server.address();
  const shown = typeof address === 'object' && address ? `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : String(address);
  io.stdout.write(`avatop exporter ${AVATOP_VERSION}: serving http://${shown}/metrics for ${nodes.map((n) => `${n.name} (${n.url})`).join(', ')}\n`);
  await (io.stopped ?? untilSignal());
  clearInterval(restaking);
  for (const off of turns) off();
  unshare();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A scraper's kept-alive connection would hold close() open until it times out.
  server.closeAllConnections();
  await closed;
  keeper.close();
  await Promise.allSettled(sessions.map((s) => s.close()));
  return 0;
}

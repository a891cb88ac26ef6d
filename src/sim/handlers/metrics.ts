// GET /ext/metrics: the simulated node's Prometheus page, with avalanchego's names for the profile (v1.11 writes the
// names from before v1.11.8's rename, v1.14 and v1.15 today's; v1.15.0 adds the SAE C-chain's) and values that move with the simulated network: blocks
// accepted follow the P-chain height, peers the peer table, counters grow with time. While bootstrapping, each
// chain's bs_fetched climbs to a target and then bs_accepted follows it, as a real node's do. A restart of the node
// starts every counter again from zero.
import type { HandlerContext } from './context';
import { futureUpgrade } from './health';

type Kind = 'counter' | 'gauge' | 'histogram' | 'summary';
type Chain = 'P' | 'X' | 'C';
const CHAINS: readonly Chain[] = ['P', 'X', 'C'];

/** Blocks each chain fetches while bootstrapping, and the rates it fetches and accepts them at (per second). */
const BOOTSTRAP: Readonly<Record<Chain, { total: number; fetchPerSec: number; acceptPerSec: number }>> = {
  P: { total: 90_000, fetchPerSec: 3_000, acceptPerSec: 900 },
  X: { total: 30_000, fetchPerSec: 2_500, acceptPerSec: 1_200 },
  C: { total: 150_000, fetchPerSec: 4_000, acceptPerSec: 600 },
};

const GIB = 1024 ** 3;

export class SimMetrics {
  /** Requests answered (for tests that check who reads the page, and how often). */
  served = 0;
  /** Set to put the host in trouble: free bytes on the database volume, open file descriptors. */
  diskFreeBytes: number | undefined;
  openFds: number | undefined;
  private processStartMs: number;
  private bootstrapStartMs: number | undefined;
  /** Bootstrap counters as they stood when the last bootstrap ended (they stay put afterwards). */
  private finished: Record<Chain, number> = { P: 0, X: 0, C: 0 };
  private heightAtStart: number;
  /** Issuance-to-acceptance nanoseconds summed per chain: a counter, so it only grows with the blocks accepted. */
  private latency: Record<Chain, { count: number; sumNs: number }> = { P: { count: 0, sumNs: 0 }, X: { count: 0, sumNs: 0 }, C: { count: 0, sumNs: 0 } };

  /** `now`: the simulated clock (the network's own time moves only when a block is due). */
  constructor(
    private readonly ctx: HandlerContext,
    private readonly now: () => number,
  ) {
    this.processStartMs = now();
    this.heightAtStart = ctx.net.height;
    for (const c of CHAINS) this.finished[c] = BOOTSTRAP[c].total;
  }

  /** The node process started again: counters from zero, and it bootstraps (if it is told to) from scratch. */
  restart(): void {
    this.processStartMs = this.now();
    this.heightAtStart = this.ctx.net.height;
    this.bootstrapStartMs = undefined;
    this.finished = { P: 0, X: 0, C: 0 };
    this.latency = { P: { count: 0, sumNs: 0 }, X: { count: 0, sumNs: 0 }, C: { count: 0, sumNs: 0 } };
  }

  render(): string {
    this.served++;
    const now = this.now();
    const legacy = this.ctx.profile.name === 'v1.11';
    const up = Math.max(0, (now - this.processStartMs) / 1000);
    const wave = (period: number, phase = 0) => Math.sin((now / 1000 + phase) / period);
    const peers = this.ctx.net.peers.size;
    const bootstrapping = this.ctx.state.bootstrapping;
    // Bootstrapping from scratch, as a node with an empty database does: the counters climb from zero.
    if (bootstrapping && this.bootstrapStartMs === undefined) {
      this.bootstrapStartMs = now;
      this.finished = { P: 0, X: 0, C: 0 };
    }
    const bs = (c: Chain) => this.bootstrapCounters(c, now, bootstrapping);
    if (!bootstrapping && this.bootstrapStartMs !== undefined) {
      for (const c of CHAINS) this.finished[c] = bs(c).accepted;
      this.bootstrapStartMs = undefined;
    }

    const out = new Page();
    const proc = legacy ? 'avalanche_process_' : 'avalanche_process_process_';
    const go = legacy ? 'avalanche_go_' : 'avalanche_process_go_';
    out.family(`${go}goroutines`, 'gauge', 'Number of goroutines that currently exist.', [[{}, Math.round(2_400 + 300 * wave(40) + peers * 3)]]);
    out.family(`${go}threads`, 'gauge', 'Number of OS threads created.', [[{}, 38]]);
    out.family(`${go}memstats_heap_alloc_bytes`, 'gauge', 'Number of heap bytes allocated and still in use.', [[{}, Math.round(900e6 + 80e6 * wave(25))]]);
    out.family(`${proc}cpu_seconds_total`, 'counter', 'Total user and system CPU time spent in seconds.', [[{}, round3(up * (0.45 + 0.05 * wave(60)))]]);
    out.family(`${proc}max_fds`, 'gauge', 'Maximum number of open file descriptors.', [[{}, 32_768]]);
    out.family(`${proc}open_fds`, 'gauge', 'Number of open file descriptors.', [[{}, this.openFds ?? Math.round(900 + peers * 2 + 20 * wave(30))]]);
    out.family(`${proc}resident_memory_bytes`, 'gauge', 'Resident memory size in bytes.', [[{}, Math.round(2.1 * GIB + 0.15 * GIB * wave(90))]]);
    out.family(`${proc}start_time_seconds`, 'gauge', 'Start time of the process since unix epoch in seconds.', [[{}, Math.floor(this.processStartMs / 1000)]]);

    const rt = 'avalanche_resource_tracker_';
    const diskTotal = 2_000 * GIB;
    const diskFree = this.diskFreeBytes ?? Math.max(0, 640 * GIB - up * 40_000);
    out.family(`${rt}cpu_usage`, 'gauge', 'CPU usage tracked by the resource manager. Value should be in [0, number of CPU cores]', [[{}, round3(0.45 + 0.05 * wave(60))]]);
    out.family(`${rt}disk_available_space`, 'gauge', 'Available space remaining (bytes) on the database volume', [[{}, Math.round(diskFree)]]);
    if (!legacy) {
      out.family(`${rt}disk_available_percentage`, 'gauge', 'Percentage of database volume available', [[{}, round3((diskFree / diskTotal) * 100)]]);
    }
    out.family(`${rt}disk_reads`, 'gauge', 'Disk reads (bytes/sec) tracked by the resource manager', [[{}, Math.round(2e6 + 1e6 * wave(20))]]);
    out.family(`${rt}disk_writes`, 'gauge', 'Disk writes (bytes/sec) tracked by the resource manager', [[{}, Math.round(4e6 + 2e6 * wave(15))]]);

    const reads = Math.round(up * 3.2e6);
    const writes = Math.round(up * 5.5e6);
    if (legacy) {
      out.family('avalanche_db_read_size_sum', 'counter', 'bytes passed in a read call', [[{}, reads]]);
      out.family('avalanche_db_write_size_sum', 'counter', 'bytes passed in a write call', [[{}, writes]]);
    } else {
      // Per chain and, under chain="all", for the whole node (as v1.14.2 writes it).
      const share = { P: 0.3, X: 0.1, C: 0.6 } as const;
      out.family('avalanche_meterdb_size', 'counter', 'size of data passed in database calls', [
        ...CHAINS.flatMap((c) => [
          [{ chain: c, method: 'batch_write' }, Math.round(writes * share[c])] as const,
          [{ chain: c, method: 'get' }, Math.round(reads * share[c])] as const,
        ]),
        [{ chain: 'all', method: 'batch_write' }, writes],
        [{ chain: 'all', method: 'get' }, reads],
        [{ chain: 'all', method: 'has' }, Math.round(up * 1e4)],
        [{ chain: 'all', method: 'put' }, Math.round(up * 2e5)],
      ]);
    }

    const inBytes = Math.round(up * (90_000 + peers * 600));
    const outBytes = Math.round(up * (70_000 + peers * 500));
    if (legacy) {
      out.family('avalanche_network_peers', 'gauge', 'Number of network peers', [[{}, peers]]);
      for (const [op, share] of [['push_query', 0.5], ['chits', 0.3], ['get_peer_list', 0.2]] as const) {
        out.family(`avalanche_network_${op}_received_bytes`, 'counter', `Number of bytes of ${op} messages received from the network`, [[{}, Math.round(inBytes * share)]]);
        out.family(`avalanche_network_${op}_sent_bytes`, 'counter', `Size of bytes of ${op} messages received from the network`, [[{}, Math.round(outBytes * share)]]);
      }
    } else {
      out.family('avalanche_network_peers', 'gauge', 'number of network peers', [[{}, peers]]);
      out.family('avalanche_network_msgs_bytes', 'counter', 'number of message bytes', [
        [{ io: 'received', op: 'chits' }, Math.round(inBytes * 0.3)],
        [{ io: 'received', op: 'push_query' }, Math.round(inBytes * 0.7)],
        [{ io: 'sent', op: 'chits' }, Math.round(outBytes * 0.4)],
        [{ io: 'sent', op: 'push_query' }, Math.round(outBytes * 0.6)],
      ]);
    }

    const benched = Math.max(0, Math.round(wave(120) * 2));
    if (legacy) {
      for (const c of CHAINS) out.family(`avalanche_${c}_benchlist_benched_num`, 'gauge', 'Number of currently benched validators', [[{}, c === 'C' ? benched : 0]]);
    } else {
      out.family('avalanche_benchlist_benched_num', 'gauge', 'number of currently benched validators', CHAINS.map((c) => [{ chain: c }, c === 'C' ? benched : 0]));
    }
    out.family('avalanche_health_checks_failing', 'gauge', 'number of currently failing health checks', legacy
      ? [[{ tag: 'all' }, 0], [{ tag: 'application' }, 0]]
      : [[{ check: 'health', tag: 'all' }, 0], [{ check: 'liveness', tag: 'all' }, 0], [{ check: 'readiness', tag: 'all' }, 0]]);
    out.family('avalanche_api_calls', 'counter', 'number of calls', legacy
      ? [[{}, this.served + Math.round(up * 2)]]
      : [[{ base: '/ext/info' }, Math.round(up * 1.5)], [{ base: '/ext/bc/P' }, Math.round(up * 0.5)], [{ base: '/ext/metrics' }, this.served]]);

    const height = this.ctx.net.height;
    for (const c of CHAINS) {
      const accepted = c === 'P' ? Math.max(0, height - this.heightAtStart) : Math.round(up / (c === 'X' ? 6 : 2));
      const latencyNs = (c === 'C' ? 1.4e9 : 1.9e9) + 2e8 * wave(30, c.charCodeAt(0));
      const b = bs(c);
      const series = (metric: string, kind: Kind, help: string, value: number) => {
        if (legacy) out.family(`avalanche_${c}_${metric}`, kind, help, [[{}, value]]);
        else out.add(`avalanche_snowman_${metric}`, kind, help, { chain: c }, value);
      };
      series('blks_accepted_count', 'counter', 'number of times this operation has been performed', accepted);
      const lat = this.latency[c];
      if (accepted > lat.count) {
        lat.sumNs += (accepted - lat.count) * latencyNs;
        lat.count = accepted;
      }
      series('blks_accepted_sum', 'gauge', 'time (in ns) from the issuance of a block to its acceptance', Math.round(lat.sumNs));
      series('blks_processing', 'gauge', 'number of currently processing blocks', bootstrapping ? 0 : Math.max(0, Math.round(1 + wave(7, c.charCodeAt(0)))));
      series('bs_fetched', 'counter', 'Number of blocks fetched during bootstrapping', b.fetched);
      series('bs_accepted', 'counter', 'Number of blocks accepted during bootstrapping', b.accepted);
    }
    // snow/consensus/snowman/metrics.go lines 112-116: LinearBuckets(1s, 1s, 8) in v1.15.0 (4 in v1.14).
    const buckets = this.ctx.profile.latencyBuckets;
    if (buckets > 0) {
      out.histogram(
        'avalanche_snowman_consensus_latencies',
        'times (in ns) from issuance of a block to acceptance, bucketed',
        { chain: 'P' },
        Array.from({ length: buckets }, (_, i) => (i + 1) * 1e9),
        (le) => LATENCY_SHARES[Math.round(le / 1e9) - 1] ?? 1,
        Math.max(0, height - this.heightAtStart),
        1.8e9,
      );
    }
    if (this.ctx.profile.richHealth) {
      // node/node.go lines 1538-1544 and 1593-1604: set by each futureupgrade run, +Inf unless an unknown upgrade is due.
      const until = futureUpgrade(this.ctx).untilNs ?? Number.POSITIVE_INFINITY;
      out.family('avalanche_upgrade_time_until', 'gauge', 'Time until an upcoming network upgrade (ns). +Inf means the upgrade is unscheduled.', [[{}, until]]);
    }
    if (this.ctx.profile.schedulesHelicon && this.ctx.net.conn.clockMs >= Date.parse(this.ctx.profile.heliconTime) - 10_000) this.sae(out, up, wave);
    return out.text();
  }

  /**
   * The C-chain after its switch to streaming asynchronous execution (ACP-194), 10 s before Helicon
   * (node/node.go lines 1231-1251): transitionvm registers the new VM's metrics under "transition"
   * (vms/transitionvm/vm.go line 101), which registers "sae" (vms/saevm/sae/vm.go line 136; its executor's, saexec,
   * share that registry), all under the evm VM's avalanche_evm namespace with the chain label (chains/manager.go
   * lines 1598-1616). Names and help from vms/saevm/sae/metrics.go and vms/saevm/saexec/metrics.go.
   */
  private sae(out: Page, up: number, wave: (period: number, phase?: number) => number): void {
    const ns = 'avalanche_evm_transition_sae_';
    const chain = { chain: 'C' };
    const height = this.ctx.net.cChainHeight;
    const blocks = Math.round(up / 2);
    const gasPerBlock = 1_100_000;
    const g = (name: string, kind: Kind, help: string, value: number) => out.add(ns + name, kind, help, chain, value);
    g('accepted_gas_limit_total', 'counter', 'Cumulative worst-case gas of blocks accepted into the execution queue.', blocks * gasPerBlock * 1.6);
    out.histogram(`${ns}execute_block_duration_seconds`, 'Wall-clock time to execute a single block, including the state commit and post-execution work.', chain, exponential(0.0005, 2, 16), (le) => Math.min(1, le / 0.04), blocks, 0.021);
    g('executed_base_fee', 'gauge', 'Base fee realized by execution of the latest executed block.', Math.round(1.2e9 + 4e8 * wave(50)));
    g('executed_gas_charged_total', 'counter', 'Cumulative gas charged by executed blocks, transaction gas used plus end-of-block operation gas.', blocks * gasPerBlock);
    g('executed_gas_excess', 'gauge', 'Gas excess realized by execution of the latest executed block.', Math.round(4.2e7 + 3e6 * wave(40)));
    g('executed_gas_limit_total', 'counter', 'Cumulative worst-case gas of executed blocks, transaction gas limits plus end-of-block operation gas.', blocks * gasPerBlock * 1.6);
    out.histogram(`${ns}execution_queue_duration_seconds`, "Time from a block's acceptance until its execution completes.", chain, exponential(0.001, 2, 15), (le) => Math.min(1, le / 0.08), blocks, 0.034);
    g('execution_queue_blocks', 'gauge', 'Number of accepted blocks that have not yet completed execution.', Math.max(0, Math.round(wave(9))));
    g('execution_queue_gas_limit', 'gauge', 'Worst-case gas of accepted blocks that have not yet completed execution.', Math.max(0, Math.round(wave(9))) * gasPerBlock * 1.6);
    g('gas_target', 'gauge', 'ACP-176 gas target in force as of the latest executed block.', 1_000_000);
    g('gas_time_wall_time_gap_seconds', 'gauge', 'Gas time minus wall time, observed when the latest block finished executing; negative when gas time lags the wall clock.', round3(-0.4 + 0.2 * wave(20)));
    g('in_memory_blocks', 'gauge', 'Number of SAE blocks still live in memory (created but not yet garbage collected).', 64 + Math.round(8 * wave(30)));
    g('last_executed_gas_time_seconds', 'gauge', "Gas time reached by the latest executed block, as a Unix timestamp.", Math.floor(this.now() / 1000));
    g('last_executed_height', 'gauge', 'Height of the latest block that completed async execution.', height);
    g('last_settled_height', 'gauge', 'Height of the latest block that has settled.', Math.max(0, height - 3));
    g('worst_case_base_fee', 'gauge', 'Worst-case base fee admitted by consensus for the latest executed block.', Math.round(1.5e9 + 4e8 * wave(50)));
    g('worst_case_gas_excess', 'gauge', 'Worst-case gas excess simulated for the latest executed block.', Math.round(4.5e7 + 3e6 * wave(40)));
  }

  private bootstrapCounters(c: Chain, now: number, bootstrapping: boolean): { fetched: number; accepted: number } {
    if (!bootstrapping || this.bootstrapStartMs === undefined) {
      return { fetched: this.finished[c], accepted: this.finished[c] };
    }
    const { total, fetchPerSec, acceptPerSec } = BOOTSTRAP[c];
    const t = Math.max(0, (now - this.bootstrapStartMs) / 1000);
    const fetchSecs = total / fetchPerSec;
    const fetched = Math.min(total, Math.floor(t * fetchPerSec));
    const accepted = t <= fetchSecs ? 0 : Math.min(total, Math.floor((t - fetchSecs) * acceptPerSec));
    return { fetched: this.finished[c] + fetched, accepted: this.finished[c] + accepted };
  }
}

/** Cumulative shares of blocks accepted within 1 s, 2 s, … 8 s. */
const LATENCY_SHARES = [0.1, 0.7, 0.95, 0.99, 0.995, 0.998, 0.999, 0.9995];

/** prometheus.ExponentialBuckets(start, factor, count). */
function exponential(start: number, factor: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => start * factor ** i);
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

type Labels = Readonly<Record<string, string>>;

/** Families in the order added, HELP and TYPE once each, samples formatted as Go's Prometheus client writes them. */
class Page {
  private readonly lines: string[] = [];
  private readonly seen = new Set<string>();

  family(name: string, kind: Kind, help: string, samples: ReadonlyArray<readonly [Labels, number]>): void {
    for (const [labels, value] of samples) this.add(name, kind, help, labels, value);
  }

  add(name: string, kind: Kind, help: string, labels: Labels, value: number): void {
    if (!this.seen.has(name)) {
      this.seen.add(name);
      this.lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${kind}`);
    }
    this.lines.push(`${name}${labelText(labels)} ${goFloat(value)}`);
  }

  /** A histogram of `count` observations averaging `mean`, `share(le)` of them at or under each bound. */
  histogram(name: string, help: string, labels: Labels, bounds: readonly number[], share: (le: number) => number, count: number, mean: number): void {
    this.lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} histogram`);
    for (const b of bounds) this.lines.push(`${name}_bucket${labelText({ ...labels, le: goFloat(b) })} ${Math.round(count * share(b))}`);
    this.lines.push(`${name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
    this.lines.push(`${name}_sum${labelText(labels)} ${goFloat(count * mean)}`);
    this.lines.push(`${name}_count${labelText(labels)} ${count}`);
  }

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

function labelText(labels: Labels): string {
  const keys = Object.keys(labels);
  if (keys.length === 0) return '';
  const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  return `{${keys.map((k) => `${k}="${esc(labels[k]!)}"`).join(',')}}`;
}

/** Go's strconv.FormatFloat(v, 'g', -1, 64), as the client library writes values: 4, 0.5, 1.8945982464e+11. */
export function goFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  if (v === 0) return '0';
  const [mantissa, e] = v.toExponential().split('e') as [string, string];
  const exp = Number(e);
  // Shortest 'g' switches to an exponent below 1e-4 and from 1e21... in JS; Go switches from 1e6 (precision 6).
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(v);
}

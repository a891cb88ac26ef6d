// What avatop reads from /ext/metrics, and under which names each avalanchego line writes it. v1.11.8 moved every
// registry under its own namespace and chain metrics from a prefix (`avalanche_P_blks_accepted_count`) to a label
// (`avalanche_snowman_blks_accepted_count{chain="P"}`); the process and Go collectors moved from `avalanche_` to
// `avalanche_process_`. A quantity lists its sources newest first; the first name the node serves wins.
//
// The names come from real nodes (test/fixtures/metrics/, captured from v1.14.2 and v1.11.2; the conformance suite
// reads each node's page again). v1.15.0's source registers the same namespaces and names as v1.14.2 for what avatop
// reads; it adds the C-chain's SAE executor under avalanche_evm_transition_sae_ (from Helicon) and widens
// avalanche_snowman_consensus_latencies to 8 buckets.

export type ChainAlias = 'P' | 'X' | 'C';
export const CHAINS: readonly ChainAlias[] = ['P', 'X', 'C'];

export interface MetricSource {
  /** The metric name; or, with `suffix`, a prefix: old nodes spread one quantity over a name per chain or message. */
  readonly name: string;
  readonly suffix?: string;
  /** Every label here must match (one of the values, for a list); other labels are free. */
  readonly match?: Readonly<Record<string, string | readonly string[]>>;
}

export interface Quantity {
  /** avatop's own key: `cpuSeconds`, `accepted:P`. */
  readonly key: string;
  /** A counter only grows (until the node restarts); rates are taken from it. A gauge is read as it is. */
  readonly kind: 'counter' | 'gauge';
  /** Newest first. Matching series of the first source that has any are added up. */
  readonly sources: readonly MetricSource[];
}

const q = (key: string, kind: Quantity['kind'], ...sources: Array<string | MetricSource>): Quantity => ({
  key,
  kind,
  sources: sources.map((s) => (typeof s === 'string' ? { name: s } : s)),
});

/** A chain's snowman metric: labelled from v1.11.8, prefixed by the chain's alias before. */
const chainQ = (chain: ChainAlias, key: string, kind: Quantity['kind'], metric: string): Quantity =>
  q(`${key}:${chain}`, kind, { name: `avalanche_snowman_${metric}`, match: { chain } }, `avalanche_${chain}_${metric}`);

export const QUANTITIES: readonly Quantity[] = [
  q('cpuSeconds', 'counter', 'avalanche_process_process_cpu_seconds_total', 'avalanche_process_cpu_seconds_total'),
  q('residentBytes', 'gauge', 'avalanche_process_process_resident_memory_bytes', 'avalanche_process_resident_memory_bytes'),
  q('openFds', 'gauge', 'avalanche_process_process_open_fds', 'avalanche_process_open_fds'),
  q('maxFds', 'gauge', 'avalanche_process_process_max_fds', 'avalanche_process_max_fds'),
  // When the node's process started (seconds since the epoch): a new value is a restart, whatever else was seen.
  q('processStartSeconds', 'gauge', 'avalanche_process_process_start_time_seconds', 'avalanche_process_start_time_seconds'),
  q('goroutines', 'gauge', 'avalanche_process_go_goroutines', 'avalanche_go_goroutines'),
  q('diskAvailableBytes', 'gauge', 'avalanche_resource_tracker_disk_available_space'),
  // Added after v1.11.2; older nodes give only the bytes.
  q('diskAvailablePercent', 'gauge', 'avalanche_resource_tracker_disk_available_percentage'),
  // The database as avalanchego uses it: meterdb counts the bytes passed in and out of its calls, per chain and
  // for all of them together (chain="all"; the per-chain series would count everything twice).
  q('dbReadBytes', 'counter', { name: 'avalanche_meterdb_size', match: { chain: 'all', method: ['get', 'has', 'iterator_next'] } }, 'avalanche_db_read_size_sum'),
  q('dbWriteBytes', 'counter', { name: 'avalanche_meterdb_size', match: { chain: 'all', method: ['batch_write', 'put', 'delete'] } }, 'avalanche_db_write_size_sum'),
  // Message bytes by operation; before v1.11.8 a name per operation.
  q('netBytesIn', 'counter', { name: 'avalanche_network_msgs_bytes', match: { io: 'received' } }, { name: 'avalanche_network_', suffix: '_received_bytes' }),
  q('netBytesOut', 'counter', { name: 'avalanche_network_msgs_bytes', match: { io: 'sent' } }, { name: 'avalanche_network_', suffix: '_sent_bytes' }),
  q('peers', 'gauge', 'avalanche_network_peers'),
  // Per chain: a label today, a name per chain before.
  q('benched', 'gauge', 'avalanche_benchlist_benched_num', { name: 'avalanche_', suffix: '_benchlist_benched_num' }),
  // Each health worker (health, readiness, liveness) counts its failing checks; "health" runs them all.
  q('healthFailing', 'gauge', { name: 'avalanche_health_checks_failing', match: { check: 'health', tag: 'all' } }, { name: 'avalanche_health_checks_failing', match: { tag: 'all' } }),
  // Calls per API (base="info", "P", "metrics", ...), added up.
  q('apiCalls', 'counter', 'avalanche_api_calls'),
  // Nanoseconds until the network upgrade the node counts as one it lacks (node/node.go, the futureupgrade check);
  // +Inf while there is none. Served since v1.13.
  q('upgradeTimeUntil', 'gauge', 'avalanche_upgrade_time_until'),
  ...CHAINS.flatMap((c) => [
    chainQ(c, 'accepted', 'counter', 'blks_accepted_count'),
    // Nanoseconds from issuance to acceptance, summed: with the count it gives the mean latency of an interval.
    chainQ(c, 'acceptedLatencyNs', 'counter', 'blks_accepted_sum'),
    chainQ(c, 'processing', 'gauge', 'blks_processing'),
    chainQ(c, 'bsFetched', 'counter', 'bs_fetched'),
    chainQ(c, 'bsAccepted', 'counter', 'bs_accepted'),
  ]),
];

/** Every exact metric name any quantity may read. */
export const WANTED_NAMES: ReadonlySet<string> = new Set(QUANTITIES.flatMap((x) => x.sources.filter((s) => s.suffix === undefined).map((s) => s.name)));

const PATTERNS: readonly MetricSource[] = QUANTITIES.flatMap((x) => x.sources.filter((s) => s.suffix !== undefined));

export function sourceMatchesName(s: MetricSource, name: string): boolean {
  return s.suffix === undefined ? s.name === name : name.length > s.name.length + s.suffix.length - 1 && name.startsWith(s.name) && name.endsWith(s.suffix);
}

/** The parser skips every other name before looking at its labels. */
export function isWanted(name: string): boolean {
  if (WANTED_NAMES.has(name)) return true;
  for (const p of PATTERNS) if (sourceMatchesName(p, name)) return true;
  return false;
}

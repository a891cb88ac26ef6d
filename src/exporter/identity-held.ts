// The exporter's node ID and version, read again only when the node's process may have changed. Both belong to the
// process: the staking key is read at start (avalanchego v1.15.0 config/config.go getStakingConfig), and a new
// release is a new process. The node says when its process started in /ext/metrics
// (avalanche_process_start_time_seconds, which the exporter reads once a minute for the event log's restarts), so an
// ID and version read while the metrics gave one start time still hold while they give the same one and the probe
// answers. A restart (a new start time, or the probe failing) asks both again at once, where the minute's read
// would have waited up to a minute; a node without the metric (its /ext/metrics off) is asked once a minute as before.
// Only the exporter: the monitor's reads of them also decide its "Node API error" banner
// (test/reliability/screen-faults.test.tsx).
import { latest } from '../metrics/series';
import type { ResourceSpec } from '../poll/resource-spec';
import type { AvatopState } from '../state/store';

export const IDENTITY_KEYS: ReadonlySet<string> = new Set(['nodeId', 'nodeVersion']);

/** The node's process start, as its last /ext/metrics reading gave it; undefined: not known. */
export function processStartOf(s: AvatopState): number | undefined {
  return s.metrics.series.status === 'ok' ? latest(s.metrics.series.data, 'processStartSeconds') : undefined;
}

export interface IdentityHeld {
  /** `spec` (node ID or version) noting the process start known when its answer came. */
  note(spec: ResourceSpec): ResourceSpec;
  /** Whether the node ID and version read are still this process's: neither needs asking now. */
  held(s: AvatopState): boolean;
}

export function createIdentityHeld(): IdentityHeld {
  /** By key: the process start known when the last answer came. */
  const startAt = new Map<string, number | undefined>();
  return {
    note(spec) {
      return {
        ...spec,
        async fetch(ctx, signal) {
          const r = await spec.fetch(ctx, signal);
          startAt.set(spec.key, processStartOf(ctx.state()));
          return r;
        },
      };
    },
    held(s) {
      const start = processStartOf(s);
      if (start === undefined || s.pchain.height.status !== 'ok') return false;
      if (s.node.id.status !== 'ok' || s.node.version.status !== 'ok') return false;
      for (const key of IDENTITY_KEYS) if (startAt.get(key) !== start) return false;
      return true;
    },
  };
}

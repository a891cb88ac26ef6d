// The header's rpc latency: the slowest probe of each ten seconds of the wall clock, shown once those ten seconds are
// over. A figure and a sparkline that moved with every probe (on a chain with a block every 2 s, every block) drew
// the header's second line again at every block, and the status line's rates the same: the two were about a tenth
// of the monitor's idle CPU (docs/performance.md, lite48). The slowest rather than the last: a probe that stalled is
// what an operator looks for, and it stays on screen for as long as its window is the last one over. Pure.

/** One window of the sparkline: the figure and the bars change at most this often. */
export const RPC_WINDOW_MS = 10_000;
/** Windows kept: more than the widest sparkline draws. */
const KEPT = 30;

export interface RpcLatency {
  /** The slowest probe of each window that is over, oldest first: the sparkline's bars. */
  readonly closed: readonly number[];
  /** The window the last probe fell in (its number since the epoch) and the slowest probe in it so far. */
  readonly open?: { readonly window: number; readonly worst: number };
  /** The last probe added (its time and latency), so the same reading given twice counts once. */
  readonly last?: { readonly at: number; readonly ms: number };
}

export const EMPTY_RPC_LATENCY: RpcLatency = { closed: [] };

/**
 * The probe that answered at `at` (ms since the epoch) in `ms` added. A probe in a later window closes the open one;
 * windows no probe answered in are no bars (the liveness notice speaks for a node that stopped answering).
 */
export function addLatency(h: RpcLatency, at: number, ms: number): RpcLatency {
  if (!Number.isFinite(at) || !Number.isFinite(ms)) return h;
  if (h.last && h.last.at === at && h.last.ms === ms) return h;
  const window = Math.floor(at / RPC_WINDOW_MS);
  const last = { at, ms };
  if (h.open && window <= h.open.window) return { closed: h.closed, open: { window: h.open.window, worst: Math.max(h.open.worst, ms) }, last };
  const closed = h.open ? [...h.closed, h.open.worst].slice(-KEPT) : h.closed;
  return { closed, open: { window, worst: ms }, last };
}

/**
 * What the header shows: the last window over, and its bars; before the first window is over (the first seconds),
 * the open window's slowest, so the figure is not blank at start.
 */
export function shownLatency(h: RpcLatency): { latencyMs: number | undefined; bars: readonly number[] } {
  if (h.closed.length > 0) return { latencyMs: h.closed[h.closed.length - 1], bars: h.closed };
  return h.open ? { latencyMs: h.open.worst, bars: [h.open.worst] } : { latencyMs: undefined, bars: h.closed };
}

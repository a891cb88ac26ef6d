// One polled resource: its chained poller wired to the store. A poll marks the resource loading, then writes the
// answer (or the failure, or "unsupported") through the resource's lens with what its own calls cost; a probe's
// answer also moves the height (height-follower.ts).
import {
  cancelLoading,
  isBootstrappingError,
  isUnsupportedError,
  markUnsupported,
  resolveError,
  resolveOk,
  startLoading,
  unsupportedReason,
  type ResourceError,
} from '../state/resource';
import type { AvatopStore, Update } from '../state/store';
import type { BackoffOptions } from './backoff';
import { trackUsage, type CallUsage } from './call-usage';
import type { Clock } from './clock';
import type { HeightFollower } from './height-follower';
import type { FetchContext, ResourceSpec } from './resource-spec';
import { createPoller, type Poller } from './poller';

export interface Entry {
  spec: ResourceSpec;
  poller: Poller;
  /** P-chain height when this resource last started a fetch. */
  heightAt: bigint | undefined;
  /** Clock time of the last fetch start. */
  startedAt: number | undefined;
  /** A height-triggered refresh held back by the heavy minimum interval. */
  cancelDeferred: (() => void) | undefined;
  /** Response bytes of the last successful poll (for the byte budget). */
  lastBytes: number | undefined;
  /** The due time (spec.dueAt) a refresh was last made for, so one due time makes one refresh. */
  dueFired?: number;
}

export interface EntryDeps {
  store: AvatopStore;
  clock: Clock;
  random?: () => number;
  backoff?: BackoffOptions;
  unsupportedRetryMs?: number;
  /** The probe's pace while it fails cheaply. */
  tickMs: number;
  ctx: FetchContext;
  heights: HeightFollower;
  /** Every resource being polled, for the height to wake. */
  entries(): Iterable<Entry>;
  intervalOf(e: Entry): number;
  /** Queue a store write; `urgent` applies it within the batch, otherwise on the clock's next tick. */
  enqueue(update: Update, urgent: boolean): void;
  /** A request went out / came back (for whenIdle). */
  begin(): void;
  end(): void;
}

export function makeEntry(spec: ResourceSpec, d: EntryDeps): Entry {
  const { store, clock, heights } = d;
  const shown = () => spec.lens.get(store.getState()).data !== undefined;
  // The liveness probe's change of state (answers / does not) is news for every surface: never held for the
  // clock's next tick (state/liveness.ts).
  const probeTurns = (failed: boolean) => spec.probe !== undefined && (spec.lens.get(store.getState()).status === 'error') !== failed;
  const entry: Entry = {
    spec,
    heightAt: undefined,
    startedAt: undefined,
    cancelDeferred: undefined,
    lastBytes: undefined,
    poller: undefined as unknown as Poller,
  };
  entry.poller = createPoller<{ result: unknown; usage: CallUsage }>({
    clock,
    random: d.random,
    backoff: d.backoff,
    unsupportedRetryMs: d.unsupportedRetryMs,
    once: spec.cadence === 'once',
    intervalMs: () => d.intervalOf(entry),
    isUnsupported: isUnsupportedError,
    // The probe: one tiny request per interval while the node is down or bootstrapping, so recovery shows within an
    // interval; everything else backs off, and is woken when the probe answers. Only while failing is cheap: a
    // probe that draws a huge or endless body backs off like the rest.
    retryDelayMs: (e) => (spec.probe && cheapFailure(e) ? d.tickMs : undefined),
    // Each fetch has its own usage, keyed by the resource's signal: what its calls cost, and nothing another resource's did.
    run: async (signal) => {
      const usage = trackUsage(signal);
      return { result: await spec.fetch(d.ctx, signal), usage };
    },
    // What is already on screen may wait for the next tick to change (see batch-writer.ts); a first answer may not.
    onStart() {
      d.begin();
      entry.heightAt = heights.height();
      entry.startedAt = clock.now();
      d.enqueue((s) => spec.lens.set(s, startLoading(spec.lens.get(s))), !shown());
    },
    onSuccess({ result, usage }, info) {
      // Read first: a height that cannot be read throws here, and the poller counts it as a failure.
      const height = spec.probe?.height(result);
      // Started before the first height was known (at start-up both go out together): it belongs to that height.
      if (entry.heightAt === undefined) entry.heightAt = heights.height();
      const bytes = usage.bytes > 0 ? usage.bytes : undefined;
      entry.lastBytes = bytes;
      const meta = { at: info.endedAt, latencyMs: usage.latencyMs, bytes };
      d.enqueue((s) => {
        const r = spec.lens.get(s);
        let data: unknown;
        try {
          data = spec.toData(r.data, result, d.ctx);
        } catch (e) {
          // A reply the transform cannot read is a failed poll for the screen, not a crash.
          return spec.lens.set(s, resolveError(r, asResourceError(e), meta));
        }
        let next = spec.lens.set(s, resolveOk(r, data, meta, spec.keepIdentity !== false));
        if (spec.also) next = spec.also(next, result, meta);
        return next;
      }, !shown() || probeTurns(false));
      if (height !== undefined) heights.onHeight(height, d.entries());
      d.end();
    },
    onFailure(error, info) {
      const err = asResourceError(error);
      if (spec.probe) heights.probeFailed();
      if (spec.pchain && isBootstrappingError(error)) heights.bootstrapping(spec.key);
      d.enqueue((s) => {
        const r = spec.lens.get(s);
        return spec.lens.set(
          s,
          info.unsupported ? markUnsupported(r, err, unsupportedReason(error)) : resolveError(r, err, { at: info.endedAt }),
        );
      }, !shown() || probeTurns(true));
      d.end();
    },
    onCancel() {
      d.enqueue((s) => spec.lens.set(s, cancelLoading(spec.lens.get(s))), true);
      d.end();
    },
  });
  return entry;
}

/** A failure that cost the node little to send (refused, reset, a status line, a short error body). */
function cheapFailure(e: unknown): boolean {
  const x = e as { bytes?: unknown; received?: unknown; limit?: unknown } | null;
  if (x === null || typeof x !== 'object') return true;
  if (x.limit !== undefined) return false; // ResponseTooLargeError: the node streamed past the cap
  const bytes = typeof x.bytes === 'number' ? x.bytes : typeof x.received === 'number' ? x.received : 0;
  return bytes < 64 * 1024;
}

function asResourceError(e: unknown): ResourceError {
  if (e instanceof Error) return e;
  return new Error(String(e));
}

// The P-chain height as the probe resource reads it (the spec marked `probe`), and what it sets moving: heavy lists
// refresh when it moves (no more often than their floor), and when the probe answers again after failing, or the
// P-chain finishes bootstrapping, whatever was backing off polls at once, so the screen recovers within one interval
// instead of waiting out up to 30 s of backoff. A resource that changes only with certain blocks (`changesWith`) is
// not refreshed by the height itself while the block watcher reads every block: the watcher's report of what each
// block changes is (blocksAccepted), from the height at which the change shows; and one with a due time (`dueAt`) is
// refreshed once the chain's time passes it.
import type { Clock } from './clock';
import type { Entry } from './scheduler-entry';
import type { BlockChanges } from '../domain/staking/block-changes';
import type { AvatopState } from '../state/store';

export interface HeightFollower {
  /** The last height the probe read. */
  height(): bigint | undefined;
  /** The probe read `h`: wake what it concerns among `entries`. */
  onHeight(h: bigint, entries: Iterable<Entry>): void;
  /** The probe failed: the next answer is a recovery. */
  probeFailed(): void;
  /** A P-chain resource got 503 (bootstrapping): it polls at once when the probe answers. */
  bootstrapping(key: string): void;
  /** The block watcher read these blocks (or missed some: 'gap'); refresh what they change, once it shows. */
  blocksAccepted(changes: readonly BlockChanges[] | 'gap', entries: Iterable<Entry>): void;
}

export interface HeightFollowerOptions {
  clock: Clock;
  heavyFloorMs(e: Entry): number;
  /** The block watcher is polled and answering: block-driven resources wait for its reports. */
  watching?(): boolean;
  /** The store, for due times (spec.dueAt) and the chain's time. */
  state?(): AvatopState;
}

export function createHeightFollower(o: HeightFollowerOptions): HeightFollower {
  const { clock } = o;
  let lastHeight: bigint | undefined;
  let probeFailing = false;
  const pendingBootstrap = new Set<string>();
  // Changes read in blocks whose effect the node shows from a later height (a proposal block's, with its option).
  let pendingChanges: BlockChanges[] = [];
  const blockDriven = (e: Entry) => e.spec.changesWith !== undefined && (o.watching?.() ?? false);

  /** Refresh what the changes that show by now concern, among resources fetched before they showed. */
  function release(entries: Iterable<Entry>): void {
    if (lastHeight === undefined || pendingChanges.length === 0) return;
    const shown = pendingChanges.filter((c) => c.effectiveHeight <= lastHeight!);
    if (shown.length === 0) return;
    pendingChanges = pendingChanges.filter((c) => c.effectiveHeight > lastHeight!);
    for (const e of entries) {
      const changesWith = e.spec.changesWith;
      if (!changesWith || e.spec.probe) continue;
      if (shown.some((c) => (e.heightAt === undefined || e.heightAt < c.effectiveHeight) && changesWith(c))) refreshHeavy(e);
    }
  }

  /** Refresh what the chain's time has reached the due time of (once per due time). */
  function checkDue(entries: Iterable<Entry>): void {
    const s = o.state?.();
    const chainMs = s?.pchain.timestamp.data?.getTime();
    if (!s || chainMs === undefined) return;
    for (const e of entries) {
      const due = e.spec.dueAt?.(s);
      if (due === undefined || chainMs < due || e.dueFired === due) continue;
      e.dueFired = due;
      refreshHeavy(e);
    }
  }

  function refreshHeavy(e: Entry): void {
    const wait = e.startedAt === undefined || e.spec.everyHeight ? 0 : e.startedAt + o.heavyFloorMs(e) - clock.now();
    if (wait <= 0) {
      e.poller.refresh();
      return;
    }
    if (e.cancelDeferred) return;
    e.cancelDeferred = clock.setTimer(wait, () => {
      e.cancelDeferred = undefined;
      // Weighed again: a wait set while the first reply was still arriving did not know its size, and a 7.7 MB
      // getBalance went out again 5 s after the first instead of minutes later.
      if (e.heightAt !== lastHeight) refreshHeavy(e);
    });
  }

  return {
    height: () => lastHeight,
    onHeight(h, iterable) {
      // Walked more than once below (an iterator of the scheduler's map would be spent after the first walk).
      const entries = [...iterable];
      const moved = lastHeight !== undefined && h !== lastHeight;
      const wasUnknown = lastHeight === undefined;
      lastHeight = h;
      const recovered = probeFailing;
      probeFailing = false;
      for (const e of entries) {
        if (e.spec.probe) continue;
        if ((recovered && e.poller.failures > 0) || (e.spec.pchain && pendingBootstrap.has(e.spec.key))) {
          pendingBootstrap.delete(e.spec.key);
          e.poller.refresh({ force: true });
        } else if (e.spec.cadence === 'height' && (moved || (wasUnknown && e.heightAt !== undefined && e.heightAt !== h))) {
          // The watcher's report says whether this block concerns it.
          if (!blockDriven(e)) refreshHeavy(e);
        } else if (wasUnknown && e.heightAt === undefined && !e.poller.inFlight) {
          // Fetched before the first height answer arrived: that is the height it belongs to.
          e.heightAt = h;
        }
      }
      release(entries);
      checkDue(entries);
    },
    blocksAccepted(changes, iterable) {
      const entries = [...iterable];
      if (changes === 'gap') {
        // Blocks went by unread: whatever they changed is unknown.
        pendingChanges = [];
        for (const e of entries) if (e.spec.changesWith && !e.spec.probe) refreshHeavy(e);
        return;
      }
      pendingChanges.push(...changes);
      release(entries);
    },
    probeFailed() {
      probeFailing = true;
    },
    bootstrapping(key) {
      pendingBootstrap.add(key);
    },
  };
}

// The P-chain height as the probe resource reads it (the spec marked `probe`), and what it sets moving: heavy lists
// refresh when it moves (no more often than their floor), and when the probe answers again after failing, or the
// P-chain finishes bootstrapping, whatever was backing off polls at once, so the screen recovers within one interval
// instead of waiting out up to 30 s of backoff.
import type { Clock } from './clock';
import type { Entry } from './scheduler-entry';

export interface HeightFollower {
  /** The last height the probe read. */
  height(): bigint | undefined;
  /** The probe read `h`: wake what it concerns among `entries`. */
  onHeight(h: bigint, entries: Iterable<Entry>): void;
  /** The probe failed: the next answer is a recovery. */
  probeFailed(): void;
  /** A P-chain resource got 503 (bootstrapping): it polls at once when the probe answers. */
  bootstrapping(key: string): void;
}

export function createHeightFollower(o: { clock: Clock; heavyFloorMs(e: Entry): number }): HeightFollower {
  const { clock } = o;
  let lastHeight: bigint | undefined;
  let probeFailing = false;
  const pendingBootstrap = new Set<string>();

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
    onHeight(h, entries) {
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
          refreshHeavy(e);
        } else if (wasUnknown && e.heightAt === undefined && !e.poller.inFlight) {
          // Fetched before the first height answer arrived: that is the height it belongs to.
          e.heightAt = h;
        }
      }
    },
    probeFailed() {
      probeFailing = true;
    },
    bootstrapping(key) {
      pendingBootstrap.add(key);
    },
  };
}

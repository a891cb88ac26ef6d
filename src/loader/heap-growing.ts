// How far V8 lets the exporter's old generation grow past what a full collection kept. The exporter replaces its
// twenty nodes' peer facts once a minute (about 5 MB of records that live a minute, so they are promoted and then die
// in the old generation). V8's own factor was at most 1.3 there (`--trace-gc-verbose`), the next limit about 9 MB
// above the 23-25 MB kept: three mark-compacts a minute, each a main-thread pause and concurrent marking on V8's
// threads. A fixed factor of 1.6 made it two, 4-10 % less CPU for 4-7 MiB more at the peak (docs/performance.md).
// Unlike V8's GC threading flags, which crash V8 when set at run time (docs/performance.md), this one is read at each
// full collection when V8 sets the next limit (heap/heap-controller.cc, MemoryController::GrowingFactor).
import { setFlagsFromString } from 'node:v8';

/** The exporter's flag: the old generation may reach 1.6 times what the last full collection kept. */
export const EXPORTER_HEAP_GROWING_FLAG = '--heap-growing-percent=60';

/** Sets the exporter's heap-growing factor; true when it did. The monitor keeps V8's, which keeps it smaller. */
export function applyHeapGrowing(command: string, set: (flags: string) => void = setFlagsFromString): boolean {
  if (command !== 'exporter') return false;
  set(EXPORTER_HEAP_GROWING_FLAG);
  return true;
}

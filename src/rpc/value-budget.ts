// Whether a reply can be read without running the process out of memory. JSON.parse and the result schema together
// need up to about 96 bytes of heap per JSON value (objects take 32-40 bytes each, measured, and the schema's output
// as much again), so a 30 MB body of `{}` needs over 700 MiB however small it looks. The monitor runs with a bounded
// heap (bin/avatop.cjs) where such a body would end the process; counted while it arrives, it is refused with a
// message instead. Real replies fit easily: 10,000 validators are 9 MB and about 260,000 values.
// The client is also the library's: it only reads V8's heap figures and never sets a flag. A full collection before
// refusing is the caller's to give (`TransportOptions.collectGarbage`; the CLI passes V8's gc, runtime/gc.ts).
import { getHeapStatistics } from 'node:v8';

/** Heap a value may need once parsed and validated (an upper bound from measurements, see above). */
export const BYTES_PER_VALUE = 96;
/** Kept free for everything else the process does meanwhile. */
export const RESERVED_BYTES = 16 * 1024 * 1024;

/** Commas and opening brackets: an upper bound on the number of values in JSON text (more in strings is fine). */
export function countValueMarks(chunk: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < chunk.length; i++) {
    const c = chunk[i]!;
    if (c === 0x2c || c === 0x5b || c === 0x7b) n++;
  }
  return n;
}

/** Heap needed to hold a body of `bytes` as text, parse it and validate it. */
export function heapNeeded(values: number, bytes: number): number {
  return values * BYTES_PER_VALUE + bytes * 2;
}

/** Heap that may still be taken, given V8's limit and what is in use. */
export function heapAvailable(limit: number, used: number): number {
  return Math.max(0, limit - used - RESERVED_BYTES);
}

const available = () => {
  const h = getHeapStatistics();
  return heapAvailable(h.heap_size_limit, h.used_heap_size);
};

/**
 * Whether a reply of `bytes` fits whatever its values: a value takes at least one byte, so `bytes` values is the most
 * it can hold. True means counting them could not refuse it.
 */
export function fitsUncounted(bytes: number): boolean {
  return heapNeeded(bytes, bytes) <= available();
}

/**
 * A check for one reply as it arrives: true while it fits. What is in use counts garbage too, so before the first
 * no it collects once (when given `collect`) and asks again: a refusal should mean the reply is too big, not that a
 * collection was due.
 */
export function createReplyCheck(collect?: () => void): (values: number, bytes: number) => boolean {
  let collected = false;
  return (values, bytes) => {
    const need = heapNeeded(values, bytes);
    if (need <= available()) return true;
    if (!collect || collected) return false;
    collected = true;
    collect();
    return need <= available();
  };
}

// Shared pieces of the reliability tests: the fault matrix, and a watch on unhandled rejections.
import { afterAll, beforeAll, expect } from 'vitest';
import type { FaultSpec } from '../../src/sim/index';

/** One row of the fault matrix: the fault as the simulated node takes it, and what the user should read. */
export interface FaultCase {
  name: string;
  fault: FaultSpec;
  /** The words the error's short message must contain. */
  words: RegExp;
  /** A 503 from a bootstrapping P-chain is shown as such, not as a failure. */
  bootstrapping?: boolean;
  /** Call the node by name (localhost) rather than by IP: avalanchego's Host check lets IP literals through. */
  hostname?: boolean;
}

/** Client timeout in the matrix: stalls and long latencies end here rather than at the 10 s default. */
export const MATRIX_TIMEOUT_MS = 1_500;
/** Response cap in the matrix (the default is 32 MiB; the 100 MB case uses the default). */
export const MATRIX_MAX_BYTES = 2 * 1024 * 1024;

export const FAULT_CASES: readonly FaultCase[] = [
  { name: 'latency past the timeout', fault: { kind: 'latency', ms: 5_000 }, words: /timed out/ },
  { name: 'HTTP 502', fault: { kind: 'http-error', status: 502, body: 'bad gateway' }, words: /HTTP 502/ },
  { name: 'HTTP 500', fault: { kind: 'http-error', status: 500 }, words: /HTTP 500/ },
  { name: 'JSON-RPC error', fault: { kind: 'rpc-error', code: -32000, message: 'database closed' }, words: /database closed/ },
  { name: 'connection reset', fault: { kind: 'reset' }, words: /reset|closed|network error/ },
  { name: 'truncated JSON', fault: { kind: 'truncate' }, words: /\w+ \w+/ },
  { name: 'truncated body, connection dropped', fault: { kind: 'truncate', abort: true }, words: /\w+ \w+/ },
  { name: 'malformed JSON', fault: { kind: 'malformed' }, words: /\w+ \w+/ },
  { name: 'wrong shapes', fault: { kind: 'wrong-shape' }, words: /\w+ \w+/ },
  { name: 'huge body (past the cap)', fault: { kind: 'huge', bytes: 50 * 1024 * 1024 }, words: /too large|exceed|MiB|MB|bytes/i },
  { name: 'stalled body', fault: { kind: 'stall' }, words: /timed out/ },
  { name: 'bootstrapping 503', fault: { kind: 'bootstrapping' }, words: /bootstrapping/, bootstrapping: true },
  { name: '403 wrong Host', fault: { kind: 'host-check', allowedHosts: ['node.example'] }, words: /403.*Host/, hostname: true },
];

/** Fails the suite if any promise rejection went unhandled while it ran. */
export function watchUnhandledRejections(): { list: unknown[] } {
  const seen = { list: [] as unknown[] };
  const onRejection = (reason: unknown) => {
    seen.list.push(reason);
  };
  beforeAll(() => {
    process.on('unhandledRejection', onRejection);
  });
  afterAll(() => {
    process.off('unhandledRejection', onRejection);
    expect(seen.list).toEqual([]);
  });
  return seen;
}

/** A message for a person: one line, words, no stack trace, no raw control characters. */
export function expectWords(text: string | undefined, words: RegExp): void {
  expect(text).toBeTypeOf('string');
  expect(text!.length).toBeGreaterThan(3);
  expect(text).toMatch(words);
  expect(text).not.toMatch(/\n\s+at |[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
}

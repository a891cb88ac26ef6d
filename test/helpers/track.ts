// What a test starts (a simulated node, a server, a screen, a process), released however the test ends: `track` for
// what one test holds, `shared` for what every test of a suite holds. Either replaces a `let x` and an
// `afterEach`/`afterAll` that must be kept in step with it (and that closed only the last of two screens a test
// started).
import { afterAll, beforeAll, onTestFinished } from 'vitest';

interface Closable {
  close(): unknown;
}

const close = (r: unknown) => (r as Closable).close();

/**
 * Releases `resource` when the running test finishes, passed or failed (and before a retry starts afresh). Call it
 * in a test or a beforeEach; what is tracked last is released first.
 */
export function track<T extends Closable>(resource: T): T;
export function track<T>(resource: T, release: (r: T) => unknown): T;
export function track<T>(resource: T, release: (r: T) => unknown = close): T {
  onTestFinished(async () => {
    await release(resource);
  });
  return resource;
}

/**
 * A resource every test of the enclosing describe (or file) shares: `start` runs before its first test, `release`
 * after its last, whatever happened between. Call it where tests are declared; read the resource inside the tests
 * (`node()`), since it does not exist before them. Shared resources are released last first, so a client started
 * on a node goes before the node.
 */
export function shared<T>(start: () => T | Promise<T>, opts: { release?: (r: T) => unknown; timeoutMs?: number } = {}): () => T {
  const release = opts.release ?? close;
  let held: { value: T } | undefined;
  beforeAll(async () => {
    held = { value: await start() };
  }, opts.timeoutMs);
  afterAll(async () => {
    const h = held;
    held = undefined;
    if (h) await release(h.value);
  }, opts.timeoutMs);
  return () => {
    if (!held) throw new Error('a shared resource is read outside the tests of its suite (or its start failed)');
    return held.value;
  };
}

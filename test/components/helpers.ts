// Waiting for a screen condition instead of sleeping: poll lastFrame() until it matches or the deadline passes.
export async function waitForFrame(
  lastFrame: () => string | undefined,
  test: RegExp | ((frame: string) => boolean),
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const ok = (f: string) => (typeof test === 'function' ? test(f) : test.test(f));
  let frame = lastFrame() ?? '';
  while (!ok(frame)) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${String(test)}; last frame:\n${frame}`);
    }
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 5));
    frame = lastFrame() ?? '';
  }
  return frame;
}

/**
 * Wait until Ink reads the test stdin: its `readable` listener is attached in an effect after the first commit,
 * and a key written before that is lost (which on a busy machine can happen after the first frame is visible).
 */
export async function untilListening(stdin: { listenerCount(event: string): number }, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (stdin.listenerCount('readable') === 0) {
    if (Date.now() > deadline) throw new Error('Ink never started reading stdin');
    await new Promise((r) => setTimeout(r, 5));
  }
}

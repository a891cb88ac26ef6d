// Waiting for a screen condition instead of sleeping: poll lastFrame() until it matches or the deadline passes.
export async function waitForFrame(
  lastFrame: () => string | undefined,
  test: RegExp | ((frame: string) => boolean),
  timeoutMs = 10_000,
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

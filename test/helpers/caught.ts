/** The error a promise rejects with; a promise that resolves fails the test. */
export async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

/** What `fn` throws, which must be a `kind`; a call that returns, or throws something else, fails the test. */
export function thrown<E>(kind: abstract new (...args: never[]) => E, fn: () => unknown): E {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof kind)) throw new Error(`expected a ${kind.name}, got ${String(err)}`);
    return err;
  }
  throw new Error(`expected a ${kind.name}, got a return`);
}

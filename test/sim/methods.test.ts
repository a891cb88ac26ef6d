// Every method of the client's registry, called through the real client on both profiles: the reply must pass the
// client's schemas; methods of the other generation must be reported unsupported.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/rpc/client';
import { methods } from '../../src/rpc/methods';
import { RpcError } from '../../src/rpc/errors';
import { startSim } from './helpers';
import { liveParams, simTargets } from '../helpers/method-fixtures';
import { supportedAt } from '../helpers/versions';
import { shared } from '../helpers/track';

const VERSION = { 'v1.11': 'v1.11.2', 'v1.14': 'v1.14.2', 'v1.15': 'v1.15.0' } as const;
const SUPPORTED_BY = {
  'v1.11': (d: { since?: string; removedIn?: string }) => supportedAt(VERSION['v1.11'], d),
  'v1.14': (d: { since?: string; removedIn?: string }) => supportedAt(VERSION['v1.14'], d),
  'v1.15': (d: { since?: string; removedIn?: string }) => supportedAt(VERSION['v1.15'], d),
};

for (const profile of ['v1.11', 'v1.14', 'v1.15'] as const) {
  describe(`every registry method on profile ${profile}`, () => {
    const node = shared(async () => {
      const n = await startSim({ profile });
      n.tick(30_000);
      return n;
    });
    const client = shared(() => createClient({ url: node().url }));

    for (const [name, descriptor] of Object.entries(methods)) {
      if (descriptor.mutating) continue;
      const supported = SUPPORTED_BY[profile](descriptor);
      it(`${name} ${supported ? 'answers and passes the schema' : 'is reported unsupported'}`, async () => {
        const call = client().call as (n: string, p?: unknown) => Promise<unknown>;
        if (supported) {
          const value = await call(name, liveParams(name, simTargets(node())));
          expect(value).toBeTruthy();
        } else {
          const err = await call(name, liveParams(name, simTargets(node()))).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(RpcError);
          expect((err as RpcError).unsupported).toBe(true);
        }
      });
    }
  });
}

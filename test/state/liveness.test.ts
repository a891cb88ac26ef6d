import { describe, expect, it } from 'vitest';
import { livenessOf } from '../../src/state/liveness';
import { idleResource, resolveError, resolveOk, startLoading } from '../../src/state/resource';
import { HttpError, RpcError, TransportError } from '../../src/rpc/errors';
import { unreachableText } from '../../src/app/header-model';

const URL_ = 'http://127.0.0.1:9650/ext/bc/P';

describe('liveness', () => {
  it('is connecting until the probe first answers or fails', () => {
    expect(livenessOf(idleResource()).state).toBe('connecting');
    expect(livenessOf(startLoading(idleResource())).state).toBe('connecting');
  });

  it('is down on a transport failure of the probe, with why, since when and the last contact', () => {
    const ok = resolveOk(idleResource<bigint>(), 5n, { at: 1_000 });
    expect(livenessOf(ok)).toEqual({ state: 'up', lastContact: 1_000 });
    const once = resolveError(ok, new TransportError('refused', URL_), { at: 3_000 });
    const twice = resolveError(once, new TransportError('timeout', URL_), { at: 5_000 });
    expect(livenessOf(once)).toMatchObject({ state: 'down', why: 'connection refused', since: 3_000, lastContact: 1_000 });
    expect(livenessOf(twice)).toMatchObject({ state: 'down', why: 'request timed out', since: 3_000, lastContact: 1_000 });
    // Same resource, same answer object: components re-render only when the probe changes.
    expect(livenessOf(twice)).toBe(livenessOf(twice));
    expect(livenessOf(resolveOk(twice, 6n, { at: 7_000 }))).toEqual({ state: 'up', lastContact: 7_000 });
  });

  it('counts any answer from the node as up, a gateway error from a proxy as down', () => {
    const ok = resolveOk(idleResource<bigint>(), 5n, { at: 1_000 });
    expect(livenessOf(resolveError(ok, new HttpError(503, 'chain not done bootstrapping', URL_), { at: 2_000 })).state).toBe('up');
    expect(livenessOf(resolveError(ok, new RpcError(-32000, 'boom', undefined, 'platform.getHeight'), { at: 2_000 })).state).toBe('up');
    expect(livenessOf(resolveError(ok, new HttpError(502, 'Bad Gateway', URL_), { at: 2_000 }))).toMatchObject({ state: 'down', why: 'HTTP 502 server error' });
    expect(livenessOf(resolveError(ok, new TransportError('aborted', URL_), { at: 2_000 })).state).toBe('up');
  });

  it('is refused when every probe gets a refusal (403, 401, 404, a redirect), and the header says why', () => {
    const ok = resolveOk(idleResource<bigint>(), 5n, { at: 1_000 });
    for (const status of [301, 401, 403, 404]) {
      const l = livenessOf(resolveError(ok, new HttpError(status, 'no', URL_), { at: 2_000 }));
      expect(l).toMatchObject({ state: 'down', kind: 'refused' });
    }
    const never = livenessOf(resolveError(idleResource(), new HttpError(403, 'Forbidden', URL_), { at: 2_000 }));
    expect(unreachableText(never, 2_000)).toBe('✗ REFUSED: HTTP 403 forbidden · never reached ');
    // A server error is an answer from a live node (it retries), not a refusal.
    expect(livenessOf(resolveError(ok, new HttpError(500, 'internal', URL_), { at: 2_000 })).state).toBe('up');
  });

  it('words the header while down: why, for how long, and how old what is shown is', () => {
    const ok = resolveOk(idleResource<bigint>(), 5n, { at: 1_000 });
    const down = livenessOf(resolveError(ok, new TransportError('refused', URL_), { at: 3_000 }));
    expect(unreachableText(down, 3_200)).toBe('✗ UNREACHABLE: connection refused · as of 2s ago: ');
    expect(unreachableText(down, 15_000)).toBe('✗ UNREACHABLE for 12s: connection refused · as of 14s ago: ');
    expect(unreachableText(livenessOf(ok), 15_000)).toBeUndefined();
    const never = livenessOf(resolveError(idleResource(), new TransportError('dns', URL_), { at: 3_000 }));
    expect(unreachableText(never, 3_000)).toBe('✗ UNREACHABLE: host name not found · never reached ');
  });
});

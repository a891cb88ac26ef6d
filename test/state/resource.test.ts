import { describe, expect, it } from 'vitest';
import { HttpError, RpcError } from '../../src/rpc/errors';
import {
  describeResource,
  idleResource,
  isUnsupportedError,
  markUnsupported,
  resolveError,
  resolveOk,
  startLoading,
  unsupportedReason,
} from '../../src/state/resource';

describe('Resource transitions', () => {
  it('goes idle → loading → ok, then keeps data through a failure, marked stale, and recovers', () => {
    let r = idleResource<{ h: bigint }>();
    r = startLoading(r);
    expect(r.status).toBe('loading');
    r = resolveOk(r, { h: 1n }, { at: 10, latencyMs: 3, bytes: 40 });
    expect(r).toMatchObject({ status: 'ok', stale: false, updatedAt: 10, latencyMs: 3, bytes: 40, fetching: false });
    const good = r.data;

    r = startLoading(r);
    expect(r.status).toBe('ok'); // a refresh does not blank what is shown
    expect(r.fetching).toBe(true);
    r = resolveError(r, new HttpError(500, 'boom', 'http://x/ext/bc/P'), { at: 20 });
    expect(r).toMatchObject({ status: 'error', stale: true, failures: 1, updatedAt: 10 });
    expect(r.data).toBe(good);
    expect(describeResource(r)).toContain('showing last data');

    r = resolveOk(r, { h: 1n }, { at: 30 });
    expect(r).toMatchObject({ status: 'ok', stale: false, failures: 0, error: undefined });
    expect(r.data).toBe(good); // equal data keeps identity
  });

  it('marks 503 bootstrapping in words', () => {
    const r = resolveError(
      idleResource(),
      new HttpError(503, 'API call rejected because chain is not done bootstrapping\n', 'http://x/ext/bc/P'),
      { at: 1 },
    );
    expect(r.bootstrapping).toBe(true);
    expect(describeResource(r)).toBe('node is still bootstrapping the P-chain');
  });

  it('marks a method the node does not have as unsupported with a reason', () => {
    const e = new RpcError(-32000, 'rpc: can\'t find method "platform.GetPendingValidators"', null, 'platform.getPendingValidators');
    expect(isUnsupportedError(e)).toBe(true);
    const r = markUnsupported(idleResource(), e, unsupportedReason(e));
    expect(r.status).toBe('unsupported');
    expect(r.reason).toMatch(/removed in/);
    expect(describeResource(r)).toBe(r.reason);
  });
});

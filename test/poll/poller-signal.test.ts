// The poller keeps one AbortSignal for all its polls (poll/poller.ts), so what a request hangs on that signal must
// come off when the request ends, however it ends: a listener left behind each poll would pile up on the one signal
// until Node printed a MaxListenersExceededWarning over the screen. The client hears a signal through one listener
// of its own for all the requests under it (rpc/request-failure.ts), so the signal holds one listener from its first
// request on, whatever the number of polls, and none once aborted; a request's own part goes when it ends. Driven through the real client against the
// simulated node on loopback: replies, a JSON-RPC error, a timeout, a streamed GET, and a stop in mid-request.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { readMetrics } from '../../src/metrics/fetch';
import { createPoller } from '../../src/poll/poller';
import { createClient } from '../../src/rpc/client';
import { requestsOutUnder } from '../../src/rpc/request-failure';
import { createSimNode } from '../../src/sim/index';
import { track } from '../helpers/track';

const START = Date.UTC(2026, 10, 1);
const POLLS = 50;

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('the poller signal through the real client', () => {
  it('hands every poll the same signal, leaves no listener on it, and a fresh one after a stop in mid-request', async () => {
    const sim = track(await createSimNode({ seed: 9, validators: 40, peers: 10, utxos: 2, autoAdvance: false, startTimeMs: START }));
    const client = track(createClient({ url: sim.url, timeoutMs: 10_000 }));
    // Every failure path of a request, not only its reply: the dispose that lets go of the listener runs in each.
    sim.faults.add({ kind: 'rpc-error', method: 'info.getNodeVersion' });
    sim.faults.add({ kind: 'latency', method: 'info.getNetworkID', ms: 300 });

    const warnings: Error[] = [];
    const onWarning = (w: Error) => warnings.push(w);
    process.on('warning', onWarning);
    track(undefined, () => process.off('warning', onWarning));

    const signals: AbortSignal[] = [];
    /** Listeners on the signal, and requests out under it, while a request was out: the counts below see requests. */
    const during: number[] = [];
    const outDuring: number[] = [];
    const after: number[] = [];
    const outAfter: number[] = [];
    const failures: unknown[] = [];
    let target = POLLS;
    let stallNext = false;
    let inRequest: (() => void) | undefined;
    let stalledCall: Promise<unknown> | undefined;
    let cycle!: () => void;
    let cycled = new Promise<void>((r) => (cycle = r));

    const poller = createPoller({
      intervalMs: 1,
      async run(signal) {
        signals.push(signal);
        if (stallNext) {
          stallNext = false;
          const call = client.call('platform.getHeight', undefined, { signal });
          stalledCall = call;
          inRequest?.();
          return call;
        }
        const n = signals.length;
        const height = client.call('platform.getHeight', undefined, { signal });
        during.push(abortListeners(signal));
        outDuring.push(requestsOutUnder(signal));
        await height;
        await readMetrics(client, { signal });
        if (n % 5 === 0) await expect(client.call('info.getNodeVersion', undefined, { signal })).rejects.toMatchObject({ name: 'RpcError' });
        if (n % 10 === 0) await expect(client.call('info.getNetworkID', undefined, { signal, timeoutMs: 30 })).rejects.toMatchObject({ kind: 'timeout' });
        return height;
      },
      onSuccess() {
        after.push(abortListeners(signals[signals.length - 1]!));
        outAfter.push(requestsOutUnder(signals[signals.length - 1]!));
        if (after.length === target) {
          poller.stop();
          cycle();
        }
      },
      // Not one poll should fail: end the cycle at once rather than wait out the test's timeout.
      onFailure(error) {
        failures.push(error);
        poller.stop();
        cycle();
      },
    });
    track(poller, (p) => p.stop());

    poller.start();
    await cycled;
    expect(failures).toEqual([]);
    expect(signals).toHaveLength(POLLS);
    const first = signals[0]!;
    expect(signals.every((s) => s === first)).toBe(true);
    expect(first.aborted).toBe(false);
    expect(after).toEqual(Array(POLLS).fill(1));
    expect(during.every((n) => n === 1)).toBe(true);
    expect(outDuring.every((n) => n === 1)).toBe(true);
    expect(outAfter).toEqual(Array(POLLS).fill(0));

    // Stopped while idle (in the last poll's onSuccess): nothing was aborted, and the signal goes on.
    stallNext = true;
    sim.faults.add({ kind: 'stall', method: 'platform.getHeight', times: 1 });
    const reached = new Promise<void>((r) => (inRequest = r));
    poller.start();
    await reached;
    const stalled = signals[signals.length - 1]!;
    expect(stalled).toBe(first);
    // Let the request reach the node and its reply start.
    await new Promise((r) => setTimeout(r, 50));
    expect(abortListeners(stalled)).toBe(1);
    expect(requestsOutUnder(stalled)).toBe(1);
    poller.stop();
    expect(stalled.aborted).toBe(true);
    await expect(stalledCall).rejects.toMatchObject({ kind: 'aborted' });
    expect(abortListeners(stalled)).toBe(0);
    expect(requestsOutUnder(stalled)).toBe(0);

    after.length = 0;
    outAfter.length = 0;
    target = 5;
    cycled = new Promise<void>((r) => (cycle = r));
    poller.start(); // calls run at once
    const fresh = signals[signals.length - 1]!;
    expect(fresh).not.toBe(stalled);
    expect(fresh.aborted).toBe(false);
    await cycled;
    expect(failures).toEqual([]);
    expect(after).toEqual([1, 1, 1, 1, 1]);
    expect(outAfter).toEqual([0, 0, 0, 0, 0]);
    expect(signals.slice(-5).every((s) => s === fresh)).toBe(true);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  }, 30_000);
});

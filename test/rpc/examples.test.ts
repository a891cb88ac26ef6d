import { describe, expect, it } from 'vitest';
import { getMethod, methods } from '../../src/rpc/methods';
import { METHOD_FIXTURES, methodFixture } from '../helpers/method-fixtures';

const examples = METHOD_FIXTURES.map((ex) => ({ file: `${ex.method}.json`, ex }));

/**
 * Example requests that a real node rejects too: getL1Validator passes validationID as an array (noted in the
 * reference set); getRewardUTXOs' txID 2nmH8Lit…Uy2Y5 fails its cb58 checksum (last byte off by one).
 */
const knownBadRequests = new Set(['platform.getL1Validator', 'platform.getRewardUTXOs']);

const endpointPath = { info: '/ext/info', P: '/ext/bc/P', health: '/ext/health' } as const;

describe('docs examples', () => {
  it('cover every method in the registry and nothing else, each under its own name', () => {
    expect(examples.map((e) => e.ex.method).sort()).toEqual(Object.keys(methods).sort());
  });

  for (const { file, ex } of examples) {
    describe(file, () => {
      const descriptor = getMethod(ex.method)!;

      it('posts to the endpoint of its descriptor', () => {
        expect(descriptor).toBeDefined();
        // The docs also use /ext/P, an alias of /ext/bc/P.
        expect(endpointPath[descriptor.endpoint]).toBe(ex.endpoint === '/ext/P' ? '/ext/bc/P' : ex.endpoint);
      });

      it('parses the response with the result schema', () => {
        const responses = [ex.response, ...(ex.moreExamples ?? []).map((m) => m.response)].filter((r) => r.result !== undefined);
        expect(responses.length).toBeGreaterThan(0);
        for (const r of responses) {
          const parsed = descriptor.result.safeParse(r.result);
          expect(parsed.error?.issues ?? []).toEqual([]);
        }
      });

      if (knownBadRequests.has(ex.method)) {
        it('rejects the documented (wrong) request params before sending', () => {
          expect(descriptor.params.safeParse(ex.request.params).success).toBe(false);
        });
      } else {
        it('accepts the request params', () => {
          for (const req of [ex.request, ...(ex.moreExamples ?? []).map((m) => m.request)]) {
            const parsed = descriptor.params.safeParse(req.params ?? undefined);
            expect(parsed.error?.issues ?? []).toEqual([]);
          }
        });
      }
    });
  }
});

function resultOf(method: string, index = 0): unknown {
  const ex = methodFixture(method);
  const raw = index === 0 ? ex.response.result : ex.moreExamples![index - 1]!.response.result;
  return getMethod(method)!.result.parse(raw);
}

describe('docs examples become domain values', () => {
  it('uint64 strings become bigint, percents numbers, times Dates', () => {
    expect(resultOf('platform.getHeight')).toEqual({ height: 56n });
    expect(resultOf('info.uptime')).toEqual({ rewardingStakePercentage: 100, weightedAveragePercentage: 99 });
    const ts = resultOf('platform.getTimestamp') as { timestamp: Date };
    expect(ts.timestamp.toISOString()).toBe('2021-09-07T04:00:00.000Z');
    expect(resultOf('info.getNetworkID')).toEqual({ networkID: 2 });
  });

  it('info.peers: numeric numPeers, Dates, percent uptime', () => {
    const r = resultOf('info.peers') as { numPeers: number; peers: Array<{ lastSent: Date; observedUptime: number; supportedACPs: number[] }> };
    expect(r.numPeers).toBe(3);
    expect(r.peers[0]!.lastSent).toBeInstanceOf(Date);
    expect(r.peers[1]!.observedUptime).toBe(75);
    expect(r.peers[0]!.supportedACPs).toEqual([]);
  });

  it('getValidatorsAt in the spec-era shape', () => {
    const r = resultOf('platform.getValidatorsAt') as { validators: Array<{ nodeID: string; weight: bigint }>; totalWeight: bigint };
    expect(r.validators).toHaveLength(5);
    expect(r.validators[0]).toEqual({ nodeID: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', weight: 2000000000000000n, publicKey: null });
    expect(r.totalWeight).toBe(10000000000000000n);
  });

  it('getCurrentValidators: weight, times, delegators, kind', () => {
    const r = resultOf('platform.getCurrentValidators') as {
      validators: Array<{ weight: bigint; startTime: Date; delegationFee: number; kind: string; delegators: Array<{ weight: bigint }> }>;
    };
    const v = r.validators[0]!;
    expect(v.weight).toBe(2000000000000n);
    expect(v.startTime.getTime()).toBe(1600368632_000);
    expect(v.delegationFee).toBe(10);
    expect(v.kind).toBe('permissionless');
    expect(v.delegators[0]!.weight).toBe(25000000000n);
  });

  it('getPendingValidators: stakeAmount becomes weight', () => {
    const r = resultOf('platform.getPendingValidators') as { validators: Array<{ weight: bigint }>; delegators: Array<{ weight: bigint }> };
    expect(r.validators[0]!.weight).toBe(200000000000n);
    expect(r.delegators[0]!.weight).toBe(20000000000n);
  });

  it('getTotalStake with only weight (docs subnet example)', () => {
    expect(resultOf('platform.getTotalStake', 1)).toEqual({ weight: 100000n, stake: 100000n });
  });

  it('info.upgrades lists every upgrade time and marks unscheduled ones', () => {
    const r = resultOf('info.upgrades') as { times: Array<{ name: string; scheduled: boolean }>; apricotPhase4MinPChainHeight: bigint };
    expect(r.times.map((t) => t.name)).toContain('etna');
    expect(r.times.find((t) => t.name === 'helicon')!.scheduled).toBe(false);
    expect(r.times.find((t) => t.name === 'banff')!.scheduled).toBe(true);
    expect(r.apricotPhase4MinPChainHeight).toBe(793005n);
  });

  it('fee methods give bigint', () => {
    expect(resultOf('platform.getFeeState')).toMatchObject({ capacity: 973044n, excess: 26956n, price: 1n });
    expect((resultOf('platform.getFeeConfig') as { weights: bigint[] }).weights).toEqual([1n, 1000n, 1000n, 4n]);
  });

  it('health checks: durations in ms, timestamps as Dates', () => {
    const r = resultOf('health.health') as { healthy: boolean; checks: Record<string, { duration: number; timestamp: Date }> };
    expect(r.healthy).toBe(true);
    expect(r.checks.P!.duration).toBeCloseTo(0.00875);
    expect(r.checks.P!.timestamp.toISOString()).toBe('2024-03-26T23:44:45.293Z');
  });

  it('blobs stay hex strings; json blocks stay objects', () => {
    const hex = resultOf('platform.getBlock') as { block: string };
    expect(hex.block.startsWith('0x')).toBe(true);
    const json = resultOf('platform.getBlock', 1) as { block: { height: number } };
    expect(json.block.height).toBe(1000001);
  });
});

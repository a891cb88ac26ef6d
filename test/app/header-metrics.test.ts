import { describe, expect, it } from 'vitest';
import { headerMetricParts } from '../../src/app/header-metrics';
import { seriesOf } from '../helpers/series';

const ALL_DONE = { P: true, X: true, C: true };
const healthy = { diskAvailableBytes: 600 * 1024 ** 3, diskAvailablePercent: 40, openFds: 900, maxFds: 32_768 };

describe('header parts from /ext/metrics', () => {
  it('nothing when the node is bootstrapped and has room', () => {
    expect(headerMetricParts(seriesOf([[0, healthy]]), ALL_DONE)).toEqual([]);
    expect(headerMetricParts(undefined, ALL_DONE)).toEqual([]);
  });

  it('disk under 10% or under 20 GiB, and file descriptors from 90%, as errors', () => {
    expect(headerMetricParts(seriesOf([[0, { ...healthy, diskAvailableBytes: 12 * 1024 ** 3 }]]), ALL_DONE)).toEqual([{ text: 'DISK 12.0GiB free', tone: 'error' }]);
    expect(headerMetricParts(seriesOf([[0, { ...healthy, diskAvailablePercent: 8 }]]), ALL_DONE)[0]?.text).toBe('DISK 600.0GiB free');
    expect(headerMetricParts(seriesOf([[0, { ...healthy, openFds: 30_000 }]]), ALL_DONE)).toEqual([{ text: 'FDS 92% used', tone: 'error' }]);
  });

  it('a bootstrapping chain: fetched with its rate, then percent and ETA', () => {
    const notP = { P: false, X: true, C: true };
    const fetching = seriesOf([[0, { 'bsFetched:P': 0, 'bsAccepted:P': 0 }], [10_000, { 'bsFetched:P': 30_000, 'bsAccepted:P': 0 }]]);
    expect(headerMetricParts(fetching, notP)).toEqual([{ text: 'P fetched 30.0k', tone: 'warn' }]);
    const executing = seriesOf([[0, { 'bsFetched:P': 90_000, 'bsAccepted:P': 0 }], [10_000, { 'bsFetched:P': 90_000, 'bsAccepted:P': 9_000 }]]);
    expect(headerMetricParts(executing, notP)).toEqual([{ text: 'P 10% ETA 1m 30s', tone: 'warn' }]);
    // A bootstrapped chain says nothing, whatever its counters.
    expect(headerMetricParts(executing, ALL_DONE)).toEqual([]);
  });
});

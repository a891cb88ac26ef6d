// The fault matrix on screen: the real App (ink-testing-library) over the real scheduler and client, against the
// simulated node on loopback. For each fault: a message in words, the last data still shown (marked as old), and the
// message gone again once the fault clears, without any key press.
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim/index';
import { FAULT_CASES, watchUnhandledRejections } from './helpers';
import { startFaultScreen } from './screen';
import { track } from '../helpers/track';

const rejections = watchUnhandledRejections();

const HEIGHT = /height (\d[\d,]*)/;
const NODE_ID = /NodeID-\w+/;
const TROUBLE = /Node unreachable|Node refuses avatop|Node API error|still bootstrapping/;

describe('fault matrix: the rendered App', () => {
  for (const c of FAULT_CASES) {
    it(`${c.name}: shown in words over the last data, gone once the fault clears`, async () => {
      const sim = track(await createSimNode({ validators: 60, peers: 20, utxos: 30, subnets: 2, seed: 8, blockIntervalMs: 500 }));
      const screen = await startFaultScreen(c.hostname ? sim.url.replace('127.0.0.1', 'localhost') : sim.url);
      const before = await screen.waitFor((f) => HEIGHT.test(f) && NODE_ID.test(f) && !TROUBLE.test(f));
      const nodeId = NODE_ID.exec(before)![0];

      sim.faults.add(c.fault);
      // On a busy machine a slow request may time out first; the fault's own words must follow.
      const bannerOf = (f: string) => f.split('\n').find((l) => TROUBLE.test(l));
      const during = await screen.waitFor((f) => c.words.test(bannerOf(f) ?? ''), 20_000);
      const banner = bannerOf(during)!;
      expect(banner).toMatch(c.words);
      if (c.bootstrapping) {
        expect(banner).toMatch(/bootstrapping/);
      } else {
        // Says how old the data on screen is.
        expect(banner).toMatch(/showing data from/);
      }
      // The last good data is still there.
      expect(during).toMatch(HEIGHT);
      expect(during).toContain(nodeId);
      expect(during).not.toMatch(/\n\s+at |Error:|undefined|NaN/);

      sim.faults.clear();
      // A request already stalled when the fault clears still runs into its timeout: wait for fresh data too.
      const s = screen;
      const after = await s.waitFor((f) => !TROUBLE.test(f) && HEIGHT.test(f) && !s.store.getState().pchain.height.stale, 15_000);
      expect(after).toContain(nodeId);
    });
  }

  it('no unhandled rejections so far', () => {
    expect(rejections.list).toEqual([]);
  });
});

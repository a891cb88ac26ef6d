// The reward guard tried as a new user would: start `avatop sim` (a node that computes info.uptime as avalanchego
// v1.15.0 does) with a validation of one's choosing (its start and end, its true uptime or the peers' views outright,
// the share of stake it is connected to), run `avatop status -o json` against it, and check the downtime budget
// against the median voter's arithmetic worked out here from the chosen values alone:
//   each voter's view is its measurement rounded down to a whole percent; the median is the stake-weighted one over
//   the stake whose view is known; budget = (1 − threshold) × (end − start) − (1 − median) × (now − start), within 5%.
// A node whose voters' views cover half the stake or less has no budget to read: "unknown", never "reward lost".
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from './run-cli';
import { start } from '../exporter/programs';
import { track } from '../helpers/track';

const DAY = 86_400;
const SERVING = /avatop sim: (http:\/\/127\.0\.0\.1:\d+)[\s\S]*watch it/;

/** `avatop sim` as a process, stopped when the test ends; resolves with its URL once it serves. */
async function startSim(args: string[]): Promise<string> {
  const sim = track(await start(process.execPath, [BIN, 'sim', '--port', '0', '--validators', '120', '--peers', '60', '--utxos', '5', ...args], SERVING, { AVATOP_FROM_SOURCE: '1' }), (r) => r.stop());
  return SERVING.exec(sim.output())![1]!;
}

const iso = (sec: number) => new Date(sec * 1000).toISOString();

describe('the downtime budget, as a new user would check it', () => {
  // Today's mainnet: Helicon active since 2026-09-22 15:00 UTC; a validation started after it needs 90%, before it 80%.
  const HELICON = Date.UTC(2026, 8, 22, 15) / 1000;
  const cases = [
    // Every peer measures 95.5% and reports 95: the median voter's 95.
    { name: 'every voter at 95.5% (reported 95)', startAgo: 10 * DAY, endIn: 20 * DAY, spec: 'peers=95.5', median: 95, args: [] as string[] },
    // Connected to 70% of the stake: the vote is still read (more than half known), and its median is the same.
    { name: 'connected to 70% of the stake', startAgo: 10 * DAY, endIn: 20 * DAY, spec: 'peers=97.2', median: 97, args: ['--connected-stake', '0.7'] },
    // Views chosen outright: 60% of the validators' stake at 99, 40% at 85: the median voter is at 99.
    { name: 'views 99 over 60%, 85 over 40%', startAgo: 10 * DAY, endIn: 20 * DAY, spec: 'peers=99,views=99:60/85:40', median: 99, args: [] as string[] },
    // And 40% at 99, 60% at 85: the median voter is at 85.
    { name: 'views 99 over 40%, 85 over 60%', startAgo: 10 * DAY, endIn: 20 * DAY, spec: 'peers=99,views=99:40/85:60', median: 85, args: [] as string[] },
    // Lost: the voters saw it offline for more than the period allows.
    { name: 'every voter at 70.5% (reported 70): lost', startAgo: 20 * DAY, endIn: 10 * DAY, spec: 'peers=70.5', median: 70, args: [] as string[] },
    // A validation that started before Helicon: the node's 80%.
    { name: 'started before Helicon: 80%', startAgo: 0, endIn: 20 * DAY, spec: 'peers=92.5', median: 92, args: [] as string[], before: true },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const nowSec = Math.floor(Date.now() / 1000);
      const start = c.before ? HELICON - 5 * DAY : nowSec - c.startAgo;
      const end = nowSec + c.endIn;
      const threshold = start >= HELICON ? 0.9 : 0.8;
      const url = await startSim([...c.args, '--validation', `start=${iso(start)},end=${iso(end)},uptime=99.9,${c.spec}`]);
      const r = await runCli(['status', '--url', url, '-o', 'json']);
      const json = JSON.parse(r.stdout) as Record<string, any>;
      const primary = json.validations.find((v: any) => v.kind === 'primary');
      const now = Date.now() / 1000;
      const expected = (1 - threshold) * (end - start) - (1 - c.median / 100) * (now - start);
      expect(primary.threshold / 100).toBe(threshold);
      expect(primary.budgetBasis).toBe('vote');
      expect(primary.uptime).toBe(c.median);
      expect(Math.abs(primary.downtimeBudgetSeconds - expected) / Math.abs(expected)).toBeLessThan(0.05);
      expect(Math.sign(primary.downtimeBudgetSeconds)).toBe(Math.sign(expected));
      expect(primary.budgetState).toBe(expected < 0 ? 'lost' : 'ok');
      // What the node served is what was chosen: its own record, the period.
      expect(json.validator.uptime).toBeCloseTo(99.9, 3);
      expect(json.validator.startTime).toBe(iso(start));
      expect(Math.abs(primary.endsInSeconds - (end - now))).toBeLessThan(120);
    });
  }

  it('isolated: the node reports about its own stake share, and the budget is unknown, never lost', async () => {
    const nowSec = Math.floor(Date.now() / 1000);
    const url = await startSim(['--isolated', '--validation', `start=${iso(nowSec - 10 * DAY)},end=${iso(nowSec + 20 * DAY)},uptime=99.9,peers=99`]);
    const r = await runCli(['status', '--url', url, '-o', 'json']);
    const json = JSON.parse(r.stdout) as Record<string, any>;
    expect(json.uptime.weightedAveragePercentage).toBeLessThan(5);
    expect(json.validations[0]).toMatchObject({ budgetBasis: 'unknown', projectedReason: 'isolated', downtimeBudgetSeconds: null });
    expect(r.code).toBe(1);
    expect(json.problems.join('\n')).toMatch(/budget unknown: the node is isolated/);
    expect(json.problems.join('\n')).not.toMatch(/reward lost/);
  });

  it('a --validation that does not parse is a usage error naming the flag', async () => {
    const bad = await runCli(['sim', '--port', '0', '--validation', 'start=-10d,end=-20d,peers=95']);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/--validation: end must be after start/);
  });
});

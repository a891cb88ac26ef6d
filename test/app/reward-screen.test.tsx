// The header and the overview of a validator, rendered by Ink from a store set by hand: the vote's budget and how
// the network sees the node; a node that stops answering, counted down and marked "projected since HH:MM (node
// unreachable)" (live, not dimmed as last known); an isolated node with no earlier figure, "budget unknown".
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../../src/app/App';
import { DEFAULT_REWARD_THRESHOLD } from '../../src/ui/config';
import { createAvatopStore, type AvatopState } from '../../src/state/store';
import { rememberViews } from '../../src/domain/reward/node-guard';
import { formatClock } from '../../src/format/time';
import { defaultTheme } from '../../src/theme';
import { allAt, rewardState, someAt, unreachable } from '../helpers/reward-state';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function frameOf(s: AvatopState, columns = 140, rows = 50): string {
  const store = createAvatopStore();
  store.setState(s, true);
  const config = { url: 'http://127.0.0.1:9', rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit() {}, refresh() {} } };
  const r = render(<App store={store} theme={defaultTheme()} config={config} size={{ columns, rows }} />);
  const f = r.lastFrame() ?? '';
  r.unmount();
  return f;
}

/** A validation started 10 days ago, ending in 20: 3 days allowed at 90%. */
function validator(now: number, views: ReadonlyArray<number | undefined>, at = now, base?: AvatopState): AvatopState {
  return rewardState({ views, at, base, weighted: 95.05, validator: { startTime: new Date(now - 10 * DAY), endTime: new Date(now + 20 * DAY) } });
}

const header2 = (f: string) => f.split('\n')[1] ?? '';

describe('the reward guard on screen', () => {
  it('the vote: the median voter\'s uptime in the header, and how the network sees the node on the overview', () => {
    // On a whole second: the screens judge at the second (ui/use-own-validations.ts), never before the start here,
    // so 1% of the 10 days elapsed is 2h 24m, not 2h 23m 59.9s.
    const now = Math.floor(Date.now() / 1000) * 1000;
    const f = frameOf(rememberViews(validator(now, [...someAt(19, 100)]), now));
    expect(header2(f)).toMatch(/uptime 100% median \(rewarding 95\.0% at 90%\)\s+budget 3d 0h/);
    expect(f).toMatch(/Reward this period/);
    expect(f).toMatch(/Budget\s+3d 0h of 3d 0h left/);
    expect(f).toMatch(/To do\s+nothing to do/);
    expect(f).toMatch(/Rests on\s+median voter 100%, 95\.0% of stake known/);
    expect(f).toMatch(/Good to\s+2h 24m \(1% of elapsed: whole %\)/);
    expect(f).toMatch(/Seen >= 90%\s+95\.0% of stake \(100%: 95\.0%\)/);
    expect(f).toMatch(/View unknown\s+5\.0% of stake/);
    expect(f).toMatch(/Average\s+95\.05% \(unconnected stake as 0\)/);
    expect(f).toMatch(/Rewarding stake\s+95\.00% \(counted at 90%\)/);
  });

  it('a node that stops answering: the budget counts down from the last trustworthy figure, marked projected', () => {
    const now = Date.now();
    const read = rememberViews(validator(now - 2 * HOUR, allAt(100)), now - 2 * HOUR);
    const f = frameOf(unreachable(read, now - 2 * HOUR + MIN));
    expect(header2(f)).toMatch(/budget 2d 2[12]h projected/);
    expect(f).toMatch(/Budget\s+at most 2d 2[12]h, projected/);
    expect(f).toMatch(new RegExp(`Rests on\\s+projected since ${formatClock(now - 2 * HOUR, now)} \\(node unreachable\\)`));
    expect(f).toMatch(/To do\s+check the node and the path to it/);
  });

  it('an isolated node with no earlier figure: "budget unknown", never "reward lost"', () => {
    const now = Date.now();
    const f = frameOf(rememberViews(validator(now, someAt(2, 100)), now));
    expect(header2(f)).toMatch(/uptime \? .*budget unknown \(isolated\)/);
    expect(f).toMatch(/Budget\s+unknown \(isolated, no earlier figure\)/);
    expect(f).not.toMatch(/reward lost/);
  });
});

// The overview on the clock (issue 31): it renders again when a text of the time on it changes (a countdown, the
// reward budget) and not on a tick that changes none of them. Rendered by Ink; renders counted by React's Profiler.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Profiler } from 'react';
import { render } from 'ink-testing-library';
import { OverviewPane } from '../../src/panes/overview/OverviewPane';
import { ThemeProvider } from '../../src/theme/ThemeContext';
import { ConfigProvider, DEFAULT_REWARD_THRESHOLD, type AppConfig } from '../../src/ui/config';
import { StoreProvider } from '../../src/ui/store-context';
import { PaneMemoryProvider } from '../../src/ui/pane-memory';
import { createAvatopStore, type AvatopState } from '../../src/state/store';
import { resolveOk } from '../../src/state/resource';
import { methods } from '../../src/rpc/methods';
import { rememberViews } from '../../src/domain/reward/node-guard';
import { defaultTheme } from '../../src/theme';
import { allAt, REWARD_NODE, rewardState, unreachable } from '../helpers/reward-state';
import type { EventBook } from '../../src/domain/events/book';
import type { EventLine } from '../../src/domain/events/record';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** On a whole second, as the ticks of fake timers started there are. */
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

// Unmounted after each test even when it fails, so its ticker stops (runtime/ticker.ts keeps one per interval).
const mounted: Array<() => void> = [];

/** The pane alone at 140x40 (two columns), with a count of its renders. */
function mount(s: AvatopState, events?: EventBook) {
  const store = createAvatopStore();
  store.setState(s, true);
  const config: AppConfig = { url: 'http://127.0.0.1:9', rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit() {}, refresh() {} }, events };
  const count = { renders: 0 };
  const r = render(
    <ThemeProvider theme={defaultTheme()}>
      <ConfigProvider config={config}>
        <StoreProvider store={store}>
          <PaneMemoryProvider>
            <Profiler id="overview" onRender={() => count.renders++}>
              <OverviewPane width={140} height={40} active />
            </Profiler>
          </PaneMemoryProvider>
        </StoreProvider>
      </ConfigProvider>
    </ThemeProvider>,
  );
  mounted.push(() => r.unmount());
  return { store, count, frame: () => r.lastFrame() ?? '' };
}

/** The validation's 30 days, 10 of them elapsed, and every voter seeing it at 100%: 3 days allowed at 90%. */
function validating(endMs: number, at = T0): AvatopState {
  return rememberViews(rewardState({ views: allAt(100), at, weighted: 95, validator: { startTime: new Date(T0 - 10 * DAY), endTime: new Date(endMs) } }), at);
}

/** An event log holding `lines` (the overview only reads it). */
function bookOf(lines: readonly EventLine[]): EventBook {
  return { events: () => lines, subscribe: () => () => {}, seenAt: () => undefined, markSeen() {}, notes: () => [], dir: undefined, history: () => [] };
}

const line = (f: string, label: string) => f.split('\n').find((l) => l.includes(label)) ?? '';

describe('the overview on the clock', () => {
  afterEach(() => {
    for (const unmount of mounted.splice(0)) unmount();
    vi.useRealTimers();
  });

  it('does not render again on ticks that change none of its texts, and still renders on store updates', async () => {
    vi.useFakeTimers({ now: T0 });
    // Ends in 20 days and 30 minutes: "20d 0h left" for the next half hour; the budget stands at 3 days.
    const pane = mount(validating(T0 + 20 * DAY + 30 * MIN));
    await vi.advanceTimersByTimeAsync(0);
    const before = pane.frame();
    expect(line(before, 'End ')).toMatch(/\(20d 0h left\)/);
    expect(before).toMatch(/Budget\s+3d 0h of 3d 0h left/);
    const renders = pane.count.renders;
    await vi.advanceTimersByTimeAsync(5 * SEC);
    expect(pane.count.renders).toBe(renders);
    expect(pane.frame()).toBe(before);
    // Data still renders at once: the node's own average changes.
    const s = pane.store.getState();
    pane.store.setState({ node: { ...s.node, uptime: resolveOk(s.node.uptime, { weightedAveragePercentage: 93.5, rewardingStakePercentage: 95 }, { at: Date.now() }) } });
    await vi.advanceTimersByTimeAsync(0);
    expect(pane.count.renders).toBe(renders + 1);
    expect(pane.frame()).toMatch(/Average\s+93\.50%/);
  });

  it('renders again when an answer shows something new, not when it repeats the same figures', async () => {
    vi.useFakeTimers({ now: T0 });
    const pane = mount(validating(T0 + 20 * DAY + 30 * MIN));
    await vi.advanceTimersByTimeAsync(0);
    const renders = pane.count.renders;
    const answer = (f: (s: AvatopState, at: number) => Partial<AvatopState>) => pane.store.setState(f(pane.store.getState(), Date.now()));
    // The same figures answered again, later and at another speed: no render.
    answer((s, at) => ({ node: { ...s.node, uptime: resolveOk(s.node.uptime, { weightedAveragePercentage: 95, rewardingStakePercentage: 95 }, { at, latencyMs: 7, bytes: 99 }) } }));
    answer((s, at) => ({ node: { ...s.node, id: resolveOk(s.node.id, { ...s.node.id.data! }, { at }) } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(pane.count.renders).toBe(renders);
    // A health reply whose checks ran again (each stamped with its own time) with the same verdict: no render.
    const health = (timestamp: string, error?: string) =>
      methods['health.health'].result.parse({ healthy: error === undefined, checks: { P: { timestamp, duration: 1000, contiguousFailures: error ? 1 : 0, ...(error ? { error } : { message: { ok: true } }) } } });
    answer((s, at) => ({ node: { ...s.node, health: resolveOk(s.node.health, health('2026-11-27T12:00:00Z'), { at }) } }));
    await vi.advanceTimersByTimeAsync(0);
    const healthy = pane.count.renders;
    expect(pane.frame()).toMatch(/Health\s+healthy/);
    answer((s, at) => ({ node: { ...s.node, health: resolveOk(s.node.health, health('2026-11-27T12:00:30Z'), { at }) } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(pane.count.renders).toBe(healthy);
    // What moved is shown at once: a failing check, a new average.
    answer((s, at) => ({ node: { ...s.node, health: resolveOk(s.node.health, health('2026-11-27T12:01:00Z', 'no blocks'), { at }) } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(pane.count.renders).toBe(healthy + 1);
    expect(pane.frame()).toMatch(/Health\s+UNHEALTHY: P/);
    answer((s, at) => ({ node: { ...s.node, uptime: resolveOk(s.node.uptime, { weightedAveragePercentage: 91.25, rewardingStakePercentage: 95 }, { at }) } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(pane.count.renders).toBe(healthy + 2);
    expect(pane.frame()).toMatch(/Average\s+91\.25%/);
  });

  it('renders again on the tick where the validation\'s countdown changes, and shows it', async () => {
    vi.useFakeTimers({ now: T0 });
    // 20 days and 2.5 s left: "20d 0h" until T0 + 2.5 s, "19d 23h" from the tick at T0 + 3 s.
    const pane = mount(validating(T0 + 20 * DAY + 2.5 * SEC));
    await vi.advanceTimersByTimeAsync(0);
    const renders = pane.count.renders;
    expect(line(pane.frame(), 'End ')).toMatch(/\(20d 0h left\)/);
    await vi.advanceTimersByTimeAsync(2 * SEC);
    expect(pane.count.renders).toBe(renders);
    await vi.advanceTimersByTimeAsync(1 * SEC);
    expect(pane.count.renders).toBe(renders + 1);
    expect(line(pane.frame(), 'End ')).toMatch(/\(19d 23h left\)/);
    expect(pane.frame()).toMatch(/ends .* \(in 19d 23h\)/);
  });

  it('renders again on the tick where a projected budget counts down past the hour, and shows it', async () => {
    // Ends in 20 days and 30 minutes: the period is 30d 30m, so 10% of it, 3d 3m, is allowed at 90%. The last
    // trustworthy reading (every voter at 100%, nothing used) is at `read`, then the node stops answering: the budget
    // counts down from 3d 3m by the time since `read`. With `read` at T0 - 2h 3m + 2.5 s it is 2d 22h 0m 0.5s at the
    // tick of T0 + 2 s and 2d 21h 59m 59.5s at the tick of T0 + 3 s.
    vi.useFakeTimers({ now: T0 });
    const read = T0 - 2 * HOUR - 3 * MIN + 2.5 * SEC;
    const pane = mount(unreachable(validating(T0 + 20 * DAY + 30 * MIN, read), read + MIN));
    await vi.advanceTimersByTimeAsync(0);
    const renders = pane.count.renders;
    expect(pane.frame()).toMatch(/Budget\s+at most 2d 22h, projected/);
    await vi.advanceTimersByTimeAsync(2 * SEC);
    expect(pane.count.renders).toBe(renders);
    expect(pane.frame()).toMatch(/Budget\s+at most 2d 22h, projected/);
    await vi.advanceTimersByTimeAsync(1 * SEC);
    expect(pane.count.renders).toBe(renders + 1);
    expect(pane.frame()).toMatch(/Budget\s+at most 2d 21h, projected/);
    // The countdown did not change: this render was the budget's.
    expect(line(pane.frame(), 'End ')).toMatch(/\(20d 0h left\)/);
  });

  it("renders again each second while an incident on the events card is ongoing, and not once it has ended", async () => {
    vi.useFakeTimers({ now: T0 });
    const start = T0 - 65 * SEC;
    const incident = (end?: number): EventLine => ({ time: new Date(start).toISOString(), severity: 'critical', node: 'n', text: 'health check P failing', kind: 'check', id: `check:${start}`, network: 'mainnet', nodeId: REWARD_NODE, start, at: start, v: 1, ...(end === undefined ? {} : { end }) });
    // Its length is to the second ("ongoing 1m 05s"): every tick changes it.
    const open = mount(validating(T0 + 20 * DAY + 30 * MIN), bookOf([incident()]));
    await vi.advanceTimersByTimeAsync(0);
    expect(open.frame()).toMatch(/health check P failing · ongoing 1m 05s/);
    const renders = open.count.renders;
    await vi.advanceTimersByTimeAsync(3 * SEC);
    expect(open.count.renders).toBe(renders + 3);
    expect(open.frame()).toMatch(/health check P failing · ongoing 1m 08s/);
    for (const unmount of mounted.splice(0)) unmount();
    // Ended after 10 s: the same card, nothing of it counting.
    const ended = mount(validating(T0 + 3 * SEC + 20 * DAY + 30 * MIN), bookOf([incident(start + 10 * SEC)]));
    await vi.advanceTimersByTimeAsync(0);
    expect(ended.frame()).toMatch(/health check P failing · 10s/);
    const after = ended.count.renders;
    await vi.advanceTimersByTimeAsync(3 * SEC);
    expect(ended.count.renders).toBe(after);
  });
});

// The exporter's pace: it polls its nodes as often as Prometheus reads them, not faster, the liveness probe included
// (issue 31; a node going down is noticed within one scrape gap). The pace is the median gap of the last few
// scrapes, never below the configured interval (--interval) and never above the idle pace, which holds once scrapes
// have stopped for a few gaps, and before the second scrape once the first minute is over (that minute runs at
// --interval, so every node's first answers, and retries of the ones that failed, come quickly): the state the
// reward guard, the event log and the height-stall series keep (heights, health, uptime, a node down) still moves
// once a minute with nobody reading it. The pace holds while the median moves by less than PACE_SLACK of it: a
// scrape's own few milliseconds moved the median at every scrape, and each move to a faster pace polled every
// resource of every node at once (Scheduler.setTickMs): info.isBootstrapped went out 9-12 times a minute a node.

/** Without a scraper: a minute, the pace of the peers pass (exporter/session.ts). */
export const IDLE_PACE_MS = 60_000;
/**
 * What changes slowly (node ID, version, minimum stake, a bootstrapped chain's state: exporter/session.ts) is read this
 * often by the exporter, and what a block makes due (supply, total stake, the own validator record) at most this
 * often: the pace of the peers pass.
 */
export const SLOW_THINGS_MS = 60_000;
/** Gaps remembered: a scrape retried or a scraper restarted moves the median little. */
const GAPS = 5;
/** Scrapes stopped: no scrape for this many paces. */
const LAPSE = 3;
/** A new median within this share of the pace (or a second) leaves the pace as it is. */
const PACE_SLACK = 0.1;

export interface ScrapePace {
  /** A scrape arrived at `now`; returns the pace from now on. */
  scraped(now: number): number;
  /** The pace at `now` (the idle pace once scrapes have lapsed). */
  at(now: number): number;
}

export function createScrapePace(floorMs: number, idleMs = IDLE_PACE_MS, startedAt = 0): ScrapePace {
  const gaps: number[] = [];
  let last: number | undefined;
  /** The pace the gaps gave last, held through small moves of the median. */
  let held: number | undefined;
  const clamp = (ms: number) => Math.min(idleMs, Math.max(floorMs, ms));
  const idle = (now: number) => (now - startedAt < idleMs ? floorMs : Math.max(floorMs, idleMs));
  const pace = (now: number) => {
    if (gaps.length === 0) return idle(now);
    const sorted = [...gaps].sort((a, b) => a - b);
    const median = clamp(sorted[Math.floor(sorted.length / 2)]!);
    if (held === undefined || Math.abs(median - held) > Math.max(1_000, held * PACE_SLACK)) held = median;
    return held;
  };
  return {
    scraped(now) {
      // After a lapse the old gaps say nothing of the new scraper.
      if (last !== undefined && gaps.length > 0 && now - last > LAPSE * pace(now)) {
        gaps.length = 0;
        held = undefined;
      } else if (last !== undefined && now > last) {
        gaps.push(now - last);
        if (gaps.length > GAPS) gaps.shift();
      }
      last = now;
      return pace(now);
    },
    at(now) {
      if (last === undefined || gaps.length === 0 || now - last > LAPSE * pace(now)) return idle(now);
      return pace(now);
    },
  };
}

// The exporter's pace: it polls its nodes as often as Prometheus reads them, not faster. The pace is the median gap
// of the last few scrapes, never below the configured interval (--interval) and never above the idle pace, which
// holds once scrapes have stopped for a few gaps, and before the second scrape once the first minute is over (that
// minute runs at --interval, so every node's first answers, and retries of the ones that failed, come quickly): the
// state the reward guard and the height-stall series keep (heights, health, uptime) still moves once a minute with
// nobody reading it.

/** Without a scraper: a minute, the pace of the peers pass (exporter/session.ts). */
export const IDLE_PACE_MS = 60_000;
/** Gaps remembered: a scrape retried or a scraper restarted moves the median little. */
const GAPS = 5;
/** Scrapes stopped: no scrape for this many paces. */
const LAPSE = 3;

export interface ScrapePace {
  /** A scrape arrived at `now`; returns the pace from now on. */
  scraped(now: number): number;
  /** The pace at `now` (the idle pace once scrapes have lapsed). */
  at(now: number): number;
}

export function createScrapePace(floorMs: number, idleMs = IDLE_PACE_MS, startedAt = 0): ScrapePace {
  const gaps: number[] = [];
  let last: number | undefined;
  const clamp = (ms: number) => Math.min(idleMs, Math.max(floorMs, ms));
  const idle = (now: number) => (now - startedAt < idleMs ? floorMs : Math.max(floorMs, idleMs));
  const pace = (now: number) => {
    if (gaps.length === 0) return idle(now);
    const sorted = [...gaps].sort((a, b) => a - b);
    return clamp(sorted[Math.floor(sorted.length / 2)]!);
  };
  return {
    scraped(now) {
      // After a lapse the old gaps say nothing of the new scraper.
      if (last !== undefined && gaps.length > 0 && now - last > LAPSE * pace(now)) gaps.length = 0;
      else if (last !== undefined && now > last) {
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

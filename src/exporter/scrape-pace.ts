// The exporter's pace: it polls its nodes as often as Prometheus reads them, not faster. The pace is the median gap
// of the last few scrapes, never below the configured interval (--interval) and never above the idle pace, which
// also holds before the second scrape and once scrapes have stopped for a few gaps: the state the reward guard
// and the height-stall series keep (heights, health, uptime) still moves once a minute with nobody reading it.

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

export function createScrapePace(floorMs: number, idleMs = IDLE_PACE_MS): ScrapePace {
  const gaps: number[] = [];
  let last: number | undefined;
  const clamp = (ms: number) => Math.min(idleMs, Math.max(floorMs, ms));
  const pace = () => {
    if (gaps.length === 0) return Math.max(floorMs, idleMs);
    const sorted = [...gaps].sort((a, b) => a - b);
    return clamp(sorted[Math.floor(sorted.length / 2)]!);
  };
  return {
    scraped(now) {
      // After a lapse the old gaps say nothing of the new scraper.
      if (last !== undefined && now - last > LAPSE * pace()) gaps.length = 0;
      else if (last !== undefined && now > last) {
        gaps.push(now - last);
        if (gaps.length > GAPS) gaps.shift();
      }
      last = now;
      return pace();
    },
    at(now) {
      if (last === undefined || now - last > LAPSE * pace()) return Math.max(floorMs, idleMs);
      return pace();
    },
  };
}

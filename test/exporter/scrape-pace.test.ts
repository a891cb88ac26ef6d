import { describe, expect, it } from 'vitest';
import { createScrapePace, IDLE_PACE_MS } from '../../src/exporter/scrape-pace';

describe('the exporter polls at the pace of its scrapes', () => {
  it('starts at --interval for a minute, then idles at a minute until a second scrape gives a gap, then follows the median gap', () => {
    const p = createScrapePace(2_000, IDLE_PACE_MS, 0);
    expect(p.at(0)).toBe(2_000);
    expect(p.at(59_000)).toBe(2_000);
    expect(p.at(61_000)).toBe(IDLE_PACE_MS);
    const q = createScrapePace(2_000, IDLE_PACE_MS, -IDLE_PACE_MS);
    expect(q.scraped(1_000)).toBe(IDLE_PACE_MS);
    expect(q.scraped(16_000)).toBe(15_000);
    const r = createScrapePace(2_000);
    for (const t of [1_000, 16_000]) r.scraped(t);
    // One late scrape (a retry, a slow target) does not move the median of five.
    for (const t of [31_000, 46_000, 80_000, 95_000]) r.scraped(t);
    expect(r.at(95_000)).toBe(15_000);
  });

  it('never faster than --interval, never slower than idle', () => {
    const fast = createScrapePace(2_000);
    for (let t = 0; t <= 5_000; t += 500) fast.scraped(t);
    expect(fast.at(5_000)).toBe(2_000);
    const slow = createScrapePace(2_000);
    slow.scraped(0);
    expect(slow.scraped(50_000)).toBe(50_000);
    // A gap over the idle pace is a lapse: the old gaps are dropped, the idle pace holds.
    expect(slow.scraped(300_000)).toBe(IDLE_PACE_MS);
  });

  it('goes back to idle when scrapes stop for three gaps, and learns a new scraper afresh', () => {
    const p = createScrapePace(2_000);
    for (let t = 0; t <= 60_000; t += 10_000) p.scraped(t);
    expect(p.at(85_000)).toBe(10_000);
    expect(p.at(91_000)).toBe(IDLE_PACE_MS);
    // A new scraper's first scrape, past the first minute: idle until its second.
    expect(p.scraped(200_000)).toBe(IDLE_PACE_MS);
    expect(p.scraped(230_000)).toBe(30_000);
  });

  it('holds through the few milliseconds each scrape moves the median, and follows a real change', () => {
    const p = createScrapePace(2_000);
    let t = 0;
    const paces = new Set<number>();
    // Gaps of 15 s plus the scrape's own 5-80 ms: the pace stays one value (each faster value polled everything at once).
    for (const extra of [40, 5, 80, 12, 63, 7, 55, 31, 78, 9]) paces.add(p.scraped((t += 15_000 + extra)));
    expect([...paces]).toEqual([2_000, 15_005]);
    // Scrapes every 30 s from now: once the median is theirs, so is the pace.
    for (let i = 0; i < 3; i++) p.scraped((t += 30_000));
    expect(p.at(t)).toBe(30_000);
  });
});

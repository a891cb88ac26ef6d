// The event log on screen: the header's count of new warnings, the Events pane (newest first, filters, Enter opens
// what an event is about) and the History view, against the simulated node over loopback, at 140x45 and 80x24.
import { describe, expect, it } from 'vitest';
import { KEY, startScreen, SUPPORTED_SIZES } from './harness';
import { createKeeper } from '../../src/events/keeper';
import { NodeJournal } from '../../src/events/node-journal';
import type { EventLine } from '../../src/domain/events/record';
import { defaultTheme } from '../../src/theme';
import { loadTheme } from '../../src/theme/load';
import { tempDir } from '../helpers/temp-dir';
import { track } from '../helpers/track';

const HOUR = 3_600_000;

function seed(stateDir: string, nodeId: string, lines: Array<Partial<EventLine> & { start: number; text: string }>) {
  const j = new NodeJournal(stateDir, { network: 'mainnet', nodeId, name: 'sim' });
  j.appendEvents(
    lines.map((l, i) => ({
      time: new Date(l.start).toISOString(),
      severity: 'critical',
      node: 'sim',
      kind: 'unreachable',
      id: `unreachable::${l.start}`,
      network: 'mainnet',
      nodeId,
      at: l.start + i,
      v: 1,
      open: { view: 'history' },
      ...l,
    })),
    Date.now(),
  );
}

async function withLog(size: { columns: number; rows: number }, opts: { noColor?: boolean } = {}) {
  const stateDir = tempDir('events-pane');
  const keeper = createKeeper({ stateDir, loadDelayMs: 0, flushEveryMs: 200, sampleEveryMs: 150 });
  const screen = await startScreen({ size, events: keeper, theme: opts.noColor ? loadTheme(undefined, { env: { NO_COLOR: '1' }, noColor: true }) : defaultTheme() });
  // Tracked after the screen, so released before it (the keeper watches the screen's store and node).
  track(keeper);
  const nodeId = screen.sim!.nodeId;
  const t = Date.now() - 2 * HOUR;
  seed(stateDir, nodeId, [
    { start: t, end: t + 62_000, text: 'unreachable for 1m 02s (connection refused); answering again' },
    { start: t + 600_000, text: 'health check network failed for 2m 10s; passing again', kind: 'check', subject: 'network', severity: 'warning', id: `check:network:${t + 600_000}`, end: t + 730_000, open: { view: 'health' } },
    { start: t + 900_000, text: 'avalanchego v1.14.2 → v1.15.0', kind: 'version', severity: 'info', id: `version:v1.15.0:${t + 900_000}`, open: { pane: 'versions' } },
  ]);
  keeper.watch(screen.store, { name: 'sim', url: screen.sim!.url });
  return { stateDir, nodeId, screen };
}

// The pane is told by its table's LASTED column: the overview's "Recent events" card shows the same words.
describe('the Events pane', () => {
  for (const size of SUPPORTED_SIZES) {
    it(`counts new warnings in the header, lists events newest first and opens what they are about (${size.columns}x${size.rows})`, async () => {
      const { screen: s } = await withLog(size);
      // Never opened: every warning in the log is new.
      const header = await s.waitFor(/⚑ 2 new events/);
      expect(header.split('\n').slice(0, 2).join('\n')).toContain('⚑ 2 new events');
      const pane = await s.press('e', (f) => /LASTED/.test(f) && /unreachable for 1m 02s/.test(f));
      const rows = pane.split('\n');
      const at = (re: RegExp) => rows.findIndex((l) => re.test(l));
      // Newest first.
      expect(at(/v1\.14\.2 → v1\.15\.0/)).toBeLessThan(at(/health check network/));
      expect(at(/health check network/)).toBeLessThan(at(/unreachable for 1m 02s/));
      expect(pane).toMatch(/CRIT/);
      expect(pane).not.toMatch(/⚑/);
      // Warnings and worse, then critical only, then everything again.
      expect(await s.press('l', (f) => !/→ v1\.15\.0/.test(f) && /health check network/.test(f))).toMatch(/warnings and worse/);
      expect(await s.press('l', (f) => !/health check network/.test(f) && /unreachable for/.test(f))).toMatch(/critical only/);
      await s.press('l', /→ v1\.15\.0/);
      // Enter on the newest (the version change) opens the Versions pane.
      await s.press(KEY.enter, (f) => !/LASTED/.test(f));
      expect(s.store.getState().ui.pane).toBe('versions');
      // Back to the pane: nothing is new any more, so the header says nothing.
      await s.press('e', (f) => /LASTED/.test(f) && /unreachable for 1m 02s/.test(f));
      await s.press('1', (f) => !/LASTED/.test(f));
      expect(s.store.getState().ui.pane).toBe('overview');
      expect(s.lastFrame()).not.toMatch(/⚑/);
      // The outage opens the History view.
      await s.press('e', (f) => /LASTED/.test(f) && /unreachable for 1m 02s/.test(f));
      await s.press('G', () => s.store.getState().ui.panes.events.cursor === 2);
      await s.press(KEY.enter, /Uptime \(the peers' view\) · last day/);
      const frame = s.lastFrame();
      for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(size.columns);
      expect(frame.split('\n').length).toBeLessThanOrEqual(size.rows - 1);
    });
  }

  it('a warning that arrives after the pane was opened is counted since the time it was opened', async () => {
    const { screen: s } = await withLog({ columns: 140, rows: 45 });
    await s.press('e', (f) => /LASTED/.test(f) && /unreachable for 1m 02s/.test(f));
    await s.press('1', (f) => !/LASTED/.test(f));
    expect(s.lastFrame()).not.toMatch(/⚑/);
    // The node starts failing a check: the watch sees it and the header counts it, since the pane was opened.
    s.sim!.faults.setHealth({ failing: { bls: 'bls key mismatch' } });
    const frame = await s.waitFor(/⚑ 1 new since \d\d:\d\d/, 25_000);
    // Opened a moment ago: the time it was opened, as the clock shows it.
    expect(frame.split('\n')[0]).toMatch(/⚑ 1 new since/);
    const pane = await s.press('e', (f) => /LASTED/.test(f) && /health check bls failing: bls key mismatch/.test(f));
    expect(pane).toMatch(/WARN/);
  });
});

describe('the History view', () => {
  it('draws a chart with labelled axes and the reward threshold, usable at 80x24 without colour', async () => {
    const { screen: s } = await withLog({ columns: 80, rows: 24 }, { noColor: true });
    // Samples every 150 ms here (a minute in the monitor): wait for a few.
    await new Promise((r) => setTimeout(r, 1500));
    const frame = await s.press('T', /Uptime \(the peers' view\) · last hour/);
    expect(frame).toMatch(/┤/);
    expect(frame).toMatch(/└─+/);
    expect(frame).toMatch(/\d\d:\d\d/);
    const withData = await s.waitFor(/now \d+(\.\d)?%/, 20_000);
    expect(withData).toMatch(/reward threshold/);
    expect(withData).toMatch(/[▁▂▃▄▅▆▇█]/);
    // The next chart, and the week.
    await s.press('j', /Connected stake · last hour/);
    await s.press('w', /Connected stake · last day/);
    await s.press('w', /Connected stake · last week/);
    await s.press('k', /Uptime \(the peers' view\) · last week/);
    for (const line of s.lastFrame().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    // No escape sequences at all: NO_COLOR.
    expect(s.lastFrame()).not.toMatch(/\x1b\[/);
    await s.press(KEY.escape, (f) => !/last week/.test(f));
  });
});

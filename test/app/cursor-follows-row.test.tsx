// Issue 30, item 2: on the blocks pane (8, j j j, then new blocks arrive) the cursor stays on the block the user
// put it on, and Enter opens that block, not the one that slid into its place.
import { describe, expect, it } from 'vitest';
import { KEY, cursorRow, startScreen } from './harness';

const heightAt = (line: string): string | undefined => /^.\s*([\d,]+)\s/.exec(line)?.[1];
/** The heights of the table's rows, top to bottom (each row starts with its marker and the height). */
const heights = (frame: string): string[] =>
  frame
    .split('\n')
    .map((l) => /^[›+~\-! *]\s*([\d,]{2,})\s+\d+[smhd]\s/.exec(l)?.[1])
    .filter((h): h is string => h !== undefined);

describe('the blocks pane keeps the cursor on its block as new blocks arrive', () => {
  it('8, j j j, new blocks on top: the cursor row and Enter are still the block picked', async () => {
    const screen = await startScreen({ sim: { blockIntervalMs: 500 } });
    await screen.press('8', (f) => heights(f).length >= 6);
    for (let i = 0; i < 3; i++) {
      const before = cursorRow(screen.lastFrame());
      await screen.press('j', (f) => cursorRow(f) !== before);
    }
    const picked = heightAt(cursorRow(screen.lastFrame()))!;
    expect(heights(screen.lastFrame()).indexOf(picked)).toBeGreaterThanOrEqual(3);
    // Wait until at least two newer blocks sit above the picked one.
    const f = await screen.waitFor((fr) => heights(fr).indexOf(picked) >= 5, 20_000);
    expect(heightAt(cursorRow(f))).toBe(picked);
    expect(f).toMatch(/blocks · ([6-9]|\d\d+)\/\d+/);
    await screen.press(KEY.enter, /Blocks › block \d+/);
    const view = screen.lastFrame();
    expect(view).toContain(`Blocks › block ${picked.replace(/,/g, '')}`);
  });
});

// Subtree replay (scripts/ink-patch/runtime.mjs `replaying`): a part of Ink's tree that did not change repeats its
// last writes. Two screens are driven through the same random changes, one with replay and one painting every node
// each frame, and must show the same frame after every change: texts and colours that change, rows added and taken
// away, a column that grows and moves an unchanged one, a box hidden and shown, a clip that narrows, wrapping, a
// border, nested texts.
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { Box, Text } from 'ink';
// @ts-expect-error: a .mjs beside the patch, without types.
import { subtreeReplay } from '../../scripts/ink-patch/runtime.mjs';
import { FUZZ_SEED, Rng } from '../helpers/mutate';

interface State {
  height: number;
  colour: 'cyan' | 'green';
  rows: number[];
  changed: number;
  leftWidth: number;
  hidden: boolean;
  clip: number;
  note: string;
  bordered: boolean;
}

function Screen({ s }: { s: State }) {
  return (
    <Box flexDirection="column" width={60}>
      <Box>
        <Text color={s.colour}>
          height <Text bold>{s.height}</Text> blocks
        </Text>
        <Text> · static header part</Text>
      </Box>
      <Box flexDirection="row">
        <Box width={s.leftWidth} flexDirection="column" flexShrink={0}>
          {s.rows.map((r) => (
            <Text key={r}>
              row {r}: {r === s.changed ? 'changed' : 'same'}
            </Text>
          ))}
        </Box>
        <Box flexDirection="column" borderStyle={s.bordered ? 'single' : undefined}>
          <Text>an unchanged column</Text>
          <Text dimColor>that moves with the left one</Text>
          <Box display={s.hidden ? 'none' : 'flex'}>
            <Text color="red">shown or hidden</Text>
          </Box>
        </Box>
      </Box>
      <Box width={s.clip} overflow="hidden">
        <Text wrap="truncate">a line cut by a clip that narrows and widens again, longer than any clip</Text>
      </Box>
      <Box width={24}>
        <Text>{s.note}</Text>
      </Box>
      <Text>the last line never changes</Text>
    </Box>
  );
}

function step(s: State, rand: () => number): State {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const next = { ...s, rows: [...s.rows] };
  const what = Math.floor(rand() * 9);
  if (what === 0) next.height++;
  if (what === 1) next.colour = s.colour === 'cyan' ? 'green' : 'cyan';
  if (what === 2) next.rows.push(Math.max(0, ...s.rows) + 1);
  if (what === 3 && next.rows.length > 1) next.rows.splice(Math.floor(rand() * next.rows.length), 1);
  if (what === 4) next.changed = pick(s.rows);
  if (what === 5) next.leftWidth = pick([16, 20, 24]);
  if (what === 6) next.hidden = !s.hidden;
  if (what === 7) next.clip = pick([10, 18, 30]);
  if (what === 8) next.note = pick(['short', 'a note long enough to wrap onto a second line and a third', 'two words']);
  if (rand() < 0.05) next.bordered = !s.bordered;
  // Often nothing but the height changes, as at a block.
  if (rand() < 0.4) return { ...s, height: s.height + 1 };
  return next;
}

describe('subtree replay', () => {
  it(`paints the same frames as painting every node, over 300 random changes (seed ${FUZZ_SEED})`, () => {
    const rng = new Rng(FUZZ_SEED);
    const rand = () => rng.next() / 2 ** 32;
    let s: State = { height: 21_382_000, colour: 'cyan', rows: [1, 2, 3], changed: 2, leftWidth: 20, hidden: false, clip: 18, note: 'short', bordered: false };
    const paint = (on: boolean, f: () => void) => {
      subtreeReplay.enabled = on;
      try {
        f();
      } finally {
        subtreeReplay.enabled = true;
      }
    };
    let withReplay!: ReturnType<typeof render>;
    let without!: ReturnType<typeof render>;
    paint(true, () => (withReplay = render(<Screen s={s} />)));
    paint(false, () => (without = render(<Screen s={s} />)));
    const replayedBefore = subtreeReplay.replayed;
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      s = step(s, rand);
      const state = s;
      paint(true, () => withReplay.rerender(<Screen s={state} />));
      paint(false, () => without.rerender(<Screen s={state} />));
      const frame = without.lastFrame()!;
      seen.add(frame);
      expect(withReplay.lastFrame(), `change ${i}: ${JSON.stringify(state)}`).toBe(frame);
    }
    // The changes were seen, and the unchanged parts were repeated rather than painted.
    expect(seen.size).toBeGreaterThan(200);
    expect(subtreeReplay.replayed - replayedBefore).toBeGreaterThan(300);
    withReplay.unmount();
    without.unmount();
  });
});

// A text's new value laid out only when its size moved (scripts/ink-patch/runtime.mjs `settleTextLayout`): a new
// figure of the same width leaves yoga's tree clean, and the layout is the last one. Two screens are driven through
// the same random changes, one deferring and one marking every changed text dirty as stock Ink does, and must show
// the same frame after every change: figures of the same width and of another, texts of one width that wrap
// differently, a sibling that grows and makes a text wrap, a text in a box that is hidden and shown, rows added.
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { Box, Text } from 'ink';
// @ts-expect-error: a .mjs beside the patch, without types.
import { textLayoutDeferral } from '../../scripts/ink-patch/runtime.mjs';
import { FUZZ_SEED, Rng } from '../helpers/mutate';

interface State {
  height: number;
  word: string;
  left: string;
  right: string;
  rows: number;
  hidden: boolean;
  width: number;
  narrow: boolean;
  wrapped: string;
  lines: string;
}

// Texts of the same width (13 columns) that wrap differently in a narrow box, and siblings that leave it room or not.
const LEFTS = ['one two three', 'six ten eight', 'a b c d e f g', 'thirteen wide'];
const RIGHTS = ['x', 'a sibling that takes the room'];
const WORDS = ['alpha', 'gamma', 'delta', 'omega', 'pi', 'epsilon'];
// Fourteen columns each, and 3, 4 and 5 lines in a box four wide: a measurement yoga kept of one is wrong for another.
const WRAPPED = ['aaaa bbbb cccc', 'aaaaaaaaaaa bb', 'xx yy zz ww qq'];
// The same width, one line or two.
const LINES = ['four', 'five\nsix.'];

function Screen({ s }: { s: State }) {
  return (
    <Box flexDirection="column" width={s.width}>
      <Box>
        <Text color="cyan">
          height <Text bold>{s.height}</Text> · {s.word}
        </Text>
        <Text> · the rest of the line</Text>
      </Box>
      <Box width={24}>
        <Text>{s.left}</Text>
        <Text color="green">{s.right}</Text>
      </Box>
      {Array.from({ length: s.rows }, (_, i) => (
        <Text key={i}>
          row {i} at {s.height + i}
        </Text>
      ))}
      <Box width={s.narrow ? 4 : 30}>
        <Text>{s.wrapped}</Text>
      </Box>
      {/* In a row: a text in a column is stretched to the column's width, and never left clean. */}
      <Box>
        <Text>{s.lines}</Text>
      </Box>
      <Box display={s.hidden ? 'none' : 'flex'}>
        <Text>hidden sometimes: {s.word}</Text>
      </Box>
      <Text>the last line never changes</Text>
    </Box>
  );
}

function step(s: State, rand: () => number): State {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  // Most often a figure of the same width, as at a block.
  if (rand() < 0.5) return { ...s, height: s.height + 1 };
  const what = Math.floor(rand() * 9);
  if (what === 6) return { ...s, narrow: !s.narrow };
  if (what === 7) return { ...s, wrapped: pick(WRAPPED) };
  if (what === 8) return { ...s, lines: pick(LINES) };
  if (what === 0) return { ...s, height: s.height + pick([1, 900_000_000]) };
  if (what === 1) return { ...s, word: pick(WORDS) };
  if (what === 2) return { ...s, left: pick(LEFTS) };
  if (what === 3) return { ...s, right: pick(RIGHTS) };
  if (what === 4) return { ...s, rows: pick([1, 2, 3]), hidden: rand() < 0.5 ? !s.hidden : s.hidden };
  return { ...s, width: pick([50, 60, 70]) };
}

describe('text layout deferral', () => {
  it(`lays out the same frames as marking every changed text dirty, over 400 random changes (seed ${FUZZ_SEED})`, () => {
    const rng = new Rng(FUZZ_SEED);
    const rand = () => rng.next() / 2 ** 32;
    const first: State = { height: 21_382_000, word: 'alpha', left: LEFTS[0]!, right: 'x', rows: 2, hidden: false, width: 60, narrow: true, wrapped: WRAPPED[0]!, lines: LINES[0]! };
    // First the changes that catch a layout left clean wrongly, in order: a text measured in the narrow box, the box
    // widened, the text changed to one of the same width (left clean), the box narrowed again (yoga's kept
    // measurement of the old text would do); and a text of the same width that gains a line.
    const scripted: Array<Partial<State>> = [{ narrow: false }, { wrapped: WRAPPED[1] }, { narrow: true }, { narrow: false }, { wrapped: WRAPPED[2] }, { height: 21_382_100 }, { narrow: true }, { lines: LINES[1] }, { lines: LINES[0] }];
    let s = first;
    const paint = (on: boolean, f: () => void) => {
      textLayoutDeferral.enabled = on;
      try {
        f();
      } finally {
        textLayoutDeferral.enabled = true;
      }
    };
    let deferring!: ReturnType<typeof render>;
    let stock!: ReturnType<typeof render>;
    paint(true, () => (deferring = render(<Screen s={s} />)));
    paint(false, () => (stock = render(<Screen s={s} />)));
    const skippedBefore = textLayoutDeferral.skipped;
    const seen = new Set<string>();
    for (let i = 0; i < 400 + scripted.length; i++) {
      s = i < scripted.length ? { ...s, ...scripted[i] } : step(s, rand);
      const state = s;
      paint(true, () => deferring.rerender(<Screen s={state} />));
      paint(false, () => stock.rerender(<Screen s={state} />));
      const frame = stock.lastFrame()!;
      seen.add(frame);
      expect(deferring.lastFrame(), `change ${i}: ${JSON.stringify(state)}`).toBe(frame);
    }
    // The changes were seen, and most figures of the same width were not laid out again.
    expect(seen.size).toBeGreaterThan(300);
    expect(textLayoutDeferral.skipped - skippedBefore).toBeGreaterThan(200);
    deferring.unmount();
    stock.unmount();
  });
});

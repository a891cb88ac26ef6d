// Segments draws its parts as one <Text> holding their escapes (theme/styled-text.ts): the same screen as a <Text>
// per part with the style's props, escape for escape, for every style the theme's schema allows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import chalk from 'chalk';
import { render } from 'ink-testing-library';
import { Text } from 'ink';
import { Segments } from '../../src/components/StatusBar';
import { textProps } from '../../src/theme/ThemeContext';
import { NAMED_COLORS, type Style } from '../../src/theme/schema';
import { displayWidth, truncate } from '../../src/format/width';
import { FUZZ_SEED, Rng } from '../helpers/mutate';

/** What Segments drew before: a <Text> per part, styled by its props. */
function PerPart({ parts, width }: { parts: { text: string; style?: Style }[]; width: number }) {
  let left = width;
  const out = parts.flatMap((p, i) => {
    if (left <= 0) return [];
    const text = truncate(p.text, left);
    left -= displayWidth(text);
    return [
      <Text key={i} {...textProps(p.style)}>
        {text}
      </Text>,
    ];
  });
  if (left > 0) out.push(<Text key="pad">{' '.repeat(left)}</Text>);
  return <Text wrap="truncate">{out}</Text>;
}

describe('Segments', () => {
  let level: typeof chalk.level;
  beforeEach(() => {
    level = chalk.level;
    chalk.level = 3;
  });
  afterEach(() => {
    chalk.level = level;
  });

  it(`paints what a <Text> per part paints, escape for escape (seed ${FUZZ_SEED})`, () => {
    const rng = new Rng(FUZZ_SEED);
    const colours = [...NAMED_COLORS, '#1e90ff', '#abc', undefined];
    const words = ['height ', '21,382,040', ' 33.3 blk/min ', 'P✓', ' 漢字 ', '', 'chain 10:08:03Z', '⚑ 1 new event'];
    let painted = 0;
    for (let i = 0; i < 150; i++) {
      const parts = Array.from({ length: 1 + rng.int(8) }, () => {
        const style: Style = { color: rng.pick(colours), backgroundColor: rng.int(4) === 0 ? rng.pick(colours) : undefined, bold: rng.int(3) === 0, dim: rng.int(3) === 0, italic: rng.int(5) === 0, underline: rng.int(5) === 0, inverse: rng.int(6) === 0 };
        return { text: rng.pick(words), style: rng.int(5) === 0 ? undefined : style };
      });
      const width = 5 + rng.int(70);
      const a = render(<Segments parts={parts} width={width} />);
      const b = render(<PerPart parts={parts} width={width} />);
      expect(a.lastFrame(), JSON.stringify({ parts, width })).toBe(b.lastFrame());
      if (a.lastFrame()!.includes('\x1b[')) painted++;
      a.unmount();
      b.unmount();
    }
    // The comparison was of coloured lines, not of plain text.
    expect(painted).toBeGreaterThan(100);
  });
});

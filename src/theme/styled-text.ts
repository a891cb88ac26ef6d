// A style put on text the way Ink's <Text> puts its props on it (the same chalk calls, in the same order: dim, colour,
// background, bold, italic, underline, inverse), for a line of many differently styled parts drawn as one <Text>:
// the header's lines and the key hints were a <Text> per part, each a React element, a component render, a host
// update and a text node to squash at every frame (docs/performance.md).
import chalk from 'chalk';
import type { Style } from './schema';

type ChalkFn = (text: string) => string;
const named = chalk as unknown as Record<string, ChalkFn>;

function colour(text: string, c: string, background: boolean): string {
  if (c.startsWith('#')) return background ? chalk.bgHex(c)(text) : chalk.hex(c)(text);
  const name = background ? `bg${c[0]!.toUpperCase()}${c.slice(1)}` : c;
  // The theme's schema allows the named colours chalk has and hex; anything else is left as Ink leaves it.
  return name in chalk ? named[name]!(text) : text;
}

/** `text` with `style`'s escapes, as <Text {...textProps(style)}> would paint it. */
export function styledText(text: string, style: Style | undefined): string {
  if (style === undefined) return text;
  let out = text;
  if (style.dim) out = chalk.dim(out);
  if (style.color) out = colour(out, style.color, false);
  if (style.backgroundColor) out = colour(out, style.backgroundColor, true);
  if (style.bold) out = chalk.bold(out);
  if (style.italic) out = chalk.italic(out);
  if (style.underline) out = chalk.underline(out);
  if (style.inverse) out = chalk.inverse(out);
  return out;
}

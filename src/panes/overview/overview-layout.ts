// Where the overview's cards go: one column that scrolls on a small terminal (the reward card first, so it is above
// the fold at 80x24), two balanced columns where they fit, the column with the node's BLS key wide enough to show it
// whole when the terminal allows. Pure: the pane and its tests read the same layout.
import type { KeyValueItem } from '../../components/KeyValue';
import { displayWidth } from '../../format/width';

export interface Card {
  readonly id: string;
  /** Its lines for a value column this wide (a BLS key shown whole when it fits). */
  readonly items: (valueWidth: number) => KeyValueItem[];
  /** How many lines it takes (the same at every width). */
  readonly lines: number;
  /** The widest value it would like to show whole (a BLS public key: 98 characters). */
  readonly wantsValue?: number;
  /** Its labels, for the label column's width. */
  readonly labels: readonly string[];
}

export interface LaidColumn {
  readonly width: number;
  readonly labelWidth: number;
  readonly cards: readonly Card[];
}

/** Two columns from this width on; below it one. */
export const TWO_COLUMNS_FROM = 100;
/** The narrowest the other column gets when one is widened for a whole BLS key. */
const MIN_COLUMN = 60;
const GAP = 2;

const labelWidthOf = (cards: readonly Card[], width: number): number =>
  Math.min(Math.floor(width / 2), Math.max(0, ...cards.flatMap((c) => c.labels.map((l) => displayWidth(l)))));

const heightOf = (cards: readonly Card[]): number => cards.reduce((n, c) => n + c.lines, 0);

/**
 * The cards in two columns of the least height, each keeping the cards' order; the first card (the node's) and
 * every card with a value to show whole (a BLS key) on the left, the column that widens. Five cards: at most sixteen
 * splits to try.
 */
export function balancedSplit(cards: readonly Card[]): [Card[], Card[]] {
  const pinned = (c: Card, i: number) => i === 0 || c.wantsValue !== undefined;
  const free = cards.filter((c, i) => !pinned(c, i));
  let best: [Card[], Card[]] = [[...cards], []];
  let bestHeight = heightOf(cards);
  for (let mask = 0; mask < 1 << free.length; mask++) {
    const right = free.filter((_, i) => (mask & (1 << i)) !== 0);
    const left = cards.filter((c) => !right.includes(c));
    const h = Math.max(heightOf(left), heightOf(right));
    if (h < bestHeight) [best, bestHeight] = [[left, right], h];
  }
  return best;
}

/**
 * `cards` in their two-column order (the node's first); `single` the order of one column. Two columns when the
 * width allows and the taller column fits `height`; else one column (that scrolls).
 */
export function layoutCards(cards: readonly Card[], single: readonly Card[], width: number, height: number): LaidColumn[] {
  if (width >= TWO_COLUMNS_FROM && cards.length > 1) {
    const [left, right] = balancedSplit(cards);
    if (Math.max(heightOf(left), heightOf(right)) <= height && right.length > 0) {
      const half = Math.floor((width - GAP) / 2);
      // The left column widens to show the widest value whole when the right keeps MIN_COLUMN.
      const wants = Math.max(0, ...left.map((c) => c.wantsValue ?? 0));
      const whole = labelWidthOf(left, width) + 1 + wants;
      const leftWidth = wants > 0 && whole > half && width - GAP - whole >= MIN_COLUMN ? whole : half;
      const rightWidth = width - GAP - leftWidth;
      return [
        { width: leftWidth, labelWidth: labelWidthOf(left, leftWidth), cards: left },
        { width: rightWidth, labelWidth: labelWidthOf(right, rightWidth), cards: right },
      ];
    }
  }
  return [{ width, labelWidth: labelWidthOf(single, width), cards: single }];
}

/** A column's lines, each card's values at the column's value width. */
export function columnItems(c: LaidColumn): KeyValueItem[] {
  const valueWidth = Math.max(0, c.width - c.labelWidth - 1);
  return c.cards.flatMap((card) => card.items(valueWidth));
}

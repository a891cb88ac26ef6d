// Fitting the header's lines to the terminal: what matters (node, network, height, sync state, data age) stays;
// decorations go first, in a fixed order, before anything is cut. Pure, so 80 columns can be tested directly.
import { displayWidth, truncate } from '../format/width';

export interface HeaderPart<S> {
  readonly text: string;
  readonly style: S;
  /** Dropped when the line does not fit: 1 goes first, then 2, and so on. Absent: never dropped. */
  readonly drop?: number;
  /** Once every droppable part is gone, cut to this many cells (with "…") before anything after it is cut. */
  readonly minWidth?: number;
}

/** The parts that fit in `width`, dropping the lowest `drop` ranks first; what still does not fit is cut later. */
export function fitHeaderParts<S>(parts: readonly HeaderPart<S>[], width: number): HeaderPart<S>[] {
  let kept = parts.filter((p) => p.text !== '');
  const total = () => kept.reduce((n, p) => n + displayWidth(p.text), 0);
  const ranks = [...new Set(kept.map((p) => p.drop).filter((d): d is number => d !== undefined))].sort((a, b) => a - b);
  for (const rank of ranks) {
    if (total() <= width) break;
    kept = kept.filter((p) => p.drop !== rank);
  }
  // Then the parts that may shrink give up what is still over, first to last, so what follows them (the reward
  // badge, the data age) is not the part cut at the edge.
  let over = total() - width;
  if (over <= 0) return kept;
  return kept.map((p) => {
    if (over <= 0 || p.minWidth === undefined) return p;
    const w = displayWidth(p.text);
    const to = Math.max(p.minWidth, w - over);
    if (to >= w) return p;
    const text = truncate(p.text, to);
    over -= w - displayWidth(text);
    return { ...p, text };
  });
}

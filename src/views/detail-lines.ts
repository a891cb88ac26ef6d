// The line model every drill-down view renders: label/value lines (values already sanitized), section headings,
// and per line what Enter opens and what `y` copies. Pure, so the models can be tested without a terminal.
import type { Tone } from '../components/KeyValue';
import type { NavView } from '../state/ui';
import { displayWidth } from '../format/width';

export interface DetailLine {
  readonly label: string;
  readonly value: string;
  readonly tone?: Tone;
  /** A heading line (label only). */
  readonly section?: boolean;
  /** What Enter on this line opens. */
  readonly link?: NavView;
  /** What `y` copies from this line (an ID, address or key). */
  readonly copy?: string;
}

export function section(label: string): DetailLine {
  return { label, value: '', section: true };
}

export function line(label: string, value: string, extra: Partial<Omit<DetailLine, 'label' | 'value'>> = {}): DetailLine {
  return { label, value, ...extra };
}

/** Lines that do something on Enter or `y`: the cursor stops only on these. */
export function isSelectable(l: DetailLine): boolean {
  return l.link !== undefined || l.copy !== undefined;
}

/**
 * Where the cursor starts: on the first line Enter opens (of the kind the view's hint promises, when it names one:
 * a block view's "Enter opens a transaction"), else the first line `y` copies, else the top. Headings never hold it.
 */
export function initialCursor(lines: readonly DetailLine[], prefer?: NavView['kind']): number {
  const preferred = prefer ? lines.findIndex((l) => l.link?.kind === prefer) : -1;
  if (preferred >= 0) return preferred;
  const open = lines.findIndex((l) => l.link !== undefined);
  if (open >= 0) return open;
  const copy = lines.findIndex(isSelectable);
  return copy >= 0 ? copy : 0;
}

/** How wide the label column of a detail view is: its longest label, at least 8, at most half the width. */
export function detailLabelWidth(lines: readonly DetailLine[], width: number): number {
  return Math.min(Math.floor(width / 2), Math.max(8, ...lines.map((l) => (l.section ? 0 : displayWidth(l.label)))));
}

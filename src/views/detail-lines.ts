// The line model every drill-down view renders: label/value lines (values already sanitized), section headings,
// and per line what Enter opens and what `y` copies. Pure, so the models can be tested without a terminal.
import type { Tone } from '../components/KeyValue';
import type { NavView } from '../state/ui';

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

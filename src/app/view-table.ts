// The view table: every kind of drill-down view once (`NavView` in state/ui.ts), with its crumb title and its
// component. A total map by kind, so the compiler asks for every part of a new kind. The frame reads it for the view
// on top of the nav stack.
import type { ComponentType } from 'react';
import type { NavView, NavViewOf, ViewKind } from '../state/ui';
import type { ViewProps } from '../views/view-props';
import { BlockView } from '../views/BlockView';
import { TxView } from '../views/TxView';
import { ValidatorView } from '../views/ValidatorView';
import { UtxoView } from '../views/UtxoView';
import { HealthView } from '../views/HealthView';
import { RowView } from '../views/RowView';

export interface ViewEntry<V extends NavView> {
  /** The crumb text. */
  readonly title: (view: V) => string;
  readonly component: ComponentType<ViewProps<V>>;
}

export type ViewTable = { readonly [K in ViewKind]: ViewEntry<NavViewOf<K>> };

export const VIEW_TABLE: ViewTable = {
  block: { title: (v) => (v.height !== undefined ? `block ${v.height}` : `block ${v.id ?? ''}`), component: BlockView },
  tx: { title: (v) => `tx ${v.id}`, component: TxView },
  validator: { title: (v) => `validator ${v.nodeId}`, component: ValidatorView },
  peer: { title: (v) => `peer ${v.nodeId}`, component: RowView },
  subnet: { title: (v) => `subnet ${v.id}`, component: RowView },
  chain: { title: (v) => `chain ${v.id}`, component: RowView },
  utxo: { title: (v) => `UTXO ${v.id}`, component: UtxoView },
  health: { title: () => 'health', component: HealthView },
};

/** The row of a view on the nav stack, typed by its kind. */
export function viewEntry<V extends NavView>(view: V): ViewEntry<V> {
  return VIEW_TABLE[view.kind] as unknown as ViewEntry<V>;
}

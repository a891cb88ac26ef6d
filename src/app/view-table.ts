// The view table: every kind of drill-down view once (`NavView` in state/ui.ts), with its crumb title, its component
// and its poll plan. A total map by kind, so the compiler asks for every part of a new kind. The frame reads it for
// the view on top of the nav stack; the monitor hands it to the scheduler (`createScheduler({ views })`), which asks
// the top view's plan by its kind.
import type { ComponentType } from 'react';
import type { NavView, NavViewOf, ViewKind } from '../state/ui';
import type { ViewProps } from '../views/view-props';
import type { ViewPlan } from '../poll/resource-spec';
import {
  blockViewPlan,
  chainViewPlan,
  healthViewPlan,
  historyViewPlan,
  peerViewPlan,
  subnetViewPlan,
  txViewPlan,
  utxoViewPlan,
  validatorViewPlan,
} from '../poll/view-plans';
import { BlockView } from '../views/BlockView';
import { TxView } from '../views/TxView';
import { ValidatorView } from '../views/ValidatorView';
import { UtxoView } from '../views/UtxoView';
import { HealthView } from '../views/HealthView';
import { HistoryView } from '../views/HistoryView';
import { RowView } from '../views/RowView';

export interface ViewEntry<V extends NavView> {
  /** The crumb text. */
  readonly title: (view: V) => string;
  readonly component: ComponentType<ViewProps<V>>;
  /** What it polls while on top of the nav stack (poll/view-plans.ts). */
  readonly plan: ViewPlan<V>;
}

export type ViewTable = { readonly [K in ViewKind]: ViewEntry<NavViewOf<K>> };

export const VIEW_TABLE: ViewTable = {
  block: { title: (v) => (v.height !== undefined ? `block ${v.height}` : `block ${v.id ?? ''}`), component: BlockView, plan: blockViewPlan },
  tx: { title: (v) => `tx ${v.id}`, component: TxView, plan: txViewPlan },
  validator: { title: (v) => `validator ${v.nodeId}`, component: ValidatorView, plan: validatorViewPlan },
  peer: { title: (v) => `peer ${v.nodeId}`, component: RowView, plan: peerViewPlan },
  subnet: { title: (v) => `subnet ${v.id}`, component: RowView, plan: subnetViewPlan },
  chain: { title: (v) => `chain ${v.id}`, component: RowView, plan: chainViewPlan },
  utxo: { title: (v) => `UTXO ${v.id}`, component: UtxoView, plan: utxoViewPlan },
  health: { title: () => 'health', component: HealthView, plan: healthViewPlan },
  history: { title: () => 'history', component: HistoryView, plan: historyViewPlan },
};

/** The row of a view on the nav stack, typed by its kind. */
export function viewEntry<V extends NavView>(view: V): ViewEntry<V> {
  return VIEW_TABLE[view.kind] as unknown as ViewEntry<V>;
}

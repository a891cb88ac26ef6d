// Drill-down views by kind. For now every kind shows its row (and any detail resource) as label/value lines;
// a full block/tx/validator/UTXO view registers itself here with `registerView(kind, Component)`.
import type { ComponentType } from 'react';
import type { NavView } from '../state/ui';

export interface ViewProps<V extends NavView = NavView> {
  readonly view: V;
  readonly width: number;
  readonly height: number;
  readonly active: boolean;
}

const registry = new Map<NavView['kind'], ComponentType<ViewProps<any>>>();

export function registerView<K extends NavView['kind']>(kind: K, component: ComponentType<ViewProps<Extract<NavView, { kind: K }>>>): void {
  registry.set(kind, component as ComponentType<ViewProps<any>>);
}

export function viewComponent(kind: NavView['kind']): ComponentType<ViewProps<any>> | undefined {
  return registry.get(kind);
}

/** Short crumb text for a view on the nav stack. */
export function viewTitle(v: NavView): string {
  switch (v.kind) {
    case 'block':
      return v.height !== undefined ? `block ${v.height}` : `block ${v.id ?? ''}`;
    case 'tx':
      return `tx ${v.id}`;
    case 'validator':
      return `validator ${v.nodeId}`;
    case 'peer':
      return `peer ${v.nodeId}`;
    case 'subnet':
      return `subnet ${v.id}`;
    case 'chain':
      return `chain ${v.id}`;
    case 'utxo':
      return `UTXO ${v.id}`;
    case 'health':
      return 'health';
    case 'history':
      return 'history';
  }
}

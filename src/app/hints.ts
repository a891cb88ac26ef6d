// Which key hints the footer shows for what is on screen: the pane's own scopes before the global ones, a view's
// or the help overlay's instead, minus commands that do nothing there.
import type { Scope } from '../keys/commands';
import type { NavView, PaneId } from '../state/ui';

const TABLE_PANES: PaneId[] = ['peers', 'validators', 'pending', 'subnets', 'blocks', 'utxos'];

/** Hinted commands that do nothing on this screen: the help overlay only scrolls and closes; only a tx has a raw view. */
export function hintsWithout(top: NavView | undefined, help: boolean): string[] {
  if (help) return ['copy', 'raw'];
  return top?.kind === 'tx' ? [] : ['raw'];
}

export function hintScopes(pane: PaneId, hasView: boolean, help: boolean): Scope[] {
  if (help) return ['view'];
  if (hasView) return ['view', 'global'];
  const scopes: Scope[] = ['global'];
  if (TABLE_PANES.includes(pane)) scopes.unshift('table');
  if (pane === 'validators') scopes.unshift('validators');
  if (pane === 'utxos') scopes.unshift('utxos');
  if (pane === 'console') scopes.unshift('console');
  return scopes;
}

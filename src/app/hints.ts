// Which key hints the footer shows for what is on screen: the pane's own scopes (the pane table) before the global ones, a view's
// or the help overlay's instead, minus commands that do nothing there.
import type { Scope } from '../keys/commands';
import { paneEntry } from '../state/panes';
import type { NavView, PaneId } from '../state/ui';

/** Hinted commands that do nothing on this screen: the help overlay only scrolls and closes; only a tx has a raw view. */
export function hintsWithout(top: NavView | undefined, help: boolean): string[] {
  if (help) return ['copy', 'raw'];
  return top?.kind === 'tx' ? [] : ['raw'];
}

export function hintScopes(pane: PaneId, hasView: boolean, help: boolean): Scope[] {
  if (help) return ['view'];
  if (hasView) return ['view', 'global'];
  return [...paneEntry(pane).scopes, 'global'];
}

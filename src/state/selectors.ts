// Named atomic selectors: each returns one stable piece of state so components re-render only when it changes.
// Parameterised ones are factories; memoise the factory call (useMemo) or keep it at module level.
import { idleResource } from './resource';
import type { AvatopState } from './store';
import type { PaneId, PaneUi } from './ui';

export const selectValidators = (subnetId: string) => (s: AvatopState) =>
  s.validators.bySubnet[subnetId] ?? idleResource();

export const selectRecentBlocks = (s: AvatopState) => s.blocks.recent;

export const selectPaneUi = (pane: PaneId) => (s: AvatopState): PaneUi => s.ui.panes[pane];

import type { ComponentType } from 'react';
import type { PaneId } from '../state/ui';
import type { PaneProps } from './common';
import { OverviewPane } from './overview/OverviewPane';
import { PeersPane } from './peers/PeersPane';
import { ValidatorsPane } from './validators/ValidatorsPane';
import { PendingPane } from './pending/PendingPane';
import { FeesPane } from './fees/FeesPane';
import { VersionsPane } from './versions/VersionsPane';
import { SubnetsPane } from './subnets/SubnetsPane';
import { BlocksPane } from './blocks/BlocksPane';
import { UtxosPane } from './utxos/UtxosPane';
import { ConsolePane } from './console/ConsolePane';
import { MetricsPane } from './metrics/MetricsPane';
import { FleetPane } from './fleet/FleetPane';
import { EventsPane } from './events/EventsPane';

/** Each row of the pane table (state/panes.ts) with its component: the compiler asks for one when a row is added. */
export const PANE_COMPONENTS: Record<PaneId, ComponentType<PaneProps>> = {
  overview: OverviewPane,
  peers: PeersPane,
  validators: ValidatorsPane,
  pending: PendingPane,
  fees: FeesPane,
  versions: VersionsPane,
  subnets: SubnetsPane,
  blocks: BlocksPane,
  utxos: UtxosPane,
  metrics: MetricsPane,
  console: ConsolePane,
  fleet: FleetPane,
  events: EventsPane,
};

export type { PaneProps };

// Every health check of the node (`:health` or H): what fails, what has not run yet, and each check's details.
// The scheduler polls health.health every tick while this view is open.
import { useMemo } from 'react';
import { useAvatop } from '../ui/store-context';
import { useNow } from '../components/Clock';
import { healthSummaryOf } from '../domain/health/health-summary';
import { describeResource } from '../state/resource';
import { formatAge } from '../format/time';
import { DetailView } from './DetailView';
import { healthLines } from './health-lines';
import { namesOf } from '../state/names';
import type { ViewProps } from './view-props';

export function HealthView({ view: _view, ...frame }: ViewProps) {
  const health = useAvatop((s) => s.node.health);
  // Subnets' chains are registered by ID: named from the chain list (polled with this view).
  const chains = useAvatop((s) => s.subnets.chains.data);
  const names = useMemo(() => namesOf(chains?.rows.map((r) => r.value)), [chains]);
  const now = useNow(1000);
  const summary = healthSummaryOf(health.data);
  // Ages move with the clock; the lines are rebuilt at most once a second.
  const second = Math.floor(now / 1000);
  const lines = useMemo(() => healthLines(summary, second * 1000, names), [summary, second, names]);
  const status =
    health.status === 'unsupported'
      ? 'the health API is not available on this node (--api-health-enabled=false?)'
      : health.data === undefined
        ? describeResource(health)
        : `updated ${formatAge(health.updatedAt, now)}${health.stale ? ` · stale: ${health.error?.short ?? 'last poll failed'}` : ''} · refreshed while open`;
  return <DetailView id="health" lines={lines} frame={frame} caption={status} captionTone={health.stale || health.status === 'error' ? 'stale' : 'muted'} />;
}

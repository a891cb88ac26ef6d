// One validator: its record and delegators, its staking tx (Enter opens it), uptime and the peers' view of it,
// what it can still take in delegation, and its weight over recent heights as a sparkline.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { useAvatop } from '../ui/store-context';
import { Sparkline } from '../components/Sparkline';
import { describeResource, describeUnknown, idleResource } from '../state/resource';
import { sanitize } from '../format/sanitize';
import { PRIMARY_NETWORK_ID } from '../state/store';
import type { NavViewOf } from '../state/ui';
import type { ValidatorRecord } from '../rpc/methods';
import { viewKeys, type WeightPoint } from '../state/view-keys';
import { textProps, useTheme } from '../theme/ThemeContext';
import { fit } from '../format/width';
import { formatAvaxCompact } from '../format/avax';
import { weightIsAvax } from '../format/weight';
import { formatCount } from '../format/number';
import { DetailView } from './DetailView';
import { line } from './detail-lines';
import type { ViewProps } from './view-props';
import { validatorLines } from './validator-model';
import { namesOf } from '../state/names';
import { useThresholdOf } from '../ui/use-reward-threshold';
import type { Validator } from '../state/types';

type ValidatorNav = NavViewOf<'validator'>;

export function weightSummary(points: readonly WeightPoint[] | undefined, primary: boolean): string {
  if (!points || points.length === 0) return 'weight history: loading…';
  const known = points.filter((p) => p.weight !== undefined);
  if (known.length === 0) return `weight history: not in the set at heights ${points[0]!.height}–${points[points.length - 1]!.height}`;
  const last = known[known.length - 1]!.weight!;
  const first = known[0]!.weight!;
  const fmt = (w: bigint) => (primary ? `${formatAvaxCompact(w)} AVAX` : formatCount(w));
  return `weight over heights ${points[0]!.height}–${points[points.length - 1]!.height}: ${fmt(first)} → ${fmt(last)}`;
}

export function ValidatorView({ view, ...frame }: ViewProps<ValidatorNav>) {
  const { width } = frame;
  const theme = useTheme();
  const subnetId = view.subnetId ?? PRIMARY_NETWORK_ID;
  const detail = useAvatop((s) => s.validators.detail[`${subnetId}/${view.nodeId}`]) ?? idleResource();
  const row = useAvatop((s) => s.validators.bySubnet[subnetId]?.data?.rows.find((r) => r.value.nodeID === view.nodeId)?.value);
  const peerRes = useAvatop((s) => s.views.data[viewKeys.peer(view.nodeId)]) ?? idleResource();
  const maxRes = useAvatop((s) => s.views.data[viewKeys.maxStake(subnetId, view.nodeId)]) ?? idleResource();
  const weights = useAvatop((s) => s.views.data[viewKeys.weights(subnetId, view.nodeId)]);
  const chainTime = useAvatop((s) => s.pchain.timestamp.data);
  const record = (detail.data ?? row) as ValidatorRecord | undefined;
  const now = chainTime?.getTime() ?? Date.now();
  const thresholdOf = useThresholdOf(subnetId);
  const ownNodeId = useAvatop((s) => s.node.id.data?.nodeID);
  const chains = useAvatop((s) => s.subnets.chains.data);
  const subnetName = useMemo(() => namesOf(chains?.rows.map((r) => r.value)).subnet(subnetId), [chains, subnetId]);

  const lines = useMemo(() => {
    const peer = peerRes.data === undefined ? undefined : ((peerRes.data as { peer: Record<string, unknown> | null }).peer ?? null);
    const max = (maxRes.data as { amount?: bigint } | undefined)?.amount;
    const threshold = record ? thresholdOf(record as Validator, now) : undefined;
    const out = validatorLines({ nodeId: view.nodeId, subnetId, record, peer, maxStaked: max, maxStakeUnsupported: maxRes.status === 'unsupported', now, threshold, ownNodeId, subnetName });
    if (!record) out.push(line('record', detail.status === 'ok' ? 'not a current validator of this subnet' : sanitize(describeUnknown(detail)), { tone: detail.status === 'ok' ? 'warn' : 'muted' }));
    return out;
  }, [view.nodeId, subnetId, record, peerRes, maxRes, now, detail, thresholdOf, ownNodeId, subnetName]);

  const points = weights?.data as WeightPoint[] | undefined;
  const values = (points ?? []).map((p) => (p.weight === undefined ? 0 : Number(p.weight / 1_000_000n)));
  const summary = weights?.status === 'error' ? `weight history: ${describeResource(weights)}` : weightSummary(points, weightIsAvax(subnetId));
  // A history only where it was in the set at some height: a node that never was has no weight to draw.
  const anyWeight = (points ?? []).some((p) => p.weight !== undefined);
  const sparkWidth = anyWeight ? Math.min(values.length, Math.max(0, width - summary.length - 1)) : 0;
  return (
    <DetailView
      id={`validator:${subnetId}/${view.nodeId}`}
      lines={lines}
      opens="tx"
      frame={frame}
      caption={
        <Box width={width}>
          <Text {...textProps(theme.text.muted)}>{fit(summary, Math.min(width, summary.length))}</Text>
          {sparkWidth > 0 ? <Text> </Text> : null}
          {sparkWidth > 0 ? <Sparkline values={values} width={sparkWidth} /> : null}
        </Box>
      }
    />
  );
}

import { useMemo } from 'react';
import { Box, Text } from 'ink';
import { useAvatop } from '../../ui/store-context';
import { useNow } from '../../components/Clock';
import type { KeyValueItem } from '../../components/KeyValue';
import { formatAvaxCompact } from '../../format/avax';
import { formatCount, formatPercent } from '../../format/number';
import { formatAge } from '../../format/time';
import { sanitize } from '../../format/sanitize';
import { str } from '../../format/fields';
import { DocumentPane } from '../../ui/DocumentPane';
import type { PaneProps } from '../common';
import { PRIMARY_NETWORK_ID } from '../../state/store';
import { describeResource, type Resource } from '../../state/resource';
import { upgradeRows, versionBreakdown } from '../versions-model';
import type { UpgradesResult } from '../../rpc/methods/info/upgrades';
import { upgradeViewOf } from '../../domain/upgrades/facts';
import { deadlineLines, upgradeItems as deadlineItems } from './upgrade-items';
import { toneStyle } from '../../components/KeyValue';
import { textProps, useTheme } from '../../theme/ThemeContext';
import { fit } from '../../format/width';

function status(r: Resource<unknown>, what: string): KeyValueItem[] {
  if (r.data !== undefined && !r.stale) return [];
  return [{ label: what, value: describeResource(r), tone: r.status === 'error' ? 'error' : 'muted' }];
}

/** The upgrades as a table (upgrade, time, state), then the node's other upgrade settings. */
function upgradeItems(data: UpgradesResult | undefined, now: number): KeyValueItem[] {
  if (!data) return [];
  const rows = upgradeRows(Array.isArray(data.times) ? data.times : [], now);
  const timeWidth = Math.max(4, ...rows.map((r) => r.time.length));
  const items: KeyValueItem[] = [{ label: 'upgrade', value: `${'time'.padEnd(timeWidth)}  state`, tone: 'muted' }];
  for (const r of rows) items.push({ label: r.upgrade, value: `${r.time.padEnd(timeWidth)}  ${r.state}`, tone: r.upcoming ? 'warn' : undefined });
  if (data.apricotPhase4MinPChainHeight !== undefined) items.push({ label: 'apricotPhase4MinPChainHeight', value: formatCount(data.apricotPhase4MinPChainHeight) });
  if (data.graniteEpochDurationMs !== undefined) items.push({ label: 'graniteEpochDuration', value: `${formatCount(data.graniteEpochDurationMs / 1000)} s` });
  if (data.cortinaXChainStopVertexID !== undefined) items.push({ label: 'cortinaXChainStopVertexID', value: sanitize(data.cortinaXChainStopVertexID) });
  return items;
}

export function VersionsPane({ width, height, active }: PaneProps) {
  const now = useNow(5000, active);
  const version = useAvatop((s) => s.node.version);
  const vms = useAvatop((s) => s.versions.vms);
  const upgrades = useAvatop((s) => s.versions.upgrades);
  const acps = useAvatop((s) => s.versions.acps);
  const peers = useAvatop((s) => s.peers.list);
  const validators = useAvatop((s) => s.validators.bySubnet[PRIMARY_NETWORK_ID]);
  const theme = useTheme();
  // The upgrade deadline (domain/upgrades): its sentence stays above the scrolling part, the details are below.
  const upgrade = useAvatop((s) => upgradeViewOf(s, now));
  const remembered = useAvatop((s) => s.versions.announcement);
  const deadline = deadlineLines(upgrade, width);

  const peerVersions = useMemo(() => {
    const weights = new Map<string, bigint>();
    for (const r of validators?.data?.rows ?? []) if (r.change !== 'removed') weights.set(r.value.nodeID, r.value.weight);
    const items = (peers.data?.rows ?? [])
      .filter((r) => r.change !== 'removed')
      .map((r) => ({ version: r.value.version, weight: weights.get(r.value.nodeID) }));
    return { list: versionBreakdown(items), weighted: weights.size > 0 };
  }, [peers.data, validators?.data]);

  const v = version.data;
  const items: KeyValueItem[] = [
    { section: 'This node: info.getNodeVersion' },
    ...status(version, 'version'),
    { label: 'Version', value: str(v?.version), tone: 'accent' },
    { label: 'Database', value: str(v?.databaseVersion) },
    { label: 'RPC protocol', value: str(v?.rpcProtocolVersion) },
    { label: 'Git commit', value: str(v?.gitCommit) },
    ...Object.entries(v?.vmVersions ?? {}).map(([k, x]) => ({ label: `VM ${sanitize(k)}`, value: str(x) })),
    { section: 'VMs: info.getVMs' },
    ...status(vms, 'VMs'),
    ...Object.entries(vms.data?.vms ?? {}).map(([id, aliases]) => ({ label: aliases.map((a) => sanitize(a)).join(', ') || 'VM', value: sanitize(id) })),
    ...Object.entries(vms.data?.fxs ?? {}).map(([id, name]) => ({ label: `fx ${str(name)}`, value: sanitize(id) })),
    { section: "Network upgrade deadline: the node's futureupgrade check, info.peers upgradeTime" },
    ...deadlineItems(upgrade, remembered, now),
    { section: 'Network upgrades: info.upgrades' },
    ...status(upgrades, 'upgrades'),
    ...upgradeItems(upgrades.data, now),
    { section: `Peers' versions${peerVersions.weighted ? ', by count and by stake' : ' (stake shown once the Validators pane has loaded the set)'}` },
    ...status(peers, 'peers'),
    ...peerVersions.list.map((b) => ({
      label: b.version,
      value: `${formatCount(b.count)} peers (${formatPercent(b.share, 1)})${peerVersions.weighted && b.weight !== undefined ? ` · ${formatAvaxCompact(b.weight)} AVAX (${formatPercent(b.weightShare, 1)} of connected stake)` : ''}`,
    })),
    { section: 'ACP votes: info.acps (weights of connected validators)' },
    ...status(acps, 'ACPs'),
    ...Object.entries(acps.data ?? {})
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([n, r]) => {
        const sup = r.supportWeight;
        const obj_ = r.objectWeight;
        const abs = r.abstainWeight;
        const total = sup + obj_ + abs;
        const pct = (x: bigint) => (total > 0n ? formatPercent(Number((x * 1_000_000n) / total) / 10_000, 1) : '—');
        return {
          label: `ACP-${sanitize(n)}`,
          value: `support ${formatAvaxCompact(sup)} (${pct(sup)}) · object ${formatAvaxCompact(obj_)} (${pct(obj_)}) · abstain ${formatAvaxCompact(abs)} (${pct(abs)})`,
        };
      }),
    { section: '' },
    { label: 'Updated', value: version.updatedAt ? formatAge(version.updatedAt, now) : '—', tone: 'muted' },
  ];
  const above =
    deadline.lines.length > 0 ? (
      <Box flexDirection="column" width={width}>
        {deadline.lines.map((line, i) => (
          <Text key={i} {...textProps(toneStyle(theme, deadline.tone))} bold={i === 0}>
            {fit(line, width)}
          </Text>
        ))}
      </Box>
    ) : undefined;
  return <DocumentPane id="versions" items={items} width={width} height={height} active={active} above={above} aboveLines={deadline.lines.length} />;
}

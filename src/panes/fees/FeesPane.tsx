import { useAvatop } from '../../ui/store-context';
import type { KeyValueItem } from '../../components/KeyValue';
import { formatAvax } from '../../format/avax';
import { formatCount } from '../../format/number';
import { formatTimestamp } from '../../format/time';
import { sanitize } from '../../format/sanitize';
import { str } from '../../format/fields';
import { DocumentPane } from '../../ui/DocumentPane';
import type { PaneProps } from '../common';
import { describeResource, type Resource } from '../../state/resource';

const TX_FEE_LABELS: Record<string, string> = {
  txFee: 'X-chain tx fee',
  createAssetTxFee: 'Create asset',
  createSubnetTxFee: 'Create subnet',
  transformSubnetTxFee: 'Transform subnet',
  createBlockchainTxFee: 'Create blockchain',
  addPrimaryNetworkValidatorFee: 'Add primary validator',
  addPrimaryNetworkDelegatorFee: 'Add primary delegator',
  addSubnetValidatorFee: 'Add subnet validator',
  addSubnetDelegatorFee: 'Add subnet delegator',
};

function status(r: Resource<unknown>): KeyValueItem[] {
  if (r.data !== undefined && !r.stale) return [];
  return [{ label: 'status', value: describeResource(r), tone: r.status === 'error' ? 'error' : 'muted' }];
}

/** Plain-number records (gas config and state): each field on a line; times as timestamps. */
function record(r: Resource<object>, units: Record<string, string> = {}): KeyValueItem[] {
  const out: KeyValueItem[] = [...status(r)];
  for (const [k, v] of Object.entries(r.data ?? {}) as [string, unknown][]) {
    const key = sanitize(k);
    if (v instanceof Date) out.push({ label: key, value: formatTimestamp(v) });
    else if (Array.isArray(v)) out.push({ label: key, value: v.map((x) => str(x)).join(', ') });
    else if (typeof v === 'bigint' || typeof v === 'number') out.push({ label: key, value: `${formatCount(v)}${units[k] ? ` ${units[k]}` : ''}` });
    else out.push({ label: key, value: str(v) });
  }
  return out;
}

export function FeesPane({ width, height, active }: PaneProps) {
  const txFee = useAvatop((s) => s.fees.txFee);
  const feeConfig = useAvatop((s) => s.fees.feeConfig);
  const feeState = useAvatop((s) => s.fees.feeState);
  const vConfig = useAvatop((s) => s.fees.validatorFeeConfig);
  const vState = useAvatop((s) => s.fees.validatorFeeState);
  const price = feeState.data?.price;
  const items: KeyValueItem[] = [
    { section: "Dynamic P-chain fees today (ACP-103): platform.getFeeState" },
    ...record(feeState, { price: 'nAVAX/gas', capacity: 'gas', excess: 'gas' }),
    ...(price !== undefined ? [{ label: 'price in AVAX', value: `${formatAvax(price, { decimals: 9 })} AVAX per gas unit` }] : []),
    { section: 'Fee configuration: platform.getFeeConfig' },
    ...record(feeConfig, { maxCapacity: 'gas', maxPerSecond: 'gas/s', targetPerSecond: 'gas/s', minPrice: 'nAVAX/gas' }),
    { section: 'L1 validator fee state (ACP-77): platform.getValidatorFeeState' },
    ...record(vState, { price: 'nAVAX/s per validator' }),
    { section: 'L1 validator fee configuration: platform.getValidatorFeeConfig' },
    ...record(vConfig, { minPrice: 'nAVAX/s' }),
    { section: 'Static fee record: info.getTxFee (the spec; deprecated, constants on v1.12.2+)' },
    ...status(txFee),
    ...Object.entries(txFee.data ?? {}).map(([k, v]) => ({ label: TX_FEE_LABELS[k] ?? sanitize(k), value: formatAvax(v, { decimals: 9, unit: true }) })),
  ];
  return <DocumentPane id="fees" items={items} width={width} height={height} active={active} />;
}

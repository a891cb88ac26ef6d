import { useAvatop } from '../../ui/store-context';
import type { KeyValueItem } from '../../components/KeyValue';
import { formatAvax } from '../../format/avax';
import { formatCount } from '../../format/number';
import { formatTimestamp } from '../../format/time';
import { sanitize } from '../../format/sanitize';
import { big, date, obj, str } from '../fields';
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
function record(r: Resource<Record<string, unknown>>, units: Record<string, string> = {}): KeyValueItem[] {
  const d = obj(r.data);
  const out: KeyValueItem[] = [...status(r as Resource<unknown>)];
  for (const [k, v] of Object.entries(d)) {
    const key = sanitize(k);
    if (k === 'timestamp') out.push({ label: key, value: formatTimestamp(date(v)) });
    else if (Array.isArray(v)) out.push({ label: key, value: v.map((x) => str(x)).join(', ') });
    else {
      const n = big(v);
      out.push({ label: key, value: n !== undefined ? `${formatCount(n)}${units[k] ? ` ${units[k]}` : ''}` : str(v) });
    }
  }
  return out;
}

export function FeesPane({ width, height, active }: PaneProps) {
  const txFee = useAvatop((s) => s.fees.txFee);
  const feeConfig = useAvatop((s) => s.fees.feeConfig);
  const feeState = useAvatop((s) => s.fees.feeState);
  const vConfig = useAvatop((s) => s.fees.validatorFeeConfig);
  const vState = useAvatop((s) => s.fees.validatorFeeState);
  const fee = obj(txFee.data);
  const price = big(obj(feeState.data).price);
  const items: KeyValueItem[] = [
    { section: "Dynamic P-chain fees today (ACP-103): platform.getFeeState" },
    ...record(feeState as Resource<Record<string, unknown>>, { price: 'nAVAX/gas', capacity: 'gas', excess: 'gas' }),
    ...(price !== undefined ? [{ label: 'price in AVAX', value: `${formatAvax(price, { decimals: 9 })} AVAX per gas unit` }] : []),
    { section: 'Fee configuration: platform.getFeeConfig' },
    ...record(feeConfig as Resource<Record<string, unknown>>, { maxCapacity: 'gas', maxPerSecond: 'gas/s', targetPerSecond: 'gas/s', minPrice: 'nAVAX/gas' }),
    { section: 'L1 validator fee state (ACP-77): platform.getValidatorFeeState' },
    ...record(vState as Resource<Record<string, unknown>>, { price: 'nAVAX/s per validator' }),
    { section: 'L1 validator fee configuration: platform.getValidatorFeeConfig' },
    ...record(vConfig as Resource<Record<string, unknown>>, { minPrice: 'nAVAX/s' }),
    { section: 'Static fee record: info.getTxFee (the spec; deprecated, constants on v1.12.2+)' },
    ...status(txFee as Resource<unknown>),
    ...Object.entries(fee).map(([k, v]) => ({ label: TX_FEE_LABELS[k] ?? sanitize(k), value: formatAvax(big(v), { decimals: 9, unit: true }) })),
  ];
  return <DocumentPane id="fees" items={items} width={width} height={height} active={active} />;
}

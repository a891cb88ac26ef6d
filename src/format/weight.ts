// Which unit a validator weight is in. Only the primary network stakes AVAX, so only its weights (and stakes,
// rewards, delegations) are nAVAX. A permissioned subnet's or an L1's weights are plain numbers its owner chose (a
// node says "100" for a weight of one hundred, not 100 nAVAX), and an elastic subnet stakes its own asset: read
// as nAVAX they all print as 0 AVAX. Every surface that shows a weight asks this module.
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { formatAvax, formatAvaxCompact } from './avax';
import { formatCount } from './number';

export function weightIsAvax(subnetId: string | undefined): boolean {
  return subnetId === undefined || subnetId === PRIMARY_NETWORK_ID;
}

/** What a total of weights is called: "AVAX" on the primary network, "weight" elsewhere. */
export function weightUnit(subnetId: string | undefined): string {
  return weightIsAvax(subnetId) ? 'AVAX' : 'weight';
}

/** Full form: "1,234.5 AVAX" on the primary network, "1,000" elsewhere. */
export function formatWeight(weight: bigint | null | undefined, subnetId: string | undefined): string {
  if (weight === null || weight === undefined) return '—';
  return weightIsAvax(subnetId) ? formatAvax(weight, { decimals: 3, unit: true }) : formatCount(weight);
}

/** Narrow columns: AVAX as 1.23M / 45.6K / 789.1; plain weights as 1.23M / 45.60K / 100. */
export function formatWeightCompact(weight: bigint | null | undefined, subnetId: string | undefined): string {
  if (weight === null || weight === undefined) return '—';
  if (weightIsAvax(subnetId)) return formatAvaxCompact(weight);
  return formatUnitsCompact(weight);
}

function formatUnitsCompact(n: bigint): string {
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const units: Array<[bigint, string]> = [
    [1_000_000_000_000n, 'T'],
    [1_000_000_000n, 'B'],
    [1_000_000n, 'M'],
    [1_000n, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const hundredths = (abs * 100n + size / 2n) / size;
      // Weights far above a trillion (an L1 may use up to 2^64) as 1.84e19 rather than a column-wide number.
      if (suffix === 'T' && hundredths >= 100_000n) {
        const digits = abs.toString();
        return `${negative ? '-' : ''}${digits[0]}.${digits.slice(1, 3)}e${digits.length - 1}`;
      }
      return `${negative ? '-' : ''}${(hundredths / 100n).toString()}.${(hundredths % 100n).toString().padStart(2, '0')}${suffix}`;
    }
  }
  return `${negative ? '-' : ''}${abs.toString()}`;
}

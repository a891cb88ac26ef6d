// AVAX amounts arrive as nAVAX bigints (1 AVAX = 10^9 nAVAX); floats would lose precision above 2^53 nAVAX
// (about 9 million AVAX), which total stake and supply exceed, so all arithmetic stays in bigint.
export const NAVAX_PER_AVAX = 1_000_000_000n;

export type AvaxFormatOptions = {
  /** Digits after the decimal point to show (0-9); the value is rounded half-up. Default 3. */
  decimals?: number;
  /** Keep trailing zeros after the decimal point. Default false. */
  fixed?: boolean;
  /** Append " AVAX". Default false. */
  unit?: boolean;
  /** Group the integer part with thin separators ("1,234,567"). Default true. */
  group?: boolean;
};

export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatAvax(nAvax: bigint | null | undefined, opts: AvaxFormatOptions = {}): string {
  if (nAvax === null || nAvax === undefined) return '—';
  const decimals = Math.max(0, Math.min(9, Math.trunc(opts.decimals ?? 3)));
  const negative = nAvax < 0n;
  let abs = negative ? -nAvax : nAvax;
  const scale = 10n ** BigInt(9 - decimals);
  // Round half-up at the requested precision.
  abs = (abs + scale / 2n) / scale;
  const unitScale = 10n ** BigInt(decimals);
  const whole = abs / unitScale;
  let frac = decimals > 0 ? (abs % unitScale).toString().padStart(decimals, '0') : '';
  if (!opts.fixed) frac = frac.replace(/0+$/, '');
  const wholeText = opts.group === false ? whole.toString() : groupDigits(whole.toString());
  const sign = negative && (whole > 0n || frac !== '') ? '-' : '';
  return `${sign}${wholeText}${frac ? `.${frac}` : ''}${opts.unit ? ' AVAX' : ''}`;
}

/** Compact form for narrow columns: 1.23M, 45.6K, 789.1 (AVAX). */
export function formatAvaxCompact(nAvax: bigint | null | undefined): string {
  if (nAvax === null || nAvax === undefined) return '—';
  const negative = nAvax < 0n;
  const abs = negative ? -nAvax : nAvax;
  const units: Array<[bigint, string]> = [
    [NAVAX_PER_AVAX * 1_000_000_000n, 'B'],
    [NAVAX_PER_AVAX * 1_000_000n, 'M'],
    [NAVAX_PER_AVAX * 1_000n, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      // Two decimals, computed in bigint then rounded half-up.
      const hundredths = (abs * 100n + size / 2n) / size;
      return `${negative ? '-' : ''}${(hundredths / 100n).toString()}.${(hundredths % 100n).toString().padStart(2, '0')}${suffix}`;
    }
  }
  return `${negative ? '-' : ''}${formatAvax(abs, { decimals: 2 })}`;
}

/**
 * For table columns: the compact form with exactly two decimals, and a blank where K, M or B would stand, so
 * right-aligned amounts line up on the decimal point ("1.23M", "45.60K", "789.10 ").
 */
export function formatAvaxColumn(nAvax: bigint | null | undefined): string {
  const compact = formatAvaxCompact(nAvax);
  if (nAvax === null || nAvax === undefined || /[KMB]$/.test(compact)) return compact;
  return `${formatAvax(nAvax, { decimals: 2, fixed: true })} `;
}

/** Every nAVAX digit (9 decimals, always shown): for one-shot output, where 1,167,010 nAVAX must not read 0.001. */
export function formatAvaxExact(nAvax: bigint | null | undefined): string {
  return formatAvax(nAvax, { decimals: 9, fixed: true });
}

/** Share of part in whole as a percentage number, computed with bigint so large weights stay exact enough. */
export function shareOf(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  // Basis points of basis points: 1e6 resolution, then to a float.
  return Number((part * 100_000_000n) / whole) / 1_000_000;
}

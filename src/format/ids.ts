// Shortening long cb58 IDs for narrow columns while keeping both ends recognisable.
import { PRIMARY_NETWORK_ID } from '../state/constants';

const PREFIXES = ['NodeID-', 'P-', 'X-', 'C-'];

/** "NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg" → "NodeID-7Xhw2m…St3Lg". Keeps a known prefix whole. */
export function shortenId(id: string | null | undefined, keep = 6): string {
  if (!id) return '—';
  const prefix = PREFIXES.find((p) => id.startsWith(p)) ?? '';
  const body = id.slice(prefix.length);
  const tail = Math.max(3, keep - 1);
  if (body.length <= keep + tail + 1) return id;
  return `${prefix}${body.slice(0, keep)}…${body.slice(-tail)}`;
}

/** "0x1234…abcd" for hex blobs such as BLS keys. */
export function shortenHex(hex: string | null | undefined, keep = 6): string {
  if (!hex) return '—';
  if (hex.length <= keep * 2 + 3) return hex;
  return `${hex.slice(0, keep + 2)}…${hex.slice(-keep)}`;
}

/**
 * The all-zero ID is the API's "no value": the primary network where a subnet is meant, and otherwise nothing (a
 * subnet that was never converted has conversionID and managerChainID set to it). Shown in words, not as an ID.
 */
export function describeEmptyId(field: string, value: string): string {
  if (value !== PRIMARY_NETWORK_ID) return value;
  const key = field.split('.').pop() ?? field;
  return /subnet/i.test(key) ? 'primary network' : 'none';
}

/** A hex blob (a BLS key, a signature) whole when it fits `width` cells, else both ends around "…" filling it. */
export function fitHex(hex: string | null | undefined, width: number): string {
  if (!hex) return '—';
  if (hex.length <= width) return hex;
  return shortenHex(hex, Math.max(6, Math.floor((width - 3) / 2)));
}

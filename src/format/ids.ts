// Shortening long cb58 IDs for narrow columns while keeping both ends recognisable.

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

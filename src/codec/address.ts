import { bech32Decode, bech32Encode, convertBits } from './bech32';
import { CodecError } from './errors';

// utils/constants/network_ids.go: the HRPs and names of the known network IDs.
const HRPS: Record<number, string> = { 1: 'avax', 2: 'cascade', 3: 'denali', 4: 'everest', 5: 'fuji', 10: 'testing', 12345: 'local' };
const NAMES: Record<number, string> = { 1: 'mainnet', 2: 'cascade', 3: 'denali', 4: 'everest', 5: 'fuji', 10: 'testing', 12345: 'local' };
export const FALLBACK_HRP = 'custom';

export function hrpForNetwork(networkId: number): string {
  return HRPS[networkId] ?? FALLBACK_HRP;
}

export function networkName(networkId: number): string {
  return NAMES[networkId] ?? `network-${networkId}`;
}

/** The network ID for a name ("mainnet", "fuji", "network-99", or digits), or undefined. */
export function networkIdFromName(name: string): number | undefined {
  const lower = name.toLowerCase();
  for (const [id, n] of Object.entries(NAMES)) if (n === lower) return Number(id);
  const m = /^(?:network-)?(\d{1,10})$/.exec(lower);
  if (m) {
    const id = Number(m[1]);
    if (id <= 0xffffffff) return id;
  }
  return undefined;
}

const hrpCache = new Map<number, string>();

export function formatBech32(hrp: string, bytes: Uint8Array): string {
  return bech32Encode(hrp, convertBits(bytes, 8, 5, true));
}

/** `P-avax1…`: the chain alias, a dash, then bech32 of the 20-byte short ID with the network's HRP. */
export function formatAddress(bytes20: Uint8Array, networkId: number, chain = 'P'): string {
  if (bytes20.length !== 20) throw new CodecError(`invalid address length: expected 20 bytes but got ${bytes20.length}`);
  let hrp = hrpCache.get(networkId);
  if (hrp === undefined) {
    hrp = hrpForNetwork(networkId);
    hrpCache.set(networkId, hrp);
  }
  return `${chain}-${formatBech32(hrp, bytes20)}`;
}

export function parseAddress(s: string): { chain: string; hrp: string; bytes: Uint8Array } {
  const dash = s.indexOf('-');
  if (dash < 0) throw new CodecError('no separator found in address', 0);
  const chain = s.slice(0, dash);
  let decoded: { hrp: string; data5: number[] };
  let bytes: number[];
  try {
    decoded = bech32Decode(s.slice(dash + 1));
    bytes = convertBits(decoded.data5, 5, 8, false);
  } catch (err) {
    if (err instanceof CodecError) throw new CodecError(err.reason, (err.offset ?? 0) + dash + 1);
    throw err;
  }
  if (bytes.length !== 20) throw new CodecError(`invalid address length: expected 20 bytes but got ${bytes.length}`, dash + 1);
  return { chain, hrp: decoded.hrp, bytes: Uint8Array.from(bytes) };
}

// What the P-chain method modules share: how blobs are written, how codec errors read, the chain's address format
// and its clock.
import { CodecError } from '../../../codec';
import { encodeHex, formatAddress, rfc3339 } from '../../wire';
import { parseServiceAddress, type Encoding } from '../../params';
import type { HandlerContext } from '../context';
import { chainAliases } from '../info';

export const MAX_PAGE = 1024;
export const MAX_UTXO_ADDRESSES = 1024;
export const MAX_STAKE_ADDRESSES = 256;

export interface PlatformHelpers {
  blob(bytes: Uint8Array, enc: Encoding): string;
  codecReason(err: unknown): string;
  /** Chain aliases (`X`, `C`, `P`…) to IDs. */
  hrpAliases(): Record<string, string>;
  /** An address as the API takes it (`P-avax1…`, or bare), to its bytes. */
  addr(s: string): Uint8Array;
  /** Bytes to `P-<hrp>1…`. */
  fmt(a: Uint8Array): string;
  /** Chain time: whole seconds (block times are unix seconds). */
  chainTime(): string;
}

function blob(bytes: Uint8Array, enc: Encoding): string {
  return encodeHex(bytes, { checksum: enc !== 'hexnc' });
}

function codecReason(err: unknown): string {
  if (err instanceof CodecError) return (err as CodecError & { reason?: string }).reason ?? err.message;
  return err instanceof Error ? err.message : String(err);
}

export function platformHelpers(ctx: HandlerContext): PlatformHelpers {
  const { net } = ctx;
  const hrpAliases = () => chainAliases(ctx);
  const hrp = () => formatAddress(new Uint8Array(20), net.networkId).split('-')[1]!.split('1')[0]!;
  return {
    blob,
    codecReason,
    hrpAliases,
    addr: (s) => parseServiceAddress(s, hrp(), hrpAliases()),
    fmt: (a) => formatAddress(a, net.networkId),
    chainTime: () => rfc3339(Math.floor(net.timeMs / 1000) * 1000),
  };
}

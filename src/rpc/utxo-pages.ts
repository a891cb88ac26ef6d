import { formatId } from '../codec/cb58';
import { decodeHexDetailed } from '../codec/hex';
import { utxoIdOf } from '../codec/pchain/utxo';
import type { AvatopClient, ClientCallOptions } from './client';
import { MAX_UTXOS_PAGE } from './methods/platform/get-utxos';

export interface UtxoRef {
  /** cb58 UTXO ID (sha256 of outputIndex ‖ txID), or the hex itself when the bytes are too short to hold one. */
  id: string;
  txID?: string;
  outputIndex?: number;
  /** The UTXO as the node sent it; the UI decodes it with the codec. */
  hex: string;
}

export interface UtxoPage {
  /** 0-based page number. */
  index: number;
  /** UTXOs not seen on an earlier page. */
  utxos: UtxoRef[];
  /** What the node reported for this page, duplicates included. */
  numFetched: number;
  /** UTXOs dropped because an earlier page had them (the API does not promise uniqueness across pages). */
  duplicates: number;
  endIndex?: { address: string; utxo: string };
  encoding: string;
  /** true on the last page. */
  done: boolean;
}

export interface IterateUtxosOptions extends ClientCallOptions {
  addresses: string[];
  /** Page size; clamped to 1..1024 like the node does (default 1024). */
  limit?: number;
  /** Chain ID or alias whose exported (atomic) UTXOs to list. */
  sourceChain?: string;
  encoding?: 'hex' | 'hexc' | 'hexnc';
  /** Safety stop for pathological nodes. */
  maxPages?: number;
}

/** Reads txID and outputIndex straight from the codec layout (`0x0000 | txID | outputIndex | …`). */
export function utxoRefFromHex(hex: string, encoding = 'hex'): UtxoRef {
  try {
    const { bytes } = decodeHexDetailed(hex, { checksum: encoding === 'hexnc' ? false : encoding === 'hex' || encoding === 'hexc' ? true : 'auto' });
    if (bytes.length >= 38) {
      const txId = bytes.subarray(2, 34);
      const outputIndex = new DataView(bytes.buffer, bytes.byteOffset + 34, 4).getUint32(0);
      return { id: formatId(utxoIdOf(txId, outputIndex)), txID: formatId(txId), outputIndex, hex };
    }
  } catch {
    // Fall through: a blob we cannot read is still listed, keyed by its text.
  }
  return { id: hex, hex };
}

/**
 * Pages through platform.getUTXOs, passing each `endIndex` as the next `startIndex`, and stops when a page comes
 * back shorter than the limit (the spec's rule), when the node makes no progress, or after `maxPages`.
 */
export async function* iterateUtxos(client: Pick<AvatopClient, 'call'>, options: IterateUtxosOptions): AsyncGenerator<UtxoPage> {
  const requested = options.limit ?? MAX_UTXOS_PAGE;
  const limit = requested <= 0 || requested > MAX_UTXOS_PAGE ? MAX_UTXOS_PAGE : Math.floor(requested);
  const maxPages = options.maxPages ?? Number.POSITIVE_INFINITY;
  const seen = new Set<string>();
  let startIndex: { address: string; utxo: string } | undefined;

  for (let index = 0; index < maxPages; index++) {
    const reply = await client.call(
      'platform.getUTXOs',
      {
        addresses: options.addresses,
        limit,
        ...(startIndex ? { startIndex } : {}),
        ...(options.sourceChain ? { sourceChain: options.sourceChain } : {}),
        ...(options.encoding ? { encoding: options.encoding } : {}),
      },
      { signal: options.signal, timeoutMs: options.timeoutMs },
    );
    const fresh: UtxoRef[] = [];
    let duplicates = 0;
    for (const hex of reply.utxos) {
      const ref = utxoRefFromHex(hex, reply.encoding);
      if (seen.has(ref.id)) {
        duplicates++;
        continue;
      }
      seen.add(ref.id);
      fresh.push(ref);
    }
    const next = reply.endIndex;
    const stalled = !next || (startIndex !== undefined && next.utxo === startIndex.utxo && next.address === startIndex.address);
    const done = reply.numFetched < limit || reply.utxos.length === 0 || stalled || index + 1 >= maxPages;
    yield { index, utxos: fresh, numFetched: reply.numFetched, duplicates, endIndex: next, encoding: reply.encoding, done };
    if (done) return;
    startIndex = next;
  }
}

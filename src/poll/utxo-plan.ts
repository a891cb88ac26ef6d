// The UTXOs pane's polls: the page on screen and the whole-address totals beside it (getBalance, getStake in
// 256-address chunks).
import { parseAddress } from '../codec/address';
import type { ParamsOf } from '../rpc/methods';
import { lens } from '../state/lenses';
import type { AvatopState } from '../state/store';
import { addressSetKey } from '../state/utxos';
import {
  balanceFromResult,
  chunkAddresses,
  stakedOutputFacts,
  sumStakeChunks,
  type StakeChunk,
} from './address-totals';
import { utxoPageFromResult } from './transforms';
import { call, ignorePrev, type ResourceSpec } from './resource-spec';

/** The page of the active UTXO query and the totals of its addresses; nothing while no addresses are set. */
export function utxoSpecs(s: AvatopState): ResourceSpec[] {
  const q = s.utxos.active === undefined ? undefined : s.utxos.queries[s.utxos.active];
  if (!q || q.addresses.length === 0) return [];
  const params: ParamsOf<'platform.getUTXOs'> = { addresses: [...q.addresses], limit: q.pageSize, encoding: 'hex' };
  if (q.start) params.startIndex = q.start;
  if (q.sourceChain) params.sourceChain = q.sourceChain;
  // The page's start and size are part of the key: paging or resizing stops this page's poller and starts the
  // next one's (with the size left out, a new size kept polling with the old limit and showed "(last)").
  const at = q.start ? `${q.start.address}/${q.start.utxo}` : '';
  return [
    call(`utxos:${q.key}:${q.pageSize}:${at}`, 'platform.getUTXOs', params, 'height', lens.utxoPage(q.key), (prev, r, { decoders }) =>
      utxoPageFromResult(prev, r, decoders),
    ),
    // Whole-address totals beside the page; keyed by the address set alone, so paging and switching the
    // source chain keep them (they are P-chain facts and change only with blocks).
    balanceSpec(q.addresses),
    stakeSpec(q.addresses),
    // Says which asset the totals and the page sums count as AVAX.
    call('stakingAssetId', 'platform.getStakingAssetID', {}, 'once', lens.stakingAssetId, ignorePrev((r) => r.assetID)),
  ];
}

/**
 * getBalance takes any number of addresses: one call per height. Its UTXO IDs (100,000 for a busy wallet, 7.5 MB of
 * the reply) are counted as they arrive, never parsed or kept: the pane shows their number.
 */
function balanceSpec(addresses: readonly string[]): ResourceSpec {
  const setKey = addressSetKey(addresses);
  const params = { addresses: [...addresses] };
  return call(`balance:${setKey}`, 'platform.getBalance', params, 'height', lens.utxoBalance(setKey), ignorePrev(balanceFromResult), {
    fetch: (ctx, signal) => ctx.client.call('platform.getBalance', params, { signal, list: { key: 'utxoIDs' } }),
  });
}

/** getStake takes at most 256 addresses: one call per chunk, one after another, added up (see address-totals.ts). */
function stakeSpec(addresses: readonly string[]): ResourceSpec {
  const setKey = addressSetKey(addresses);
  const chunks = chunkAddresses(addresses);
  return {
    key: `stake:${setKey}`,
    method: 'platform.getStake',
    params: chunks.length === 1 ? { addresses: chunks[0], encoding: 'hex' } : undefined,
    cadence: 'height',
    pchain: true,
    lens: lens.utxoStake(setKey),
    async fetch(ctx, signal) {
      const { decoders } = ctx;
      const formatAssetId = decoders.id ?? ((b: Uint8Array) => Buffer.from(b).toString('hex'));
      const replies: StakeChunk[] = [];
      for (const part of chunks) {
        const result = await ctx.client.call('platform.getStake', { addresses: part, encoding: 'hex' }, { signal });
        const outputs = result.stakedOutputs.map((hex) => {
          try {
            return decoders.stakedOutput ? stakedOutputFacts(decoders.stakedOutput(hex, result.encoding), formatAssetId) : undefined;
          } catch {
            return undefined; // counted as undecodable; the node's totals still include it
          }
        });
        replies.push({ addresses: part.flatMap(addressBytes), result, outputs });
      }
      return sumStakeChunks(replies, ctx.state().supply.stakingAssetId.data || undefined);
    },
    toData: (_prev, summed) => summed,
  };
}

function addressBytes(a: string): Uint8Array[] {
  try {
    return [parseAddress(a).bytes];
  } catch {
    return []; // the node rejects the call first
  }
}

// The `:` prompt: what the typed text is (pure), and for a bare cb58 ID, which thing it names (asks the node).
// Ambiguous 32-byte IDs are tried as a subnet, then a tx, then a block, then a chain; the answer says what matched.
import { parseAddress } from '../codec/address';
import { parseId, parseNodeId } from '../codec/cb58';
import { decodeHex } from '../codec/hex';
import { decodeSignedTx } from '../codec/pchain/txs';
import { shortenId } from '../format/ids';
import { sanitize } from '../format/sanitize';
import type { MethodName, ParamsOf, ResultOf } from '../rpc/methods';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { paneByName } from '../state/panes';
import type { NavView, PaneId } from '../state/ui';

export type GotoInput =
  | { readonly kind: 'pane'; readonly pane: PaneId }
  | { readonly kind: 'console' }
  | { readonly kind: 'health' }
  | { readonly kind: 'history' }
  | { readonly kind: 'height'; readonly height: bigint }
  | { readonly kind: 'node'; readonly nodeId: string }
  | { readonly kind: 'address'; readonly address: string }
  | { readonly kind: 'id'; readonly id: string }
  | { readonly kind: 'invalid'; readonly message: string };

export function classifyGoto(text: string): GotoInput {
  const t = text.trim();
  if (!t) return { kind: 'invalid', message: 'type an ID, a height, a node ID, an address or a pane name' };
  const lower = t.toLowerCase();
  // Pane names as people type them (`:validators`, `:val`, `:utxo`): the pane table's ids and go-to names.
  const pane = paneByName(lower)?.id;
  if (pane) return pane === 'console' ? { kind: 'console' } : { kind: 'pane', pane };
  if (lower === 'health') return { kind: 'health' };
  if (lower === 'history' || lower === 'charts') return { kind: 'history' };
  if (/^[\d,_]+$/.test(t)) {
    const digits = t.replace(/[,_]/g, '');
    if (digits.length > 20) return { kind: 'invalid', message: 'that height is too large' };
    return { kind: 'height', height: BigInt(digits) };
  }
  if (t.startsWith('NodeID-')) {
    try {
      parseNodeId(t);
      return { kind: 'node', nodeId: t };
    } catch {
      return { kind: 'invalid', message: 'not a valid node ID: NodeID- is followed by 33 cb58 characters ending in a checksum; one may be mistyped' };
    }
  }
  // Addresses: P-avax1…, X-fuji1…, or bare avax1… (the P-chain is meant).
  if (/^[A-Za-z]-[a-z]+1/.test(t) || /^[a-z]+1[02-9ac-hj-np-z]{38}$/.test(t)) {
    const full = t.includes('-') ? t : `P-${t}`;
    try {
      parseAddress(full);
      return { kind: 'address', address: full };
    } catch {
      return { kind: 'invalid', message: 'not a valid address: after "P-avax1" come 38 letters and digits ending in a checksum; one may be mistyped' };
    }
  }
  // A 32-byte ID with its checksum is 33 to 50 cb58 characters (leading zero bytes are single 1s); anything shorter
  // is not an attempt at one.
  if (/^[1-9A-HJ-NP-Za-km-z]{33,60}$/.test(t)) {
    try {
      parseId(t);
      return { kind: 'id', id: t };
    } catch {
      return { kind: 'invalid', message: 'not a valid ID: its checksum does not match, so a character is mistyped or missing' };
    }
  }
  return { kind: 'invalid', message: `"${sanitize(t, { maxLength: 40 })}" is not an ID, height, node ID, address, pane name, "health" or "history"` };
}

export type GotoResult =
  | { readonly kind: 'view'; readonly view: NavView; readonly note: string }
  | { readonly kind: 'pane'; readonly pane: PaneId; readonly note: string }
  | { readonly kind: 'utxos'; readonly address: string; readonly note: string }
  | { readonly kind: 'error'; readonly note: string };

/** The narrow client the prompt needs (the typed client satisfies it). */
export interface GotoClient {
  call<N extends MethodName>(name: N, params?: ParamsOf<N>, opts?: { signal?: AbortSignal }): Promise<ResultOf<N>>;
}

/** A "not found" answer from the node (JSON-RPC error), as opposed to the node being unreachable. */
function isNotFound(e: unknown): boolean {
  return (e as { name?: string })?.name === 'RpcError' || (e as { name?: string })?.name === 'ParamsError';
}

async function found<N extends MethodName>(client: GotoClient, method: N, params: ParamsOf<N>, signal?: AbortSignal): Promise<{ result: ResultOf<N> } | undefined> {
  try {
    return { result: await client.call(method, params, { signal }) };
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** The type of a getTx reply's tx, when our codec can read it. */
function txTypeOf(result: ResultOf<'platform.getTx'>): string | undefined {
  const hex = result.tx;
  if (typeof hex !== 'string') return undefined;
  try {
    return decodeSignedTx(decodeHex(hex, { checksum: 'auto' })).unsigned.typeName;
  } catch {
    return undefined;
  }
}

/** Resolves typed text to where it leads. Node trouble comes back as an error result, never a throw. */
export async function resolveGoto(text: string, client: GotoClient | undefined, opts: { signal?: AbortSignal } = {}): Promise<GotoResult> {
  const input = classifyGoto(text);
  switch (input.kind) {
    case 'invalid':
      return { kind: 'error', note: input.message };
    case 'pane':
      return { kind: 'pane', pane: input.pane, note: `${input.pane} pane` };
    case 'console':
      return { kind: 'pane', pane: 'console', note: 'RPC console' };
    case 'health':
      return { kind: 'view', view: { kind: 'health' }, note: "the node's health checks" };
    case 'history':
      return { kind: 'view', view: { kind: 'history' }, note: "the node's last hour, day and week" };
    case 'height':
      return { kind: 'view', view: { kind: 'block', height: input.height }, note: `block at height ${input.height}` };
    case 'node':
      return { kind: 'view', view: { kind: 'validator', nodeId: input.nodeId }, note: `node ${shortenId(input.nodeId)}` };
    case 'address':
      return { kind: 'utxos', address: input.address, note: `UTXOs of ${shortenId(input.address)}` };
    case 'id':
      break;
  }
  const id = input.id;
  if (id === PRIMARY_NETWORK_ID) return { kind: 'view', view: { kind: 'subnet', id }, note: 'the primary network' };
  if (!client) return { kind: 'error', note: 'no node connection to look the ID up' };
  const short = shortenId(id);
  try {
    // A subnet's ID is also the ID of the tx that created it: someone typing it wants the subnet.
    if (await found(client, 'platform.getSubnet', { subnetID: id }, opts.signal)) {
      return { kind: 'view', view: { kind: 'subnet', id }, note: `${short} is a subnet (also the ID of the CreateSubnetTx that made it)` };
    }
    const tx = await found(client, 'platform.getTx', { txID: id, encoding: 'hex' }, opts.signal);
    if (tx) {
      const type = txTypeOf(tx.result);
      // A subnet's ID is its CreateSubnetTx's ID, a chain's its CreateChainTx's: say so, the view links to it.
      const also = type === 'CreateChainTx' ? ' (it created the chain with this ID)' : '';
      return { kind: 'view', view: { kind: 'tx', id }, note: `${short} is a transaction${type ? `, ${type}` : ''}${also}` };
    }
    if (await found(client, 'platform.getBlock', { blockID: id, encoding: 'hex' }, opts.signal)) {
      return { kind: 'view', view: { kind: 'block', id }, note: `${short}: no tx with that ID; it is a block` };
    }
    const { blockchains } = await client.call('platform.getBlockchains', {}, { signal: opts.signal });
    if (blockchains.some((c) => c.id === id)) {
      return { kind: 'view', view: { kind: 'chain', id }, note: `${short}: not a tx, block or subnet; it is a chain` };
    }
    return { kind: 'error', note: `${short}: no tx, block, subnet or chain with that ID on this node` };
  } catch (e) {
    const short2 = (e as { short?: unknown }).short;
    return { kind: 'error', note: `could not look ${short} up: ${sanitize(typeof short2 === 'string' ? short2 : e instanceof Error ? e.message : String(e))}` };
  }
}

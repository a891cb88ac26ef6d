// UTXO queries: one per address set (and source chain), each with its own page cursor. Paging is a stack of the
// start indexes of the pages already seen, because getUTXOs can only go forward from an end index.
import { idleResource, type Resource } from './resource';
import type { AddressBalance, AddressStake, UtxoIndex, UtxoPage } from './types';

export const UTXO_PAGE_SIZE_DEFAULT = 100;
/** getUTXOs caps `limit` at 1024 and takes at most 1024 addresses. */
export const UTXO_PAGE_SIZE_MAX = 1024;

/** The addresses typed at the UTXO pane's `a` prompt: separated by spaces or commas, at most the 1024 getUTXOs takes. */
export function addressesFrom(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean).slice(0, UTXO_PAGE_SIZE_MAX);
}

export interface UtxoQuery {
  readonly key: string;
  readonly addresses: readonly string[];
  readonly sourceChain: string | undefined;
  readonly pageSize: number;
  /** Start index of the page shown (undefined: the first page). */
  readonly start: UtxoIndex | undefined;
  /** Start indexes of the pages before this one, for "previous page". */
  readonly prevStarts: readonly (UtxoIndex | undefined)[];
  readonly page: Resource<UtxoPage>;
}

export interface UtxoSlice {
  readonly queries: Readonly<Record<string, UtxoQuery>>;
  /** The query the UTXO pane shows. */
  readonly active: string | undefined;
  /**
   * Whole-address totals by address set (`addressSetKey`): P-chain facts, so shared by a set's pages and source
   * chains, and kept when a query is closed (reopening the same addresses shows them at once).
   */
  readonly balances: Readonly<Record<string, Resource<AddressBalance>>>;
  readonly stakes: Readonly<Record<string, Resource<AddressStake>>>;
}

export function initialUtxos(): UtxoSlice {
  return { queries: {}, active: undefined, balances: {}, stakes: {} };
}

/** The address set alone (sorted, no source chain): what getBalance and getStake answer for. */
export function addressSetKey(addresses: readonly string[]): string {
  return [...addresses].sort().join(',');
}

export function utxoQueryKey(addresses: readonly string[], sourceChain?: string): string {
  return addressSetKey(addresses) + (sourceChain ? `@${sourceChain}` : '');
}

/** Open (or re-activate) a query; a new page size starts again from the first page. */
export function openUtxoQuery(
  s: UtxoSlice,
  opts: { addresses: readonly string[]; sourceChain?: string; pageSize?: number },
): UtxoSlice {
  const key = utxoQueryKey(opts.addresses, opts.sourceChain);
  const pageSize = Math.min(UTXO_PAGE_SIZE_MAX, Math.max(1, opts.pageSize ?? UTXO_PAGE_SIZE_DEFAULT));
  const existing = s.queries[key];
  if (existing && existing.pageSize === pageSize) return s.active === key ? s : { ...s, active: key };
  const q: UtxoQuery = {
    key,
    addresses: [...opts.addresses],
    sourceChain: opts.sourceChain,
    pageSize,
    start: undefined,
    prevStarts: [],
    page: idleResource(),
  };
  return { ...s, queries: { ...s.queries, [key]: q }, active: key };
}

export function closeUtxoQuery(s: UtxoSlice, key: string): UtxoSlice {
  if (!s.queries[key]) return s;
  const queries = { ...s.queries };
  delete queries[key];
  return { ...s, queries, active: s.active === key ? undefined : s.active };
}

/** More pages may exist when the page came back full (the spec's rule: numFetched equal to limit). */
export function hasNextPage(q: UtxoQuery): boolean {
  const p = q.page.data;
  return p !== undefined && p.endIndex !== undefined && p.numFetched >= q.pageSize;
}

export function nextUtxoPage(s: UtxoSlice, key: string): UtxoSlice {
  const q = s.queries[key];
  if (!q || !hasNextPage(q)) return s;
  return replace(s, { ...q, prevStarts: [...q.prevStarts, q.start], start: q.page.data!.endIndex, page: idleResource() });
}

export function prevUtxoPage(s: UtxoSlice, key: string): UtxoSlice {
  const q = s.queries[key];
  if (!q || q.prevStarts.length === 0) return s;
  const start = q.prevStarts[q.prevStarts.length - 1];
  return replace(s, { ...q, prevStarts: q.prevStarts.slice(0, -1), start, page: idleResource() });
}

export function setUtxoPageSize(s: UtxoSlice, key: string, pageSize: number): UtxoSlice {
  const q = s.queries[key];
  if (!q) return s;
  return openUtxoQuery(closeUtxoQuery(s, key), { addresses: q.addresses, sourceChain: q.sourceChain, pageSize });
}

function replace(s: UtxoSlice, q: UtxoQuery): UtxoSlice {
  return { ...s, queries: { ...s.queries, [q.key]: q } };
}

// The UTXOs pane's totals block: whole-address balances (getBalance), the current page's sums, and the stake
// (getStake), as aligned text lines. Pure, so the figures and the words for a failing method can be tested alone.
import { formatAvax } from '../../format/avax';
import { formatCount } from '../../format/number';
import { sanitize } from '../../format/sanitize';
import { fit } from '../../format/width';
import { describeResource, type Resource } from '../../state/resource';
import type { AddressBalance, AddressStake } from '../../state/types';
import type { Balances } from './utxo-model';

export type TotalsTone = 'heading' | 'value' | 'muted' | 'warn';
export interface TotalsLine {
  readonly text: string;
  readonly tone: TotalsTone;
}

const LABEL = 12;
const TITLES = ['total', 'unlocked', 'locked stakeable', 'locked not stakeable'] as const;
/** Exact: nAVAX has 9 decimals, all shown (fixed, so the columns line up on the point). */
const avax = (v: bigint | undefined) => formatAvax(v, { decimals: 9, fixed: true });

/** The staking asset's figures of a getBalance answer: the plain fields, or its entry in the per-asset maps. */
export function avaxBalances(b: AddressBalance, assetId: string | undefined): Balances | undefined {
  const pick = (plain: bigint | undefined, map: Readonly<Record<string, bigint>>) => plain ?? (assetId ? map[assetId] : undefined);
  const unlocked = pick(b.unlocked, b.unlockeds);
  const lockedStakeable = pick(b.lockedStakeable, b.lockedStakeables);
  const lockedNotStakeable = pick(b.lockedNotStakeable, b.lockedNotStakeables);
  const total = pick(b.balance, b.balances);
  if (unlocked === undefined && lockedStakeable === undefined && lockedNotStakeable === undefined && total === undefined) {
    // An old reply with only the maps and no staking asset known yet: a single asset is AVAX on the P-chain.
    const keys = Object.keys(b.balances);
    return keys.length === 1 ? avaxBalances(b, keys[0]) : undefined;
  }
  return {
    unlocked: unlocked ?? 0n,
    lockedStakeable: lockedStakeable ?? 0n,
    lockedNotStakeable: lockedNotStakeable ?? 0n,
    total: total ?? (unlocked ?? 0n) + (lockedStakeable ?? 0n) + (lockedNotStakeable ?? 0n),
  };
}

/** Asset IDs with a balance other than the staking asset (their units are their own, so they are only counted). */
export function otherAssets(b: AddressBalance, assetId: string | undefined): string[] {
  if (!assetId) return [];
  return Object.entries(b.balances)
    .filter(([k, v]) => k !== assetId && v > 0n)
    .map(([k]) => k);
}

function row(label: string, cells: readonly string[], widths: readonly number[]): string {
  return label.padEnd(LABEL) + cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
}

/** Error text comes from the node: sanitized like every node string. */
const words = (r: Resource<unknown>) => sanitize(describeResource(r));

/** `what` is the method's short name; an error that already names the method is not prefixed twice. */
function failure(what: string, r: Resource<unknown>): string {
  const w = words(r);
  return w.startsWith(`platform.${what}`) ? w : `${what}: ${w}`;
}

/**
 * Lines, top to bottom: column titles, all UTXOs (getBalance), this page (the UTXOs listed below), staked
 * (getStake). A method that fails or that the node lacks is said in words on its own line; the rest still shows.
 */
export function totalsLines(opts: {
  balance: Resource<AddressBalance>;
  stake: Resource<AddressStake>;
  page: Balances | undefined;
  pageCount: number;
  assetId: string | undefined;
  /** The page lists atomic UTXOs exported from this chain (the balances stay the P-chain's own). */
  atomicFrom?: string;
  width: number;
  /** Lines the pane can give (short terminals): past it, a three-line summary in place of the table. */
  maxLines?: number;
}): TotalsLine[] {
  const { balance, stake, page, width } = opts;
  const all = balance.data ? avaxBalances(balance.data, opts.assetId) : undefined;
  const cells = (b: Balances) => [avax(b.total), avax(b.unlocked), avax(b.lockedStakeable), avax(b.lockedNotStakeable)];
  const allCells = all ? cells(all) : undefined;
  const pageCells = page ? cells(page) : undefined;
  const widths = TITLES.map((t, i) => Math.max(t.length, allCells?.[i]?.length ?? 0, pageCells?.[i]?.length ?? 0));
  const wide = LABEL + widths.reduce((a, w) => a + w + 2, 0) - 2;
  if (opts.maxLines !== undefined && opts.maxLines < (wide > width ? 6 : 4)) return shortLines(opts, all);
  if (wide > width) return narrowLines({ ...opts, allCells, pageCells });
  const lines: TotalsLine[] = [{ text: row('AVAX', [...TITLES], widths), tone: 'heading' }];

  if (allCells) {
    const others = otherAssets(balance.data!, opts.assetId);
    let note = `  ${formatCount(balance.data!.utxoCount)} UTXOs${opts.atomicFrom ? ' on the P-chain' : ''}`;
    if (others.length > 0) note += ` · +${others.length} other asset${others.length === 1 ? '' : 's'}`;
    if (balance.status !== 'ok' || balance.stale) note += ` · ${words(balance)}`;
    lines.push({ text: row('all UTXOs', allCells, widths) + note, tone: balance.stale ? 'warn' : 'value' });
  } else if (balance.status === 'ok') {
    lines.push({ text: 'all UTXOs'.padEnd(LABEL) + 'getBalance gave no AVAX figures', tone: 'muted' });
  } else {
    lines.push({ text: 'all UTXOs'.padEnd(LABEL) + failure('getBalance', balance), tone: balance.status === 'error' ? 'warn' : 'muted' });
  }

  lines.push(
    pageCells
      ? { text: row('this page', pageCells, widths) + `  ${formatCount(opts.pageCount)} ${opts.atomicFrom ? `atomic UTXOs from ${sanitize(opts.atomicFrom)}` : 'UTXOs'} listed below`, tone: 'value' }
      : { text: 'this page'.padEnd(LABEL) + 'loading…', tone: 'muted' },
  );

  lines.push(stakeLine(stake, opts.assetId));
  return lines.map((l) => ({ ...l, text: fit(l.text, width) }));
}

/** Short terminals: the totals and the stake, no breakdown. */
function shortLines(
  opts: { balance: Resource<AddressBalance>; stake: Resource<AddressStake>; page: Balances | undefined; assetId: string | undefined; width: number },
  all: Balances | undefined,
): TotalsLine[] {
  const unit = (v: bigint) => formatAvax(v, { decimals: 9, unit: true });
  const lines: TotalsLine[] = [
    all
      ? { text: `${'all UTXOs'.padEnd(LABEL)}${unit(all.total)} (unlocked ${avax(all.unlocked)})`, tone: 'value' }
      : { text: 'all UTXOs'.padEnd(LABEL) + failure('getBalance', opts.balance), tone: opts.balance.status === 'error' ? 'warn' : 'muted' },
    opts.page ? { text: `${'this page'.padEnd(LABEL)}${unit(opts.page.total)}`, tone: 'value' } : { text: 'this page'.padEnd(LABEL) + 'loading…', tone: 'muted' },
    stakeLine(opts.stake, opts.assetId),
  ];
  return lines.map((l) => ({ ...l, text: fit(l.text, opts.width) }));
}

const NARROW_LABEL = 22;

/**
 * Too narrow for four amount columns side by side: one row per kind instead, all UTXOs and this page as the two
 * columns (two more lines, every figure whole).
 */
function narrowLines(opts: {
  balance: Resource<AddressBalance>;
  stake: Resource<AddressStake>;
  allCells: string[] | undefined;
  pageCells: string[] | undefined;
  pageCount: number;
  assetId: string | undefined;
  atomicFrom?: string;
  width: number;
}): TotalsLine[] {
  const { balance, allCells, pageCells } = opts;
  const allTitle = balance.data ? `all ${formatCount(balance.data.utxoCount)} UTXOs` : 'all UTXOs';
  const pageTitle = `this page (${formatCount(opts.pageCount)}${opts.atomicFrom ? ' atomic' : ''})`;
  const wa = Math.max(allTitle.length, ...(allCells ?? ['—']).map((c) => c.length));
  const wp = Math.max(pageTitle.length, ...(pageCells ?? ['—']).map((c) => c.length));
  const line = (label: string, a: string, p: string) => label.padEnd(NARROW_LABEL) + a.padStart(wa) + '  ' + p.padStart(wp);
  const lines: TotalsLine[] = [{ text: line('AVAX', allTitle, pageTitle), tone: 'heading' }];
  TITLES.forEach((t, i) => lines.push({ text: line(t, allCells?.[i] ?? '—', pageCells?.[i] ?? '—'), tone: 'value' }));
  if (!allCells) {
    const why = balance.status === 'ok' ? 'getBalance gave no AVAX figures' : failure('getBalance', balance);
    lines.push({ text: 'all UTXOs: ' + why, tone: balance.status === 'error' ? 'warn' : 'muted' });
  } else if (balance.status !== 'ok' || balance.stale) {
    lines.push({ text: 'all UTXOs: ' + words(balance), tone: 'warn' });
  }
  lines.push(stakeLine(opts.stake, opts.assetId));
  return lines.map((l) => ({ ...l, text: fit(l.text, opts.width) }));
}

function stakeLine(stake: Resource<AddressStake>, assetId: string | undefined): TotalsLine {
  const s = stake.data;
  if (!s) return { text: 'staked'.padEnd(LABEL) + failure('getStake', stake), tone: stake.status === 'error' ? 'warn' : 'muted' };
  const amount = s.staked ?? (assetId ? s.stakeds[assetId] : undefined) ?? 0n;
  let text = `${'staked'.padEnd(LABEL)}${formatAvax(amount, { decimals: 9, unit: true })} in ${formatCount(s.outputs)} staked output${s.outputs === 1 ? '' : 's'}`;
  if (s.undecodable > 0) text += ` (+${formatCount(s.undecodable)} the codec could not read)`;
  if (s.calls > 1) text += ` · ${formatCount(s.calls)} getStake calls of at most 256 addresses`;
  const others = Object.keys(s.stakeds).filter((k) => assetId !== undefined && k !== assetId);
  if (others.length > 0) text += ` · +${others.length} other asset${others.length === 1 ? '' : 's'}`;
  if (stake.status !== 'ok' || stake.stale) text += ` · ${words(stake)}`;
  return { text, tone: stake.stale ? 'warn' : 'value' };
}

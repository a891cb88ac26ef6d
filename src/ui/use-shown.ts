// A store value as a pane shows it: the pane renders again when what it shows changes, not at every poll of it. A
// resource is a new object at every answer (its time, latency and size), and the overview rendered again at every
// answer of a dozen resources whose figures had not moved (docs/performance.md).
import { useRef } from 'react';
import { useAvatop } from './store-context';
import type { Resource } from '../state/resource';
import type { AvatopState } from '../state/store';
import { healthSummaryOf } from '../domain/health/health-summary';

/** What `select` gives, as the last one while `same` says it shows the same. */
export function useAvatopShown<T>(select: (s: AvatopState) => T, same: (a: T, b: T) => boolean): T {
  const last = useRef<{ value: T } | undefined>(undefined);
  return useAvatop((s) => {
    const value = select(s);
    const held = last.current;
    if (held !== undefined && (held.value === value || same(held.value, value))) return held.value;
    last.current = { value };
    return value;
  });
}

/** The same on screen: the data (by identity: the store keeps an unchanged answer's) and how it stands, not when or how fast it was read. */
export function sameShownResource(a: Resource<unknown> | undefined, b: Resource<unknown> | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return a.data === b.data && sameStanding(a, b);
}

function sameStanding(a: Resource<unknown>, b: Resource<unknown>): boolean {
  return a.status === b.status && a.stale === b.stale && a.error === b.error && a.bootstrapping === b.bootstrapping && a.reason === b.reason && a.failures === b.failures;
}

/** A resource, rendering again only when it shows something else (sameShownResource). */
export function useShownResource<R extends Resource<unknown> | undefined>(select: (s: AvatopState) => R): R {
  return useAvatopShown(select, sameShownResource);
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The health reply as the overview shows it: the verdict and the failing and pending checks' names. A node stamps
 * every check with the time it ran, so each reply is new data.
 */
export function sameShownHealth<T extends object>(a: Resource<T>, b: Resource<T>): boolean {
  if (a === b) return true;
  if (!sameStanding(a, b) || (a.data === undefined) !== (b.data === undefined)) return false;
  const x = healthSummaryOf(a.data);
  const y = healthSummaryOf(b.data);
  return x.kind === y.kind && x.healthy === y.healthy && x.tone === y.tone && sameList(x.failing, y.failing) && sameList(x.pending, y.pending);
}

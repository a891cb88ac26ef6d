// Is the node there at all? The header's platform.getHeight poll is the liveness probe: it runs every interval,
// the most often of anything, and keeps that pace while it fails. When it cannot reach the node, nothing else on
// screen is live either, whatever its own last poll said: the header and every pane ask this one module.
import type { Resource, ResourceError } from './resource';
import type { AvatopState } from './store';

export type Liveness =
  /** No answer yet, and no failure either. */
  | { readonly state: 'connecting' }
  /** The node answered the last probe (503 "still bootstrapping" is an answer). */
  | { readonly state: 'up'; readonly lastContact: number }
  | {
      readonly state: 'down';
      /**
       * unreachable: nothing answers (or a proxy says it cannot reach the node); refused: something answers every
       * request with a refusal (HTTP 4xx, a redirect), so avatop gets nothing from the node either.
       */
      readonly kind: 'unreachable' | 'refused';
      /** Why, in a few words: "connection refused", "request timed out", "HTTP 403 forbidden". */
      readonly why: string;
      readonly error: ResourceError;
      /** When the probe first failed (epoch ms). */
      readonly since: number | undefined;
      /** When the node last answered, if it ever did: what is shown is as of then. */
      readonly lastContact: number | undefined;
    };

/**
 * The node cannot be reached: the connection failed (refused, reset, timed out, DNS, TLS), or a proxy in front of
 * it says it cannot reach it (502, 504). Any other answer, an error included, comes from a live node.
 */
export function isUnreachableError(e: ResourceError | undefined): boolean {
  if (!e) return false;
  if (e.name === 'TransportError') return (e as { kind?: unknown }).kind !== 'aborted';
  if (e.name === 'HttpError') {
    const status = (e as { status?: unknown }).status;
    return status === 502 || status === 504;
  }
  return false;
}

/**
 * The node (or a proxy in front of it) refuses avatop: a redirect or an HTTP 4xx on the liveness probe. avatop gets
 * nothing from it until that changes, as from a node that is down; `status` exits 2 for it (config/exit-codes.ts).
 */
export function isRefusedError(e: ResourceError | undefined): boolean {
  if (!e || e.name !== 'HttpError') return false;
  const status = (e as { status?: unknown }).status;
  return typeof status === 'number' && status >= 300 && status < 500;
}

function whyOf(e: ResourceError): string {
  const summary = (e as { summary?: unknown }).summary;
  return typeof summary === 'string' && summary ? summary : (e.short ?? e.message ?? 'unreachable');
}

// One Liveness per probe Resource: resources are immutable and replaced on change, so the selector returns the
// same object until the probe changes (components re-render on identity).
const cache = new WeakMap<Resource<unknown>, Liveness>();
const CONNECTING: Liveness = Object.freeze({ state: 'connecting' });

export function livenessOf(probe: Resource<unknown>): Liveness {
  let l = cache.get(probe);
  if (l) return l;
  const kind = probe.status !== 'error' ? undefined : isUnreachableError(probe.error) ? 'unreachable' : isRefusedError(probe.error) ? 'refused' : undefined;
  if (kind) {
    l = { state: 'down', kind, why: whyOf(probe.error!), error: probe.error!, since: probe.failingSince, lastContact: probe.updatedAt };
  } else if (probe.status === 'error' || probe.updatedAt !== undefined) {
    // Failed with an answer (bootstrapping, an HTTP or RPC error): the node is there.
    l = { state: 'up', lastContact: probe.failingSince ?? probe.updatedAt ?? 0 };
  } else {
    l = CONNECTING;
  }
  cache.set(probe, l);
  return l;
}

export const selectLiveness = (s: AvatopState): Liveness => livenessOf(s.pchain.height);

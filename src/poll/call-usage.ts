// What each resource's polls cost, call by call: a resource is charged the bytes and latency of its own calls and of
// no other's, even when several resources call the same method at once (two validator lists, a list and one
// validator's record). Each resource's poller hands its fetches its own AbortSignal (one for all of them, poll/poller.ts)
// and every call a fetch makes carries it; a resource's fetches never overlap and each awaits all of its calls, so
// the signal names the fetch under way: the client the fetches see hands each call's own report (the client's per-call
// `onDone`, a GET's own result or error) to the usage of the fetch whose signal it carries.
import type { PollClient } from './resource-spec';

export interface CallUsage {
  /** Response bytes of every call the fetch made. */
  bytes: number;
  /** Latency of the fetch's last finished call. */
  latencyMs: number | undefined;
}

const usageBySignal = new WeakMap<AbortSignal, CallUsage>();
// One accounted client per client: resources key caches by the client they are given (poll/view-plans.ts).
const accountedClients = new WeakMap<PollClient, PollClient>();

/** A fresh usage for the fetch run with `signal`; its calls add to it until the next fetch with that signal. */
export function trackUsage(signal: AbortSignal): CallUsage {
  const usage: CallUsage = { bytes: 0, latencyMs: undefined };
  usageBySignal.set(signal, usage);
  return usage;
}

function charge(signal: AbortSignal | undefined, bytes: number, latencyMs: number | undefined): void {
  const usage = signal && usageBySignal.get(signal);
  if (!usage) return;
  usage.bytes += bytes;
  if (latencyMs !== undefined) usage.latencyMs = latencyMs;
}

/** `client` as the fetches see it: the same calls, each reported to the usage of the fetch that made it. */
export function accountedClient(client: PollClient): PollClient {
  let accounted = accountedClients.get(client);
  if (accounted) return accounted;
  const getStream = client.getStream;
  /** The call's options with its report charged to the fetch whose signal it carries. */
  const charged = <O extends Parameters<PollClient['call']>[2]>(opts: O): O => {
    const signal = opts?.signal;
    if (!signal || !usageBySignal.has(signal)) return opts;
    const outer = opts.onDone;
    return {
      ...opts,
      onDone(e) {
        charge(signal, e.bytes, e.latencyMs);
        outer?.(e);
      },
    };
  };
  accounted = {
    call: (name, params, opts) => client.call(name, params, charged(opts)),
    read: client.read ? (reading, params, opts) => client.read!(reading, params, charged(opts)) : undefined,
    getStream: getStream
      ? async (path, opts) => {
          try {
            const res = await getStream.call(client, path, opts);
            charge(opts.signal, res.bytes, res.latencyMs);
            return res;
          } catch (err) {
            const e = err as { bytes?: unknown; latencyMs?: unknown } | null;
            charge(opts.signal, typeof e?.bytes === 'number' ? e.bytes : 0, typeof e?.latencyMs === 'number' ? e.latencyMs : undefined);
            throw err;
          }
        }
      : undefined,
    onCall: (listener) => client.onCall(listener),
  };
  accountedClients.set(client, accounted);
  return accounted;
}

// The narrow client the scheduler needs (call with its per-call onDone, and onCall), over the real rpc transport:
// no mocked HTTP anywhere.
import { createTransport, type Endpoint } from '../../src/rpc/transport';
import type { PollClient } from '../../src/poll/plan';

type Listener = (e: { method: string; bytes: number; latencyMs: number; ok: boolean }) => void;

export function createPollClient(url: string): PollClient & { close(): Promise<void> } {
  const transport = createTransport({ url, timeoutMs: 5_000 });
  const listeners = new Set<Listener>();
  const endpointOf = (name: string): Endpoint =>
    name.startsWith('platform.') ? 'P' : name.startsWith('health.') ? 'health' : 'info';
  return {
    async call(name, params, opts) {
      try {
        const r = await transport.call(endpointOf(name), name, params ?? {}, { signal: opts?.signal });
        const event = { method: name, bytes: r.bytes, latencyMs: r.latencyMs, ok: true };
        for (const l of listeners) l(event);
        opts?.onDone?.(event);
        return r.result;
      } catch (e) {
        const err = e as { bytes?: number; latencyMs?: number };
        const event = { method: name, bytes: err.bytes ?? 0, latencyMs: err.latencyMs ?? 0, ok: false };
        for (const l of listeners) l(event);
        opts?.onDone?.(event);
        throw e;
      }
    },
    onCall(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    close: () => transport.close(),
  };
}

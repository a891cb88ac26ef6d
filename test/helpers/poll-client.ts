// The narrow client the scheduler needs (call with its per-call onDone, and onCall), over the real rpc transport: no mocked HTTP anywhere.
// Results go through each method's result schema, as in the real client, so the store receives typed values;
// params are sent as given (the scripted nodes use short made-up IDs the real client's params schemas refuse).
import { createTransport, type Endpoint } from '../../src/rpc/transport';
import { SchemaError } from '../../src/rpc/errors';
import { methods, type MethodName, type ResultOf } from '../../src/rpc/methods';
import type { PollClient } from '../../src/poll/resource-spec';

type Listener = (e: { method: string; bytes: number; latencyMs: number; ok: boolean }) => void;

export function createPollClient(url: string): PollClient & { close(): Promise<void> } {
  const transport = createTransport({ url, timeoutMs: 5_000 });
  const listeners = new Set<Listener>();
  const endpointOf = (name: string): Endpoint =>
    name.startsWith('platform.') ? 'P' : name.startsWith('health.') ? 'health' : 'info';
  return {
    async call<N extends MethodName>(name: N, params?: unknown, opts?: { signal?: AbortSignal; onDone?: (e: { method: string; bytes: number; latencyMs: number; ok: boolean }) => void }): Promise<ResultOf<N>> {
      let bytes = 0;
      let latencyMs = 0;
      try {
        const descriptor = methods[name];
        const r = await transport.call(endpointOf(name), name, params ?? {}, { signal: opts?.signal, bigJson: descriptor.bigJson === true });
        ({ bytes, latencyMs } = r);
        const parsed = descriptor.result.safeParse(r.result);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new SchemaError(name, issue.path, issue.message);
        }
        const event = { method: name, bytes, latencyMs, ok: true };
        for (const l of listeners) l(event);
        opts?.onDone?.(event);
        return parsed.data as ResultOf<N>;
      } catch (e) {
        const err = e as { bytes?: number; latencyMs?: number };
        const event = { method: name, bytes: err.bytes ?? bytes, latencyMs: err.latencyMs ?? latencyMs, ok: false };
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

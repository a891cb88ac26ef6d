// Requests and bytes per method since start, fed from the client's onCall; read by the status line and benchmarks.

export interface CallEvent {
  readonly method: string;
  readonly bytes: number;
  readonly latencyMs: number;
  readonly ok: boolean;
}

export interface MethodStats {
  readonly requests: number;
  readonly bytes: number;
  readonly errors: number;
  readonly lastLatencyMs: number;
}

export interface Accounting {
  readonly since: number;
  readonly requests: number;
  readonly bytes: number;
  readonly errors: number;
  readonly byMethod: Readonly<Record<string, MethodStats>>;
}

export function initialAccounting(since: number): Accounting {
  return { since, requests: 0, bytes: 0, errors: 0, byMethod: {} };
}

export function recordCalls(acc: Accounting, events: readonly CallEvent[]): Accounting {
  if (events.length === 0) return acc;
  const byMethod: Record<string, MethodStats> = { ...acc.byMethod };
  let { requests, bytes, errors } = acc;
  for (const e of events) {
    const m = byMethod[e.method] ?? { requests: 0, bytes: 0, errors: 0, lastLatencyMs: 0 };
    byMethod[e.method] = {
      requests: m.requests + 1,
      bytes: m.bytes + e.bytes,
      errors: m.errors + (e.ok ? 0 : 1),
      lastLatencyMs: e.latencyMs,
    };
    requests += 1;
    bytes += e.bytes;
    errors += e.ok ? 0 : 1;
  }
  return { since: acc.since, requests, bytes, errors, byMethod };
}

/** Per-minute rates over the time since `since`, for the status line and the poll benchmark. */
export function ratesPerMinute(acc: Accounting, now: number): { requests: number; bytes: number } {
  const minutes = Math.max(1e-9, (now - acc.since) / 60_000);
  return { requests: acc.requests / minutes, bytes: acc.bytes / minutes };
}

// L1 validators an operator names by validation ID (no API lists a node's L1 validations without asking every
// subnet): their balance and today's per-second fee, read once a minute, for the balance-runway series.
import type { AvatopClient } from '../rpc/client';
import { AvatopError } from '../rpc/errors';

export interface L1Reading {
  readonly validationId: string;
  readonly subnetId?: string;
  readonly nodeId?: string;
  readonly balance?: bigint;
  /** nAVAX per second per validator (getValidatorFeeState price). */
  readonly price?: bigint;
  readonly error?: string;
}

export const L1_WATCH_EVERY_MS = 60_000;

export interface L1Watch {
  readings(): readonly L1Reading[];
  stop(): void;
}

export function watchL1Validations(client: AvatopClient, ids: readonly string[], everyMs = L1_WATCH_EVERY_MS): L1Watch {
  let readings: L1Reading[] = [];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const abort = new AbortController();
  const poll = async () => {
    let price: bigint | undefined;
    try {
      price = (await client.platform.getValidatorFeeState(undefined, { signal: abort.signal })).price;
    } catch {
      price = undefined;
    }
    const next: L1Reading[] = [];
    for (const id of ids) {
      try {
        const v = await client.platform.getL1Validator({ validationID: id }, { signal: abort.signal });
        next.push({ validationId: id, subnetId: v.subnetID, nodeId: v.nodeID, balance: v.balance ?? 0n, price });
      } catch (err) {
        next.push({ validationId: id, error: err instanceof AvatopError ? err.short : String(err) });
      }
    }
    if (!stopped) readings = next;
  };
  // One poll at a time: the next starts a full interval after the last one ended.
  const loop = async () => {
    if (stopped) return;
    await poll();
    if (!stopped) timer = setTimeout(() => void loop(), everyMs);
  };
  if (ids.length > 0) void loop();
  return {
    readings: () => readings,
    stop() {
      stopped = true;
      abort.abort();
      if (timer) clearTimeout(timer);
    },
  };
}

// The fault matrix's screen: the app harness (test/app/harness.tsx) on a given node, with the client limits the
// matrix uses (short timeout, small size cap) so each fault shows quickly. Released when the test ends.
import { startScreen, type Screen } from '../app/harness';
import { MATRIX_MAX_BYTES, MATRIX_TIMEOUT_MS } from './helpers';

export function startFaultScreen(url: string): Promise<Screen> {
  return startScreen({
    url,
    // A longer timeout than the store matrix: rendering shares the (busy) event loop with the requests.
    client: { timeoutMs: MATRIX_TIMEOUT_MS * 2, maxBytes: MATRIX_MAX_BYTES },
    scheduler: { intervalMs: 300, slowMs: 1_000, heavyMinIntervalMs: 500, backoff: { baseMs: 200, maxMs: 600 } },
  });
}

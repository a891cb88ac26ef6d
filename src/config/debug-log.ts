/**
 * The monitor's debug log (`--debug-log FILE`): one JSON line per event, appended. Ink owns the terminal, so this
 * file is the only place diagnostics may go. Without a path every call is a no-op.
 */
import { createWriteStream, type WriteStream } from 'node:fs';

export interface DebugLog {
  write(event: string, fields?: Record<string, unknown>): void;
  close(): Promise<void>;
}

const noop: DebugLog = { write() {}, close: async () => {} };

export function createDebugLog(path: string | undefined): DebugLog {
  if (!path) return noop;
  let stream: WriteStream | undefined = createWriteStream(path, { flags: 'a' });
  // A log that cannot be written must never take the monitor down.
  stream.on('error', () => {
    stream = undefined;
  });
  return {
    write(event, fields = {}) {
      stream?.write(
        `${JSON.stringify({ t: new Date().toISOString(), event, ...fields }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}\n`,
      );
    },
    close() {
      const s = stream;
      stream = undefined;
      return new Promise((resolve) => (s ? s.end(resolve) : resolve()));
    },
  };
}

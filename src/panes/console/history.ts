// The console's call history: what was called with which (non-secret) form values, and how it went. Results of
// keystore calls are never kept; passwords never reach here (withoutSecrets strips them first).
import type { MethodName } from '../../rpc/methods';
import type { FormValues } from './schema-form';

export interface HistoryEntry {
  readonly method: MethodName;
  readonly values: FormValues;
  readonly ok: boolean;
  /** One line: "ok · 1.2 KiB · 3 ms" or the error's short message. */
  readonly summary: string;
  readonly at: number;
}

export const HISTORY_MAX = 100;

export function addHistory(list: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...list].slice(0, HISTORY_MAX);
}

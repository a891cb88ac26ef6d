// The console's pure parts: which methods it offers and how a filter narrows them, which reply values are secrets,
// a failed call in words, and the window of a long list around its cursor.
import { methodList, type MethodName, type RegisteredMethod } from '../../rpc/methods';
import { sanitize } from '../../format/sanitize';

export type ConsoleResult =
  | { readonly ok: true; readonly method: MethodName; readonly value: unknown; readonly bytes: number; readonly latencyMs: number }
  | { readonly ok: false; readonly method: MethodName; readonly short: string; readonly hint?: string; readonly detail?: string };

/** The methods the console offers: every registry method, minus issueTx and the keystore under --readonly. */
export function consoleMethods(readonly: boolean): RegisteredMethod[] {
  return methodList.filter((m) => !readonly || !(m.mutating || m.keystore));
}

/**
 * Methods whose name or description contains every word typed. A method named exactly what was typed (whole,
 * "platform.getBlock", or after its service, "getblock") comes first, so Enter picks it rather than the first of
 * its longer namesakes (getBlockByHeight, getBlockchains, …).
 */
export function filterMethods(list: readonly RegisteredMethod[], filter: string): RegisteredMethod[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const found = list.filter((m) => words.every((w) => m.name.toLowerCase().includes(w) || m.description.toLowerCase().includes(w)));
  const typed = filter.trim().toLowerCase();
  const exact = (m: RegisteredMethod) => m.name.toLowerCase() === typed || m.name.slice(m.name.indexOf('.') + 1).toLowerCase() === typed;
  return [...found.filter(exact), ...found.filter((m) => !exact(m))];
}

/** An exported private key (by field name or its "PrivateKey-" form) is masked until revealed. */
export function isSecretValue(path: string, value: unknown): boolean {
  return /privatekey/i.test(path) || (typeof value === 'string' && value.startsWith('PrivateKey-'));
}

export function describeCallError(method: MethodName, e: unknown): ConsoleResult {
  const err = e as { short?: unknown; hint?: unknown; detail?: unknown; message?: unknown };
  const short = typeof err?.short === 'string' ? err.short : e instanceof Error ? e.message : String(e);
  return {
    ok: false,
    method,
    short: sanitize(short),
    hint: typeof err?.hint === 'string' ? sanitize(err.hint) : undefined,
    detail: typeof err?.detail === 'string' ? sanitize(err.detail, { maxLength: 500 }) : undefined,
  };
}

/** Windowed slice around the cursor. */
export function windowOf<T>(rows: readonly T[], cursor: number, height: number): { start: number; shown: readonly T[] } {
  const h = Math.max(1, height);
  const start = Math.max(0, Math.min(cursor - Math.floor(h / 2), rows.length - h));
  return { start, shown: rows.slice(start, start + h) };
}

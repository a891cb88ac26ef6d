// What the console shows, as text lines with a role each: the title, the help line for the mode, and the body
// (method list, form with its confirmation, result tree or error, history). Pure: the pane only paints them.
import type { RegisteredMethod } from '../../rpc/methods';
import { fit } from '../../format/width';
import { formatBytes, formatLatency } from '../../format/number';
import { isoUtc } from '../../format/utc';
import type { FormField, FormValues } from './schema-form';
import type { HistoryEntry } from './history';
import type { TreeRow } from './json-tree';
import { windowOf } from './console-model';
import type { ConsoleState } from './console-state';

export type LineRole = 'muted' | 'accent' | 'warn' | 'error' | 'ok';

export interface ConsoleLine {
  readonly text: string;
  readonly role?: LineRole;
  readonly cursor?: boolean;
}

/** A field being typed into (`filter` is the method filter's). */
export interface Editing {
  readonly path: string;
  readonly text: string;
  readonly secret: boolean;
  /** The method filter when / was pressed, which Esc goes back to. */
  readonly initial?: string;
}

export interface ConsoleScreen {
  readonly state: ConsoleState;
  readonly readonly: boolean;
  readonly mainnet: boolean;
  readonly filter: string;
  /** Set while the method filter is being typed. */
  readonly filterEditing: string | undefined;
  readonly methods: readonly RegisteredMethod[];
  readonly methodCursor: number;
  readonly method: RegisteredMethod | undefined;
  readonly fields: readonly FormField[];
  readonly values: FormValues;
  readonly editing: Editing | undefined;
  /** Length of each secret typed so far (never the secret). */
  readonly secretLength: (path: string) => number;
  readonly rows: readonly TreeRow[];
  readonly history: readonly HistoryEntry[];
  readonly bodyHeight: number;
}

export function consoleTitle(c: Pick<ConsoleScreen, 'methods' | 'readonly' | 'method'>): string {
  const n = c.methods.length;
  return `RPC console · ${n} method${n === 1 ? '' : 's'}${c.readonly ? ' (read-only: issueTx and keystore hidden)' : ''}${c.method ? ` · ${c.method.name}` : ''}`;
}

export function consoleHelp(c: Pick<ConsoleScreen, 'state' | 'filter'>): string {
  switch (c.state.mode) {
    case 'methods':
      return `j/k move · Enter picks a method · / filter${c.filter ? ` "${c.filter}" (Esc clears)` : ''} · h history`;
    case 'form':
      return 'j/k move · Enter edits a field (or sends on ▶ send) · Ctrl-S sends · Esc methods';
    case 'confirm':
      return 'y or Enter sends · n or Esc goes back';
    case 'result':
      return 'j/k move · Enter folds · y copies · v reveals a key · Esc back to the form · h history';
    case 'history':
      return 'j/k move · Enter reloads the call into the form · Esc back';
  }
}

function methodLines(c: ConsoleScreen): ConsoleLine[] {
  const lines: ConsoleLine[] = [];
  if (c.filterEditing !== undefined) lines.push({ text: `filter / ${c.filterEditing}▏`, role: 'accent' });
  if (c.methods.length === 0) lines.push({ text: `no method matches "${c.filter}"`, role: 'muted' });
  const nameW = Math.max(0, ...c.methods.map((m) => m.name.length)) + 2;
  const { start, shown } = windowOf(c.methods, c.methodCursor, c.bodyHeight - lines.length);
  shown.forEach((m, i) => {
    const notes = [m.removedIn ? `removed in ${m.removedIn}` : '', m.since ? `since ${m.since}` : '', m.keystore ? 'keystore' : '', m.mutating ? 'changes state' : '']
      .filter(Boolean)
      .join(', ');
    lines.push({ text: `${fit(m.name, nameW)}${notes ? `[${notes}] ` : ''}${m.description}`, cursor: start + i === c.methodCursor });
  });
  return lines;
}

function fieldHint(f: FormField): string {
  if (f.kind === 'array') return 'comma-separated';
  if (f.kind === 'enum') return `Enter cycles: ${f.options?.join(' | ')}`;
  if (f.kind === 'boolean') return 'Enter flips';
  return f.secret ? 'typed masked, never stored' : f.kind;
}

function formLines(c: ConsoleScreen): ConsoleLine[] {
  const { mode, fieldCursor, busy } = c.state;
  const { method, fields, editing } = c;
  const lines: ConsoleLine[] = [];
  if (method?.keystore && c.mainnet) {
    lines.push({ text: 'WARNING: this node is on mainnet (network ID 1). Keystore calls send a password; exported keys control funds.', role: 'warn' });
  }
  if (method) lines.push({ text: method.description, role: 'muted' });
  const labelW = Math.max(8, ...fields.map((f) => f.path.length + (f.optional ? 1 : 0))) + 2;
  fields.forEach((f, i) => {
    const secretLen = f.secret ? (editing?.path === f.path ? editing.text.length : c.secretLength(f.path)) : 0;
    const shownValue =
      editing?.path === f.path ? `${f.secret ? '•'.repeat(secretLen) : editing.text}▏` : f.secret ? (secretLen ? '•'.repeat(8) + ' (set)' : '') : (c.values[f.path] ?? '');
    lines.push({ text: `${fit(`${f.path}${f.optional ? '?' : ''}`, labelW)}${shownValue || ''}${shownValue ? '' : `  (${fieldHint(f)})`}`, cursor: mode === 'form' && i === fieldCursor });
  });
  if (fields.length === 0) lines.push({ text: '(no parameters)', role: 'muted' });
  lines.push({ text: busy ? '… calling' : '▶ send', cursor: mode === 'form' && fieldCursor === fields.length, role: 'accent' });
  if (mode === 'confirm' && method) {
    lines.push({ text: '' });
    lines.push({
      text: method.mutating ? `Send ${method.name}? It submits a transaction to the network and cannot be undone. (y/n)` : `Send keystore credentials to a mainnet node? (y/n)`,
      role: 'warn',
    });
  }
  return lines;
}

function resultLines(c: ConsoleScreen): ConsoleLine[] {
  const result = c.state.result;
  if (!result) return [];
  if (!result.ok) {
    const lines: ConsoleLine[] = [{ text: `${result.method} failed: ${result.short}`, role: 'error' }];
    if (result.hint) lines.push({ text: result.hint, role: 'muted' });
    if (result.detail) lines.push({ text: result.detail, role: 'muted' });
    return lines;
  }
  const lines: ConsoleLine[] = [{ text: `${result.method} · ${formatBytes(result.bytes)} · ${formatLatency(result.latencyMs)}`, role: 'ok' }];
  const { start, shown } = windowOf(c.rows, c.state.treeCursor, c.bodyHeight - 1);
  shown.forEach((r, i) => {
    const mark = r.container ? (r.expanded ? '▾ ' : '▸ ') : '  ';
    lines.push({ text: `${'  '.repeat(r.depth)}${mark}${r.key}: ${r.text}`, cursor: start + i === c.state.treeCursor });
  });
  return lines;
}

function historyLines(c: ConsoleScreen): ConsoleLine[] {
  const lines: ConsoleLine[] = [];
  if (c.history.length === 0) lines.push({ text: 'no calls yet', role: 'muted' });
  const { start, shown } = windowOf(c.history, c.state.historyCursor, c.bodyHeight);
  shown.forEach((h, i) => {
    const vals = Object.entries(h.values)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    lines.push({ text: `${isoUtc(h.at).slice(11, 19)} ${h.ok ? '✓' : '✗'} ${h.method} ${vals} · ${h.summary}`, cursor: start + i === c.state.historyCursor });
  });
  return lines;
}

/** The body's lines for the mode shown (the pane cuts them to its height). */
export function consoleLines(c: ConsoleScreen): ConsoleLine[] {
  switch (c.state.mode) {
    case 'methods':
      return methodLines(c);
    case 'form':
    case 'confirm':
      return formLines(c);
    case 'result':
      return resultLines(c);
    case 'history':
      return historyLines(c);
  }
}

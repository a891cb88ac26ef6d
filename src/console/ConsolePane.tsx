// The RPC console: pick any method in the registry, fill a form built from its params schema, see the reply as a
// foldable JSON tree (or the error in words), and reload past calls. issueTx asks first; keystore calls take the
// password masked and keep it only until the call is sent; an exported key stays masked until revealed and is
// dropped when the result is closed. --readonly hides issueTx and the keystore methods.
import { Box, Text } from 'ink';
import { useMemo, useRef, useState } from 'react';
import { useAvatop } from '../app/store-context';
import { useAppConfig } from '../app/config';
import { useFlash } from '../app/flash';
import { usePaneMemory } from '../app/pane-memory';
import { useKeyHandler, type KeyEvent } from '../input';
import { methodList, type MethodName, type RegisteredMethod } from '../rpc/methods';
import { textProps, useTheme } from '../theme/ThemeContext';
import { fit } from '../format/width';
import { sanitize } from '../format/sanitize';
import { formatBytes, formatLatency } from '../format/number';
import { osc52Copy } from '../views/copy';
import { FormError, formFor, issueInWords, paramsFrom, withoutSecrets, type FormValues } from './schema-form';
import { initialExpanded, toggle, treeRows } from './json-tree';
import { addHistory, type HistoryEntry } from './history';

type Mode = 'methods' | 'form' | 'confirm' | 'result' | 'history';

/** The field editor also edits the method filter, under a path no params schema has. */
const FILTER_PATH = '\u0000filter';

export type ConsoleResult =
  | { readonly ok: true; readonly method: MethodName; readonly value: unknown; readonly bytes: number; readonly latencyMs: number }
  | { readonly ok: false; readonly method: MethodName; readonly short: string; readonly hint?: string; readonly detail?: string };

export interface ConsolePaneProps {
  readonly width: number;
  readonly height: number;
  readonly active: boolean;
}

/** The methods the console offers: every registry method, minus issueTx and the keystore under --readonly. */
export function consoleMethods(readonly: boolean): RegisteredMethod[] {
  return methodList.filter((m) => !readonly || !(m.mutating || m.keystore));
}

/** An exported private key (by field name or its "PrivateKey-" form) is masked until revealed. */
/** Methods whose name or description contains every word typed. */
export function filterMethods(list: readonly RegisteredMethod[], filter: string): RegisteredMethod[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return list.filter((m) => words.every((w) => m.name.toLowerCase().includes(w) || m.description.toLowerCase().includes(w)));
}

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
function windowOf<T>(rows: readonly T[], cursor: number, height: number): { start: number; shown: readonly T[] } {
  const h = Math.max(1, height);
  const start = Math.max(0, Math.min(cursor - Math.floor(h / 2), rows.length - h));
  return { start, shown: rows.slice(start, start + h) };
}

export function ConsolePane({ width, height, active }: ConsolePaneProps) {
  const theme = useTheme();
  const config = useAppConfig();
  const flash = useFlash();
  const networkId = useAvatop((s) => s.node.networkId.data);
  const [filter, setFilter] = usePaneMemory('console.filter', '');
  const methods = useMemo(() => filterMethods(consoleMethods(config.readonly === true), filter), [config.readonly, filter]);
  const [mode, setMode] = useState<Mode>('methods');
  const [methodCursor, setMethodCursor] = usePaneMemory('console.methodCursor', 0);
  const [methodName, setMethodName] = usePaneMemory<MethodName | undefined>('console.method', undefined);
  // Non-secret form values survive pane switches; secrets live only in this component, until the call is sent.
  const [values, setValues] = usePaneMemory<FormValues>('console.values', {});
  const secrets = useRef<Record<string, string>>({});
  const [, bump] = useState(0);
  const [fieldCursor, setFieldCursor] = useState(0);
  // initial: the method filter when / was pressed, which Esc goes back to.
  const [editing, setEditing] = useState<{ path: string; text: string; secret: boolean; initial?: string } | undefined>(undefined);
  const [result, setResult] = useState<ConsoleResult | undefined>(undefined);
  const [expanded, setExpanded] = useState<Set<string>>(new Set(['']));
  const [treeCursor, setTreeCursor] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [history, setHistory] = usePaneMemory<readonly HistoryEntry[]>('console.history', []);
  const [historyCursor, setHistoryCursor] = useState(0);
  const [busy, setBusy] = useState(false);
  const pending = useRef<{ method: RegisteredMethod; params: unknown } | undefined>(undefined);

  const method = methods.find((m) => m.name === methodName);
  const form = useMemo(() => (method ? formFor(method.params) : undefined), [method]);
  const fields = form?.fields ?? [];
  const mainnet = networkId === 1;
  const rows = useMemo(
    () => (result?.ok ? treeRows(result.value, { expanded, isSecret: isSecretValue, revealed }) : []),
    [result, expanded, revealed],
  );

  const closeResult = () => {
    // An exported key leaves memory with the result.
    setResult(undefined);
    setRevealed(false);
    setTreeCursor(0);
  };

  const send = async (m: RegisteredMethod, params: unknown) => {
    const client = config.client;
    secrets.current = {};
    pending.current = undefined;
    if (!client) {
      setResult({ ok: false, method: m.name, short: 'no node connection in this session' });
      setMode('result');
      return;
    }
    setBusy(true);
    const kept = form ? withoutSecrets(form, values) : {};
    let r: ConsoleResult;
    try {
      const res = await client.callRaw(m.name, params);
      r = { ok: true, method: m.name, value: res.result, bytes: res.bytes, latencyMs: res.latencyMs };
    } catch (e) {
      r = describeCallError(m.name, e);
    }
    setBusy(false);
    setResult(r);
    setExpanded(r.ok ? initialExpanded(r.value) : new Set(['']));
    setTreeCursor(0);
    setRevealed(false);
    setMode('result');
    const summary = r.ok ? `ok · ${formatBytes(r.bytes)} · ${formatLatency(r.latencyMs)}` : r.short;
    setHistory(addHistory(history, { method: m.name, values: kept, ok: r.ok, summary, at: Date.now() }));
  };

  const prepare = () => {
    if (!method || !form) return;
    let params: unknown;
    try {
      params = paramsFrom(form, { ...values, ...secrets.current });
    } catch (e) {
      setResult({ ok: false, method: method.name, short: e instanceof FormError ? e.message : String(e), hint: 'Fix the field and send again.' });
      setMode('result');
      return;
    }
    const checked = method.params.safeParse(params);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setResult({ ok: false, method: method.name, short: sanitize(issueInWords(issue)), hint: 'Nothing was sent; fix the field and send again.' });
      setMode('result');
      return;
    }
    pending.current = { method, params: checked.data };
    if (method.mutating || (method.keystore && mainnet)) setMode('confirm');
    else void send(method, checked.data);
  };

  const move = (set: (n: number) => void, cur: number, n: number, ev: KeyEvent, page: number): boolean => {
    const last = Math.max(0, n - 1);
    if (ev.is('cursor.down')) set(Math.min(last, cur + 1));
    else if (ev.is('cursor.up')) set(Math.max(0, cur - 1));
    else if (ev.is('page.down')) set(Math.min(last, cur + page));
    else if (ev.is('page.up')) set(Math.max(0, cur - page));
    else if (ev.is('cursor.top')) set(0);
    else if (ev.is('cursor.bottom')) set(last);
    else return false;
    return true;
  };

  const bodyHeight = Math.max(1, height - 3);
  const page = Math.max(1, bodyHeight - 1);

  // Typing into a field: above everything, like the prompt line, and only while a field is being edited. The
  // command that starts the edit tells the router (ev.opensText), which holds the keys that follow until this is in
  // place. `edit` is the text as typed so far: several keys may arrive before the next render.
  const edit = useRef(editing);
  edit.current = editing;
  const setEdit = (next: typeof editing) => {
    edit.current = next;
    setEditing(next);
  };
  const startEditing = (ev: KeyEvent, next: NonNullable<typeof editing>) => {
    setEdit(next);
    ev.opensText();
  };
  useKeyHandler(
    'prompt',
    (ev) => {
      const cur = edit.current;
      if (!cur) return false;
      const { key, input } = ev;
      if (key.ctrl && input === 'c') return false;
      const typed = input && !key.ctrl && !key.meta && !key.tab && !key.upArrow && !key.downArrow && !key.escape ? sanitize(input) : '';
      if (cur.path === FILTER_PATH) {
        if (key.escape) {
          setFilter(cur.initial ?? '');
          setMethodCursor(0);
          setEdit(undefined);
          return true;
        }
        const t = key.backspace || key.delete ? cur.text.slice(0, -1) : key.ctrl && input === 'u' ? '' : cur.text + typed;
        if (t !== cur.text) {
          setFilter(t);
          setMethodCursor(0);
        }
        setEdit(key.return ? undefined : { ...cur, text: t });
        return true;
      }
      if (key.escape) {
        setEdit(undefined);
        return true;
      }
      const text = key.backspace || key.delete ? cur.text.slice(0, -1) : key.ctrl && input === 'u' ? '' : cur.text + typed;
      if (key.return) {
        if (cur.secret) secrets.current = { ...secrets.current, [cur.path]: text };
        else setValues({ ...values, [cur.path]: text });
        setEdit(undefined);
        bump((n) => n + 1);
      } else setEdit({ ...cur, text });
      return true;
    },
    active && editing !== undefined,
  );

  useKeyHandler(
    'pane',
    (ev) => {
      if (busy) return ev.is('back') || ev.is('console.call');
      if (ev.is('console.history') && mode !== 'confirm') {
        if (mode === 'result') closeResult();
        setHistoryCursor(0);
        setMode('history');
        return true;
      }
      switch (mode) {
        case 'methods':
          if (move(setMethodCursor, methodCursor, methods.length, ev, page)) return true;
          if (ev.is('filter')) {
            startEditing(ev, { path: FILTER_PATH, text: filter, secret: false, initial: filter });
            return true;
          }
          if (ev.is('back') && filter) {
            setFilter('');
            return true;
          }
          if (ev.is('console.call')) {
            const m = methods[Math.min(methodCursor, methods.length - 1)];
            if (!m) return true;
            if (m.name !== methodName) setValues({});
            secrets.current = {};
            setMethodName(m.name);
            setFieldCursor(0);
            setMode('form');
            return true;
          }
          return false;
        case 'form': {
          if (move(setFieldCursor, fieldCursor, fields.length + 1, ev, page)) return true;
          if (ev.is('console.send')) {
            prepare();
            return true;
          }
          if (ev.is('console.call')) {
            const f = fields[fieldCursor];
            if (!f) prepare();
            else if (f.kind === 'boolean') setValues({ ...values, [f.path]: values[f.path] === 'true' ? 'false' : 'true' });
            else if (f.kind === 'enum' && f.options) {
              const cycle = ['', ...f.options];
              const next = cycle[(cycle.indexOf(values[f.path] ?? '') + 1) % cycle.length]!;
              setValues({ ...values, [f.path]: next });
            } else startEditing(ev, { path: f.path, text: f.secret ? '' : (values[f.path] ?? ''), secret: f.secret });
            return true;
          }
          if (ev.is('back')) {
            secrets.current = {};
            setMode('methods');
            return true;
          }
          return false;
        }
        case 'confirm':
          if (ev.input === 'y' || ev.is('console.call')) {
            const p = pending.current;
            if (p) void send(p.method, p.params);
            return true;
          }
          if (ev.input === 'n' || ev.is('back')) {
            pending.current = undefined;
            setMode('form');
            return true;
          }
          // Anything else waits for an answer, but quitting still works.
          return !(ev.is('quit') || ev.is('interrupt'));
        case 'result':
          if (move(setTreeCursor, treeCursor, rows.length, ev, page)) return true;
          if (ev.is('console.call')) {
            const row = rows[treeCursor];
            if (row?.container) setExpanded(toggle(expanded, row.path));
            return true;
          }
          if (ev.is('console.reveal')) {
            setRevealed(!revealed);
            return true;
          }
          if (ev.is('copy')) {
            const row = rows[treeCursor];
            if (!row || row.container || row.copy === undefined) flash.show('nothing to copy on this line');
            else if (row.masked) flash.show('reveal the key with v first');
            else flash.show(osc52Copy(config, row.copy));
            return true;
          }
          if (ev.is('back')) {
            closeResult();
            setMode(method ? 'form' : 'methods');
            return true;
          }
          return false;
        case 'history':
          if (move(setHistoryCursor, historyCursor, history.length, ev, page)) return true;
          if (ev.is('console.call')) {
            const h = history[historyCursor];
            if (!h || !methods.some((m) => m.name === h.method)) return true;
            setMethodName(h.method);
            setValues(h.values);
            secrets.current = {};
            setFieldCursor(0);
            setMode('form');
            return true;
          }
          if (ev.is('back')) {
            setMode(method ? 'form' : 'methods');
            return true;
          }
          return false;
      }
    },
    active,
  );

  const muted = textProps(theme.text.muted);
  const title = `RPC console · ${methods.length} method${methods.length === 1 ? '' : 's'}${config.readonly ? ' (read-only: issueTx and keystore hidden)' : ''}${method ? ` · ${method.name}` : ''}`;
  const help: Record<Mode, string> = {
    methods: `j/k move · Enter picks a method · / filter${filter ? ` "${filter}" (Esc clears)` : ''} · h history`,
    form: 'j/k move · Enter edits a field (or sends on ▶ send) · Ctrl-S sends · Esc methods',
    confirm: 'y or Enter sends · n or Esc goes back',
    result: 'j/k move · Enter folds · y copies · v reveals a key · Esc back to the form · h history',
    history: 'j/k move · Enter reloads the call into the form · Esc back',
  };
  const lines: { text: string; style?: ReturnType<typeof textProps>; cursor?: boolean }[] = [];
  const warn = method?.keystore && mainnet ? 'WARNING: this node is on mainnet (network ID 1). Keystore calls send a password; exported keys control funds.' : undefined;

  if (mode === 'methods') {
    if (editing?.path === FILTER_PATH) lines.push({ text: `filter / ${editing.text}▏`, style: textProps(theme.text.accent) });
    if (methods.length === 0) lines.push({ text: `no method matches "${filter}"`, style: muted });
    const nameW = Math.max(0, ...methods.map((m) => m.name.length)) + 2;
    const { start, shown } = windowOf(methods, methodCursor, bodyHeight - lines.length);
    shown.forEach((m, i) => {
      const notes = [m.removedIn ? `removed in ${m.removedIn}` : '', m.since ? `since ${m.since}` : '', m.keystore ? 'keystore' : '', m.mutating ? 'changes state' : '']
        .filter(Boolean)
        .join(', ');
      lines.push({ text: `${fit(m.name, nameW)}${notes ? `[${notes}] ` : ''}${m.description}`, cursor: start + i === methodCursor });
    });
  } else if (mode === 'form' || mode === 'confirm') {
    if (warn) lines.push({ text: warn, style: textProps(theme.status.warn) });
    if (method) lines.push({ text: method.description, style: muted });
    const labelW = Math.max(8, ...fields.map((f) => f.path.length + (f.optional ? 1 : 0))) + 2;
    fields.forEach((f, i) => {
      const secretLen = f.secret ? (editing?.path === f.path ? editing.text.length : (secrets.current[f.path]?.length ?? 0)) : 0;
      const shownValue =
        editing?.path === f.path
          ? `${f.secret ? '•'.repeat(secretLen) : editing.text}▏`
          : f.secret
            ? secretLen
              ? '•'.repeat(8) + ' (set)'
              : ''
            : (values[f.path] ?? '');
      const hint = f.kind === 'array' ? 'comma-separated' : f.kind === 'enum' ? `Enter cycles: ${f.options?.join(' | ')}` : f.kind === 'boolean' ? 'Enter flips' : f.secret ? 'typed masked, never stored' : f.kind;
      lines.push({ text: `${fit(`${f.path}${f.optional ? '?' : ''}`, labelW)}${shownValue || ''}${shownValue ? '' : `  (${hint})`}`, cursor: mode === 'form' && i === fieldCursor });
    });
    if (fields.length === 0) lines.push({ text: '(no parameters)', style: muted });
    lines.push({ text: busy ? '… calling' : '▶ send', cursor: mode === 'form' && fieldCursor === fields.length, style: textProps(theme.text.accent) });
    if (mode === 'confirm' && method) {
      lines.push({ text: '' });
      lines.push({
        text: method.mutating ? `Send ${method.name}? It submits a transaction to the network and cannot be undone. (y/n)` : `Send keystore credentials to a mainnet node? (y/n)`,
        style: textProps(theme.status.warn),
      });
    }
  } else if (mode === 'result' && result) {
    if (!result.ok) {
      lines.push({ text: `${result.method} failed: ${result.short}`, style: textProps(theme.status.error) });
      if (result.hint) lines.push({ text: result.hint, style: muted });
      if (result.detail) lines.push({ text: result.detail, style: muted });
    } else {
      lines.push({ text: `${result.method} · ${formatBytes(result.bytes)} · ${formatLatency(result.latencyMs)}`, style: textProps(theme.status.ok) });
      const { start, shown } = windowOf(rows, treeCursor, bodyHeight - 1);
      shown.forEach((r, i) => {
        const mark = r.container ? (r.expanded ? '▾ ' : '▸ ') : '  ';
        lines.push({ text: `${'  '.repeat(r.depth)}${mark}${r.key}: ${r.text}`, cursor: start + i === treeCursor });
      });
    }
  } else if (mode === 'history') {
    if (history.length === 0) lines.push({ text: 'no calls yet', style: muted });
    const { start, shown } = windowOf(history, historyCursor, bodyHeight);
    shown.forEach((h, i) => {
      const vals = Object.entries(h.values)
        .filter(([, v]) => v !== '')
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      lines.push({ text: `${new Date(h.at).toISOString().slice(11, 19)} ${h.ok ? '✓' : '✗'} ${h.method} ${vals} · ${h.summary}`, cursor: start + i === historyCursor });
    });
  }

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text {...textProps(theme.text.accent)} bold>
        {fit(sanitize(title), width)}
      </Text>
      <Text {...muted}>{fit(help[mode], width)}</Text>
      <Box flexDirection="column" height={bodyHeight} width={width}>
        {lines.slice(0, bodyHeight).map((l, i) => (
          <Text key={i} {...(l.cursor ? textProps(theme.row.cursor) : (l.style ?? {}))}>
            {fit(`${l.cursor ? '›' : ' '}${sanitize(l.text)}`, width)}
          </Text>
        ))}
      </Box>
    </Box>
  );
}


// The RPC console: pick any method in the registry, fill a form built from its params schema, see the reply as a
// foldable JSON tree (or the error in words), and reload past calls. issueTx asks first; keystore calls take the
// password masked and keep it only until the call is sent; an exported key stays masked until revealed and is
// dropped when the result is closed. --readonly hides issueTx and the keystore methods.
import { Box, Text } from 'ink';
import { useMemo, useReducer, useRef, useState } from 'react';
import { useAvatop } from '../../ui/store-context';
import { useAppConfig } from '../../ui/config';
import { useFlash } from '../../ui/flash';
import { usePaneMemory } from '../../ui/pane-memory';
import { useKeyHandler, type KeyEvent } from '../../input';
import { useTextEntry } from '../../components/use-text-entry';
import type { MethodName, RegisteredMethod } from '../../rpc/methods';
import { textProps, useTheme } from '../../theme/ThemeContext';
import type { Style, Theme } from '../../theme/schema';
import { fit } from '../../format/width';
import { sanitize } from '../../format/sanitize';
import { formatBytes, formatLatency } from '../../format/number';
import { osc52Copy } from '../../terminal/copy';
import { FormError, formFor, issueInWords, paramsFrom, withoutSecrets, type FormValues } from './schema-form';
import { treeRows } from './json-tree';
import { addHistory, type HistoryEntry } from './history';
import { consoleMethods, describeCallError, filterMethods, isSecretValue, type ConsoleResult } from './console-model';
import { consoleReducer, INITIAL_CONSOLE, movedCursor, type ConsoleMode } from './console-state';
import { consoleHelp, consoleLines, consoleTitle, type Editing, type LineRole } from './console-lines';

/** The field editor also edits the method filter, under a path no params schema has. */
const FILTER_PATH = '\u0000filter';

export interface ConsolePaneProps {
  readonly width: number;
  readonly height: number;
  readonly active: boolean;
}

const ROLE_STYLE: Record<LineRole, (t: Theme) => Style> = {
  muted: (t) => t.text.muted,
  accent: (t) => t.text.accent,
  warn: (t) => t.status.warn,
  error: (t) => t.status.error,
  ok: (t) => t.status.ok,
};

export function ConsolePane({ width, height, active }: ConsolePaneProps) {
  const theme = useTheme();
  const config = useAppConfig();
  const flash = useFlash();
  const networkId = useAvatop((s) => s.node.networkId.data);
  const [filter, setFilter] = usePaneMemory('console.filter', '');
  const methods = useMemo(() => filterMethods(consoleMethods(config.readonly === true), filter), [config.readonly, filter]);
  const [methodCursor, setMethodCursor] = usePaneMemory('console.methodCursor', 0);
  const [methodName, setMethodName] = usePaneMemory<MethodName | undefined>('console.method', undefined);
  // Non-secret form values survive pane switches; secrets live only in this component, until the call is sent.
  const [values, setValues] = usePaneMemory<FormValues>('console.values', {});
  const [history, setHistory] = usePaneMemory<readonly HistoryEntry[]>('console.history', []);
  const secrets = useRef<Record<string, string>>({});
  const [state, dispatch] = useReducer(consoleReducer, INITIAL_CONSOLE);
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const pending = useRef<{ method: RegisteredMethod; params: unknown } | undefined>(undefined);
  const { mode, result, busy } = state;

  const method = methods.find((m) => m.name === methodName);
  const form = useMemo(() => (method ? formFor(method.params) : undefined), [method]);
  const fields = form?.fields ?? [];
  const mainnet = networkId === 1;
  const rows = useMemo(
    () => (result?.ok ? treeRows(result.value, { expanded: state.expanded, isSecret: isSecretValue, revealed: state.revealed }) : []),
    [result, state.expanded, state.revealed],
  );

  const fail = (r: ConsoleResult) => dispatch({ type: 'result', result: r });

  const send = async (m: RegisteredMethod, params: unknown) => {
    const client = config.client;
    secrets.current = {};
    pending.current = undefined;
    if (!client) return fail({ ok: false, method: m.name, short: 'no node connection in this session' });
    dispatch({ type: 'sending' });
    const kept = form ? withoutSecrets(form, values) : {};
    let r: ConsoleResult;
    try {
      const res = await client.callRaw(m.name, params);
      r = { ok: true, method: m.name, value: res.result, bytes: res.bytes, latencyMs: res.latencyMs };
    } catch (e) {
      r = describeCallError(m.name, e);
    }
    dispatch({ type: 'result', result: r });
    const summary = r.ok ? `ok · ${formatBytes(r.bytes)} · ${formatLatency(r.latencyMs)}` : r.short;
    setHistory(addHistory(history, { method: m.name, values: kept, ok: r.ok, summary, at: Date.now() }));
  };

  const prepare = () => {
    if (!method || !form) return;
    let params: unknown;
    try {
      params = paramsFrom(form, { ...values, ...secrets.current });
    } catch (e) {
      return fail({ ok: false, method: method.name, short: e instanceof FormError ? e.message : String(e), hint: 'Fix the field and send again.' });
    }
    const checked = method.params.safeParse(params);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return fail({ ok: false, method: method.name, short: sanitize(issueInWords(issue)), hint: 'Nothing was sent; fix the field and send again.' });
    }
    pending.current = { method, params: checked.data };
    if (method.mutating || (method.keystore && mainnet)) dispatch({ type: 'mode', mode: 'confirm' });
    else void send(method, checked.data);
  };

  const bodyHeight = Math.max(1, height - 3);
  const page = Math.max(1, bodyHeight - 1);
  const move = (ev: KeyEvent, cur: number, n: number, set: (to: number) => void): boolean => {
    const to = movedCursor((c) => ev.is(c), cur, n, page);
    if (to === undefined) return false;
    set(to);
    return true;
  };
  const cursorSetter = (which: 'field' | 'tree' | 'history') => (to: number) => dispatch({ type: 'cursor', which, to });
  const backTo: ConsoleMode = method ? 'form' : 'methods';

  // Typing into a field or the method filter: the prompt line's editing rule, above everything else, and only while
  // a field is being edited. The command that starts the edit tells the router (ev.opensText), which holds the keys
  // that follow until this is in place.
  const startEditing = (ev: KeyEvent, next: Editing) => {
    setEditing(next);
    ev.opensText();
  };
  useTextEntry(
    editing?.text ?? '',
    {
      onChange: (text, previous) => {
        if (editing?.path === FILTER_PATH && text !== previous) {
          setFilter(text);
          setMethodCursor(0);
        }
        setEditing((cur) => cur && { ...cur, text });
      },
      onSubmit: (text) => {
        if (editing && editing.path !== FILTER_PATH) {
          if (editing.secret) secrets.current = { ...secrets.current, [editing.path]: text };
          else setValues({ ...values, [editing.path]: text });
        }
        setEditing(undefined);
      },
      onCancel: () => {
        if (editing?.path === FILTER_PATH) {
          setFilter(editing.initial ?? '');
          setMethodCursor(0);
        }
        setEditing(undefined);
      },
    },
    active && editing !== undefined,
  );

  const openForm = (name: MethodName, formValues: FormValues) => {
    setMethodName(name);
    setValues(formValues);
    secrets.current = {};
    dispatch({ type: 'form' });
  };

  const keys: Record<ConsoleMode, (ev: KeyEvent) => boolean> = {
    methods: (ev) => {
      if (move(ev, methodCursor, methods.length, setMethodCursor)) return true;
      if (ev.is('filter')) {
        startEditing(ev, { path: FILTER_PATH, text: filter, secret: false, initial: filter });
        return true;
      }
      if (ev.is('back') && filter) {
        setFilter('');
        return true;
      }
      if (!ev.is('console.call')) return false;
      const m = methods[Math.min(methodCursor, methods.length - 1)];
      if (m) openForm(m.name, m.name !== methodName ? {} : values);
      return true;
    },
    form: (ev) => {
      if (move(ev, state.fieldCursor, fields.length + 1, cursorSetter('field'))) return true;
      if (ev.is('console.send')) {
        prepare();
        return true;
      }
      if (ev.is('console.call')) {
        const f = fields[state.fieldCursor];
        if (!f) prepare();
        else if (f.kind === 'boolean') setValues({ ...values, [f.path]: values[f.path] === 'true' ? 'false' : 'true' });
        else if (f.kind === 'enum' && f.options) {
          const cycle = ['', ...f.options];
          setValues({ ...values, [f.path]: cycle[(cycle.indexOf(values[f.path] ?? '') + 1) % cycle.length]! });
        } else startEditing(ev, { path: f.path, text: f.secret ? '' : (values[f.path] ?? ''), secret: f.secret });
        return true;
      }
      if (!ev.is('back')) return false;
      secrets.current = {};
      dispatch({ type: 'mode', mode: 'methods' });
      return true;
    },
    confirm: (ev) => {
      if (ev.input === 'y' || ev.is('console.call')) {
        const p = pending.current;
        if (p) void send(p.method, p.params);
        return true;
      }
      if (ev.input === 'n' || ev.is('back')) {
        pending.current = undefined;
        dispatch({ type: 'mode', mode: 'form' });
        return true;
      }
      // Anything else waits for an answer, but quitting still works.
      return !(ev.is('quit') || ev.is('interrupt'));
    },
    result: (ev) => {
      if (move(ev, state.treeCursor, rows.length, cursorSetter('tree'))) return true;
      const row = rows[state.treeCursor];
      if (ev.is('console.call')) {
        if (row?.container) dispatch({ type: 'fold', path: row.path });
      } else if (ev.is('console.reveal')) dispatch({ type: 'reveal' });
      else if (ev.is('copy')) {
        if (!row || row.container || row.copy === undefined) flash.show('nothing to copy on this line');
        else if (row.masked) flash.show('reveal the key with v first');
        else flash.show(osc52Copy(config, row.copy));
      } else if (ev.is('back')) dispatch({ type: 'closeResult', to: backTo });
      else return false;
      return true;
    },
    history: (ev) => {
      if (move(ev, state.historyCursor, history.length, cursorSetter('history'))) return true;
      if (ev.is('console.call')) {
        const h = history[state.historyCursor];
        if (h && methods.some((m) => m.name === h.method)) openForm(h.method, h.values);
        return true;
      }
      if (!ev.is('back')) return false;
      dispatch({ type: 'mode', mode: backTo });
      return true;
    },
  };
  useKeyHandler(
    'pane',
    (ev) => {
      if (busy) return ev.is('back') || ev.is('console.call');
      if (ev.is('console.history') && mode !== 'confirm') {
        dispatch({ type: 'history' });
        return true;
      }
      return keys[mode](ev);
    },
    active,
  );

  const lines = consoleLines({
    state,
    readonly: config.readonly === true,
    mainnet,
    filter,
    filterEditing: editing?.path === FILTER_PATH ? editing.text : undefined,
    methods,
    methodCursor,
    method,
    fields,
    values,
    editing: editing?.path === FILTER_PATH ? undefined : editing,
    secretLength: (path) => secrets.current[path]?.length ?? 0,
    rows,
    history,
    bodyHeight,
  });
  const muted = textProps(theme.text.muted);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text {...textProps(theme.text.accent)} bold>
        {fit(sanitize(consoleTitle({ methods, readonly: config.readonly === true, method })), width)}
      </Text>
      <Text {...muted}>{fit(consoleHelp({ state, filter }), width)}</Text>
      <Box flexDirection="column" height={bodyHeight} width={width}>
        {lines.slice(0, bodyHeight).map((l, i) => (
          <Text key={i} {...(l.cursor ? textProps(theme.row.cursor) : l.role ? textProps(ROLE_STYLE[l.role](theme)) : {})}>
            {fit(`${l.cursor ? '›' : ' '}${sanitize(l.text)}`, width)}
          </Text>
        ))}
      </Box>
    </Box>
  );
}

// The console's modes, cursors and lines, and the typing rule it shares with the prompt line: pure, no terminal.
import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { editText } from '../../src/components/text-edit';
import { getMethod } from '../../src/rpc/methods';
import { consoleMethods, filterMethods } from '../../src/panes/console/console-model';
import { consoleHelp, consoleLines, consoleTitle, type ConsoleScreen } from '../../src/panes/console/console-lines';
import { consoleReducer, INITIAL_CONSOLE, movedCursor } from '../../src/panes/console/console-state';
import { formFor } from '../../src/panes/console/schema-form';

const key = (k: Partial<Key> = {}) => ({ upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false, ...k }) as Key;

describe('typing a line (the prompt line and the console share it)', () => {
  it('appends sanitized text, deletes, empties, submits with the Enter of the same chunk, cancels, lets Ctrl-C through', () => {
    expect(editText('ab', 'c', key())).toEqual({ kind: 'edit', text: 'abc', changed: true, submit: false });
    expect(editText('ab', 'x\x1b[2J', key())).toMatchObject({ text: 'abx' });
    expect(editText('ab', '', key({ backspace: true }))).toMatchObject({ text: 'a', changed: true });
    expect(editText('ab', 'u', key({ ctrl: true }))).toMatchObject({ text: '', changed: true });
    expect(editText('ab', 'cd', key({ return: true }))).toEqual({ kind: 'edit', text: 'abcd', changed: true, submit: true });
    expect(editText('ab', '', key({ upArrow: true }))).toEqual({ kind: 'edit', text: 'ab', changed: false, submit: false });
    expect(editText('ab', '', key({ escape: true }))).toEqual({ kind: 'cancel' });
    expect(editText('ab', 'c', key({ ctrl: true }))).toEqual({ kind: 'pass' });
  });
});

describe('console modes', () => {
  it('a result opens folded to its first level and is dropped, key unrevealed, on the way out', () => {
    let s = consoleReducer(INITIAL_CONSOLE, { type: 'form' });
    s = consoleReducer(s, { type: 'sending' });
    expect(s.busy).toBe(true);
    s = consoleReducer(s, { type: 'result', result: { ok: true, method: 'info.getNodeID', value: { a: { b: 1 } }, bytes: 10, latencyMs: 2 } });
    expect(s).toMatchObject({ mode: 'result', busy: false, treeCursor: 0, revealed: false });
    s = consoleReducer(consoleReducer(s, { type: 'reveal' }), { type: 'cursor', which: 'tree', to: 2 });
    s = consoleReducer(s, { type: 'history' });
    expect(s).toMatchObject({ mode: 'history', result: undefined, revealed: false, treeCursor: 0, historyCursor: 0 });
    s = consoleReducer(s, { type: 'closeResult', to: 'form' });
    expect(s.mode).toBe('form');
  });

  it('moves list cursors within the list', () => {
    const is = (name: string) => (c: string) => c === name;
    expect(movedCursor(is('cursor.down'), 4, 5, 3)).toBe(4);
    expect(movedCursor(is('page.down'), 0, 10, 3)).toBe(3);
    expect(movedCursor(is('page.up'), 2, 10, 3)).toBe(0);
    expect(movedCursor(is('cursor.bottom'), 0, 0, 3)).toBe(0);
    expect(movedCursor(is('open' as never), 0, 10, 3)).toBeUndefined();
  });
});

describe('console lines', () => {
  const method = getMethod('platform.getBalance')!;
  const fields = formFor(method.params).fields;
  const screen = (over: Partial<ConsoleScreen>): ConsoleScreen => ({
    state: INITIAL_CONSOLE,
    readonly: false,
    mainnet: false,
    filter: '',
    filterEditing: undefined,
    methods: [method],
    methodCursor: 0,
    method: undefined,
    fields: [],
    values: {},
    editing: undefined,
    secretLength: () => 0,
    rows: [],
    history: [],
    bodyHeight: 20,
    ...over,
  });

  it('lists methods with the cursor, and says when the filter matches none', () => {
    expect(consoleLines(screen({})).map((l) => [l.text.startsWith('platform.getBalance'), l.cursor])).toEqual([[true, true]]);
    expect(consoleLines(screen({ methods: [], filter: 'zzz' }))[0]).toEqual({ text: 'no method matches "zzz"', role: 'muted' });
    expect(consoleTitle({ methods: [method], readonly: true, method })).toBe('RPC console · 1 method (read-only: issueTx and keystore hidden) · platform.getBalance');
    expect(consoleHelp({ state: INITIAL_CONSOLE, filter: 'bal' })).toContain('/ filter "bal" (Esc clears)');
  });

  it('shows the form with the field being typed and the send line; a failed call in words', () => {
    const form = screen({ state: { ...INITIAL_CONSOLE, mode: 'form' }, method, fields, editing: { path: fields[0]!.path, text: 'P-avax1x', secret: false } });
    const lines = consoleLines(form).map((l) => l.text);
    expect(lines).toContain(method.description);
    expect(lines.some((l) => l.endsWith('P-avax1x▏'))).toBe(true);
    expect(lines.at(-1)).toBe('▶ send');
    const failed = screen({ state: { ...INITIAL_CONSOLE, mode: 'result', result: { ok: false, method: method.name, short: 'bad', hint: 'fix it' } } });
    expect(consoleLines(failed)).toEqual([
      { text: 'platform.getBalance failed: bad', role: 'error' },
      { text: 'fix it', role: 'muted' },
    ]);
  });
});

describe('the method filter', () => {
  it('puts the method named exactly what was typed first, whole or after its service', () => {
    const all = consoleMethods(false);
    const names = (f: string) => filterMethods(all, f).map((m) => m.name);
    // The registry lists getBlockByHeight before getBlock: the exact name wins all the same.
    expect(names('getBlock')[0]).toBe('platform.getBlock');
    expect(names('getblock')).toEqual(expect.arrayContaining(['platform.getBlockByHeight', 'platform.getBlockchains']));
    expect(names('platform.getBlock')[0]).toBe('platform.getBlock');
    expect(names('peers')[0]).toBe('info.peers');
    // Without an exact name the order is the registry's.
    const partial = names('getBlockc');
    expect(partial).toEqual(all.map((m) => m.name).filter((n) => partial.includes(n)));
  });
});

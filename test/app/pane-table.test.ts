// The pane table is the one place a pane is declared: every surface that names panes reads it, and the frame's
// global keys are a map from command to action. Pure: no terminal.
import { describe, expect, it } from 'vitest';
import { GLOBAL_ACTIONS, globalActionFor, type GlobalContext } from '../../src/app/global-actions';
import { hintScopes } from '../../src/app/hints';
import { PANE_NAMES } from '../../src/config/settings';
import { COMMANDS, PANE_LIST, SCOPE_ORDER, SCOPE_TITLES, type CommandName } from '../../src/keys/commands';
import { PANE_COMPONENTS } from '../../src/panes';
import { PANE_TABLE, PANES, paneByName, TAB_PANES } from '../../src/state/panes';
import { initialUi, type UiState } from '../../src/state/ui';
import { addressesFrom } from '../../src/state/utxos';
import { classifyGoto } from '../../src/views/goto';

function context(start: UiState = initialUi()) {
  const log: string[] = [];
  let ui = start;
  let help = true;
  const c: GlobalContext = {
    ui: (f) => (ui = f(ui)),
    paused: false,
    setHelp: (f) => (help = f(help)),
    opensText: () => log.push('opensText'),
    flash: (m) => log.push(`flash ${m}`),
    quit: () => log.push('quit'),
    refresh: () => log.push('refresh'),
    copy: () => log.push('copy'),
  };
  return { c, log, ui: () => ui, help: () => help };
}

describe('the pane table', () => {
  it('gives every pane one key, one command, one component, and unique go-to names', () => {
    const keys = PANE_TABLE.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const p of PANE_TABLE) {
      const cmd = COMMANDS.find((c) => c.name === `pane.${p.id}`);
      expect(cmd?.keys, p.id).toEqual([p.key]);
      expect(cmd?.description).toBe(p.description);
      expect(PANE_COMPONENTS[p.id], p.id).toBeTypeOf('function');
    }
    const names = PANE_TABLE.flatMap((p) => [p.id, ...p.goto]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('feeds the tabs, --pane and the UI state from the same rows (the console is no tab; the fleet no tab but a --pane)', () => {
    expect(PANE_LIST.map((p) => p.id)).toEqual(TAB_PANES.map((p) => p.id));
    expect(PANE_NAMES).toEqual([...TAB_PANES.map((p) => p.id), 'fleet', 'events']);
    expect(TAB_PANES.map((p) => p.id)).not.toContain('fleet');
    expect(PANES).toEqual(PANE_TABLE.map((p) => p.id));
    expect(PANE_NAMES).not.toContain('console');
    expect(Object.keys(initialUi().panes).sort()).toEqual([...PANES].sort());
  });

  it('answers `:` with ids and go-to names, in any case; nothing else', () => {
    expect(paneByName('VAL')).toBeUndefined();
    expect(paneByName('vals')?.id).toBe('validators');
    expect(paneByName('Utxo')?.id).toBe('utxos');
    expect(paneByName('toString')).toBeUndefined();
    expect(classifyGoto('rpc')).toEqual({ kind: 'console' });
    expect(classifyGoto('home')).toEqual({ kind: 'pane', pane: 'overview' });
    expect(classifyGoto('resources')).toEqual({ kind: 'pane', pane: 'metrics' });
  });

  it('lists every key scope, once, in help and the README', () => {
    expect([...SCOPE_ORDER].sort()).toEqual(Object.keys(SCOPE_TITLES).sort());
    expect(COMMANDS.filter((c) => !SCOPE_ORDER.includes(c.scope))).toEqual([]);
  });

  it('puts a pane\'s own key scopes before the global ones in the footer', () => {
    expect(hintScopes('overview', false, false)).toEqual(['global']);
    expect(hintScopes('peers', false, false)).toEqual(['table', 'global']);
    expect(hintScopes('validators', false, false)).toEqual(['validators', 'table', 'global']);
    expect(hintScopes('utxos', false, false)).toEqual(['utxos', 'table', 'global']);
    expect(hintScopes('console', false, false)).toEqual(['console', 'global']);
    expect(hintScopes('peers', true, false)).toEqual(['view', 'global']);
    expect(hintScopes('peers', false, true)).toEqual(['view']);
  });
});

describe('global actions', () => {
  it('has an action for every global command', () => {
    const global = COMMANDS.filter((c) => c.scope === 'global').map((c) => c.name);
    expect(global.filter((n) => !GLOBAL_ACTIONS[n])).toEqual([]);
  });

  it('a pane key shows its pane and closes help; Tab cycles the tabs only', () => {
    const t = context();
    globalActionFor(['pane.console'])!(t.c);
    expect(t.ui().pane).toBe('console');
    expect(t.help()).toBe(false);
    globalActionFor(['pane.next'])!(t.c);
    expect(t.ui().pane).toBe('overview');
    globalActionFor(['pane.prev'])!(t.c);
    expect(t.ui().pane).toBe(TAB_PANES[TAB_PANES.length - 1]!.id);
  });

  it('refresh says why nothing happens while paused; goto opens the prompt for the rest of the chunk', () => {
    const t = context();
    globalActionFor(['refresh'])!({ ...t.c, paused: true });
    globalActionFor(['refresh'])!(t.c);
    globalActionFor(['goto'])!(t.c);
    expect(t.log).toEqual(['flash paused: nothing refreshes until p resumes polling', 'refresh', 'opensText']);
    expect(t.ui().prompt?.kind).toBe('goto');
  });

  it('leaves keys no global command names to the layers that own them', () => {
    const names: CommandName[] = ['cursor.down', 'open', 'console.call'];
    expect(globalActionFor(names)).toBeUndefined();
  });
});

describe('the UTXO prompt', () => {
  it('takes addresses separated by spaces or commas, at most 1024', () => {
    expect(addressesFrom(' P-avax1a, P-avax1b\tP-avax1c ')).toEqual(['P-avax1a', 'P-avax1b', 'P-avax1c']);
    expect(addressesFrom(Array.from({ length: 1100 }, (_, i) => `a${i}`).join(' '))).toHaveLength(1024);
  });
});

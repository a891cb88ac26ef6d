// The one command table. The input router, the help overlay, the footer hints and the README key table are all
// generated from it, so a key documented is a key that works.
import { PANE_TABLE, type PaneId, type PaneScope } from '../state/panes';

/** Where a command applies. `global` works everywhere except while typing in a prompt. */
export type Scope = 'global' | 'view' | 'prompt' | PaneScope;

export interface PaneInfo {
  readonly id: PaneId;
  readonly title: string;
  readonly key: string;
}

/** Panes in tab order with their hotkeys (the tab rows of the pane table). */
export const PANE_LIST: readonly PaneInfo[] = PANE_TABLE.filter((p) => p.tab);

/** A command as written in the table below; its name becomes part of `CommandName`. */
interface CommandSpec {
  readonly name: string;
  /** Key specs: a printable character ("q", "G", "/"), or a named key with modifiers ("ctrl+c", "shift+tab", "pagedown"). */
  readonly keys: readonly string[];
  readonly description: string;
  readonly scope: Scope;
  /** Short label for the footer; commands without one stay out of the footer. */
  readonly hint?: string;
}

// The commands before and after the pane keys, in the order help and the README list them.
const LEADING = [
  { name: 'quit', keys: ['q'], description: 'Quit and restore the terminal', scope: 'global', hint: 'quit' },
  { name: 'interrupt', keys: ['ctrl+c'], description: 'Quit from anywhere, even while typing', scope: 'global' },
  { name: 'help', keys: ['?'], description: 'Show or hide this help', scope: 'global', hint: 'help' },
  { name: 'pane.next', keys: ['tab'], description: 'Next pane', scope: 'global', hint: 'pane' },
  { name: 'pane.prev', keys: ['shift+tab'], description: 'Previous pane', scope: 'global' },
] as const satisfies readonly CommandSpec[];

const TRAILING = [
  { name: 'refresh', keys: ['r'], description: 'Refresh the visible data now', scope: 'global', hint: 'refresh' },
  { name: 'pause', keys: ['p'], description: 'Pause or resume polling', scope: 'global', hint: 'pause' },
  { name: 'goto', keys: [':'], description: 'Go to a tx, block (ID or height), node, address, subnet, chain, pane, or health (the checks view)', scope: 'global', hint: 'go to' },
  { name: 'health', keys: ['H'], description: "Open the node's health checks, as the header sums them up (also :health)", scope: 'global' },
  { name: 'history', keys: ['T'], description: "Open the node's history: charts of its last hour, day and week (also :history)", scope: 'global' },
  { name: 'cursor.up', keys: ['up', 'k'], description: 'Move the cursor up', scope: 'table' },
  { name: 'cursor.down', keys: ['down', 'j'], description: 'Move the cursor down', scope: 'table', hint: 'move' },
  { name: 'cursor.top', keys: ['g', 'home'], description: 'Go to the first row', scope: 'table' },
  { name: 'cursor.bottom', keys: ['G', 'end'], description: 'Go to the last row', scope: 'table' },
  { name: 'page.up', keys: ['pageup', 'ctrl+b'], description: 'Page up', scope: 'table' },
  { name: 'page.down', keys: ['pagedown', 'ctrl+f'], description: 'Page down', scope: 'table' },
  { name: 'open', keys: ['enter'], description: 'Open the row under the cursor', scope: 'table', hint: 'open' },
  { name: 'filter', keys: ['/'], description: 'Filter the rows: words anywhere, or a column by name (conn:no, conn=yes, uptime<90, weight>2000); Enter keeps the filter, Esc cancels the edit', scope: 'table', hint: 'filter' },
  { name: 'sort.next', keys: ['s'], description: 'Sort by the next column', scope: 'table', hint: 'sort' },
  { name: 'sort.reverse', keys: ['S'], description: 'Reverse the sort order', scope: 'table' },
  { name: 'back', keys: ['escape'], description: 'Close the view or overlay; in a table, clear the filter', scope: 'view', hint: 'back' },
  { name: 'copy', keys: ['y'], description: 'Copy the selected ID, address or key, in views, tables and the console (OSC 52, works over SSH)', scope: 'view', hint: 'copy' },
  { name: 'raw', keys: ['x'], description: 'Transaction: toggle the raw view (hex and the node\'s JSON)', scope: 'view', hint: 'raw' },
  { name: 'block.parent', keys: ['<'], description: 'Block: go to the parent block', scope: 'view' },
  { name: 'block.child', keys: ['>'], description: 'Block: go to the child block', scope: 'view' },
  { name: 'subnet.next', keys: ['n'], description: 'Show validators of the next subnet', scope: 'validators', hint: 'subnet' },
  { name: 'subnet.prev', keys: ['N'], description: 'Show validators of the previous subnet', scope: 'validators' },
  { name: 'utxo.addresses', keys: ['a'], description: 'Enter addresses to look up', scope: 'utxos', hint: 'addresses' },
  { name: 'utxo.next', keys: [']'], description: 'Next page of UTXOs', scope: 'utxos', hint: 'page' },
  { name: 'utxo.prev', keys: ['['], description: 'Previous page of UTXOs', scope: 'utxos' },
  { name: 'utxo.bigger', keys: ['+'], description: 'Larger pages', scope: 'utxos' },
  { name: 'utxo.smaller', keys: ['-'], description: 'Smaller pages', scope: 'utxos' },
  { name: 'utxo.chain', keys: ['c'], description: 'Cycle the source chain (P, then atomic UTXOs from X and C)', scope: 'utxos', hint: 'chain' },
  { name: 'events.level', keys: ['l'], description: 'Events: show every event, warnings and worse, or critical ones only', scope: 'events', hint: 'level' },
  { name: 'events.node', keys: ['n'], description: 'Events: show every node, or the next one only', scope: 'events', hint: 'node' },
  { name: 'history.window', keys: ['w'], description: 'History: the last hour, day or week (↑/↓ pick the chart)', scope: 'view' },
  { name: 'console.call', keys: ['enter'], description: 'Console: pick the method, edit a field, send, or fold a JSON node', scope: 'console', hint: 'select' },
  { name: 'console.send', keys: ['ctrl+s'], description: 'Console: send the call from anywhere in the form', scope: 'console', hint: 'send' },
  { name: 'console.history', keys: ['h'], description: 'Console: the calls made so far (Enter reloads one)', scope: 'console', hint: 'history' },
  { name: 'console.reveal', keys: ['v'], description: 'Console: reveal or hide an exported private key', scope: 'console' },
  { name: 'prompt.accept', keys: ['enter'], description: 'Accept the typed text', scope: 'prompt' },
  { name: 'prompt.cancel', keys: ['escape'], description: 'Cancel typing (a filter goes back to what it was)', scope: 'prompt' },
  { name: 'prompt.clear', keys: ['ctrl+u'], description: 'Empty the prompt (an empty filter shows every row)', scope: 'prompt' },
] as const satisfies readonly CommandSpec[];

/** `pane.<id>` for every row of the pane table. */
export type PaneCommandName = `pane.${PaneId}`;

/** Every command there is: a misspelt name in a handler (`ev.is('refersh')`) does not compile. */
export type CommandName = (typeof LEADING)[number]['name'] | PaneCommandName | (typeof TRAILING)[number]['name'];

export interface Command extends CommandSpec {
  readonly name: CommandName;
  /** For pane commands: which pane. */
  readonly pane?: PaneId;
}

const paneCommands: Command[] = PANE_TABLE.map((p) => ({
  name: `pane.${p.id}` as const,
  keys: [p.key],
  description: p.description,
  scope: 'global' as const,
  pane: p.id,
}));

export const COMMANDS: readonly Command[] = [...LEADING, ...paneCommands, ...TRAILING];

/** The order help and the README list the scopes in. */
export const SCOPE_ORDER: readonly Scope[] = ['global', 'table', 'view', 'validators', 'utxos', 'events', 'console', 'prompt'];

export const SCOPE_TITLES: Record<Scope, string> = {
  global: 'Everywhere',
  table: 'Tables',
  view: 'Views and overlays',
  prompt: 'While typing',
  validators: 'Validators pane',
  utxos: 'UTXOs pane',
  events: 'Events pane',
  console: 'RPC console',
};

// The pane table: every pane once, with what each surface needs to know about it. The tab bar and Tab's cycle, the
// pane keys and their help lines, `--pane`, the `:` prompt's names, the footer's hint scopes, the frame's title,
// the UI state's per-pane slots all read it; `panes/index.ts` gives each id its component and `poll/pane-plans.ts` its
// poll plan, both keyed by `PaneId` so the compiler asks for them when a row is added here.

/** Key scopes a pane adds to the global ones (their commands are in keys/commands.ts). */
export type PaneScope = 'table' | 'validators' | 'utxos' | 'console' | 'events';

export interface PaneEntry {
  readonly id: string;
  readonly title: string;
  /** The key that shows it from anywhere. */
  readonly key: string;
  /** Its line in the help overlay and the README's key table. */
  readonly description: string;
  /** In the tab bar, Tab's cycle and `--pane`: false for the console, reached by its key or `:console`. */
  readonly tab: boolean;
  /** What else the `:` prompt takes for it, besides its id (`:val`, `:utxo`). */
  readonly goto: readonly string[];
  /** The pane's own key scopes, shown in the footer before the global keys (most specific first). */
  readonly scopes: readonly PaneScope[];
  /** `--pane` opens it although it is not a tab (the fleet). */
  readonly flag?: boolean;
}

export const PANE_TABLE = [
  { id: 'overview', title: 'Overview', key: '1', description: 'Show the Overview pane', tab: true, goto: ['home'], scopes: [] },
  { id: 'peers', title: 'Peers', key: '2', description: 'Show the Peers pane', tab: true, goto: ['peer'], scopes: ['table'] },
  {
    id: 'validators',
    title: 'Validators',
    key: '3',
    description: 'Show the Validators pane',
    tab: true,
    goto: ['validator', 'vals'],
    scopes: ['validators', 'table'],
  },
  { id: 'pending', title: 'Pending', key: '4', description: 'Show the Pending pane', tab: true, goto: [], scopes: ['table'] },
  { id: 'fees', title: 'Fees', key: '5', description: 'Show the Fees pane', tab: true, goto: ['fee'], scopes: [] },
  { id: 'versions', title: 'Versions', key: '6', description: 'Show the Versions pane', tab: true, goto: ['version'], scopes: [] },
  { id: 'subnets', title: 'Subnets', key: '7', description: 'Show the Subnets pane', tab: true, goto: ['subnet', 'chains'], scopes: ['table'] },
  { id: 'blocks', title: 'Blocks', key: '8', description: 'Show the Blocks pane', tab: true, goto: ['block'], scopes: ['table'] },
  { id: 'utxos', title: 'UTXOs', key: '9', description: 'Show the UTXOs pane', tab: true, goto: ['utxo'], scopes: ['utxos', 'table'] },
  // The node's own resources from /ext/metrics: no digit left, so m.
  { id: 'metrics', title: 'Metrics', key: 'm', description: 'Show the Metrics pane', tab: true, goto: ['metric', 'resources'], scopes: [] },
  // Not a tab (Tab cycles the monitoring panes); reached by 0 or `:console`.
  { id: 'console', title: 'Console', key: '0', description: 'Show the RPC console', tab: false, goto: ['rpc'], scopes: ['console'] },
  // Not a tab either: every node avatop watches, one row each, worst first (Enter views one, f comes back).
  {
    id: 'fleet',
    title: 'Fleet',
    key: 'f',
    description: 'Show the fleet: every node watched, worst first (Enter views one, f comes back)',
    tab: false,
    flag: true,
    goto: ['nodes'],
    scopes: ['table'],
  },
  // Not a tab: what happened while you were away, from the event log (the header counts what is new).
  {
    id: 'events',
    title: 'Events',
    key: 'e',
    description: 'Show the Events pane: what happened, newest first, from the event log (Enter opens what an event is about)',
    tab: false,
    flag: true,
    goto: ['event', 'log', 'incidents'],
    scopes: ['events', 'table'],
  },
] as const satisfies readonly PaneEntry[];

export type PaneId = (typeof PANE_TABLE)[number]['id'];

/** A row of the table with its id typed. */
export interface Pane extends PaneEntry {
  readonly id: PaneId;
}

const ROWS: readonly Pane[] = PANE_TABLE;

/** Every pane id, in table order. */
export const PANES: readonly PaneId[] = PANE_TABLE.map((p) => p.id);

/** The panes in the tab bar, in tab order (Tab and Shift-Tab cycle these). */
export const TAB_PANES: readonly Pane[] = ROWS.filter((p) => p.tab);

export function paneEntry(id: PaneId): Pane {
  return ROWS.find((p) => p.id === id)!;
}

/** The pane a name typed at `:` or given to `--pane` means (its id or one of its `goto` names), any case. */
export function paneByName(name: string): Pane | undefined {
  const lower = name.toLowerCase();
  return ROWS.find((p) => p.id === lower) ?? ROWS.find((p) => p.goto.includes(lower));
}

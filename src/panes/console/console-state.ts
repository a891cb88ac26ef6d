// The console's screen state as one value and its changes as a reducer: which of the five modes is shown (method
// list, form, confirmation, result, history), the cursors of the form, the result tree and the history, the last
// result with its folding and the revealed flag, and whether a call is out. What survives a pane switch (the
// filter, the method, its non-secret values, the history) stays in pane memory; secrets stay in the pane's ref.
import { initialExpanded, toggle } from './json-tree';
import type { ConsoleResult } from './console-model';

export type ConsoleMode = 'methods' | 'form' | 'confirm' | 'result' | 'history';

export interface ConsoleState {
  readonly mode: ConsoleMode;
  readonly fieldCursor: number;
  readonly treeCursor: number;
  readonly historyCursor: number;
  /** Set only in the result mode; an exported key leaves memory with it. */
  readonly result: ConsoleResult | undefined;
  readonly expanded: ReadonlySet<string>;
  readonly revealed: boolean;
  readonly busy: boolean;
}

export const INITIAL_CONSOLE: ConsoleState = {
  mode: 'methods',
  fieldCursor: 0,
  treeCursor: 0,
  historyCursor: 0,
  result: undefined,
  expanded: new Set(['']),
  revealed: false,
  busy: false,
};

export type ConsoleAction =
  /** A method picked or a past call reloaded: its form, cursor on the first field. */
  | { readonly type: 'form' }
  | { readonly type: 'mode'; readonly mode: ConsoleMode }
  | { readonly type: 'history' }
  /** Esc on a result: back to the form (or the list when no method is picked). */
  | { readonly type: 'closeResult'; readonly to: ConsoleMode }
  | { readonly type: 'sending' }
  | { readonly type: 'result'; readonly result: ConsoleResult }
  | { readonly type: 'cursor'; readonly which: 'field' | 'tree' | 'history'; readonly to: number }
  | { readonly type: 'fold'; readonly path: string }
  | { readonly type: 'reveal' };

const closed = (s: ConsoleState): ConsoleState => ({ ...s, result: undefined, revealed: false, treeCursor: 0 });

export function consoleReducer(s: ConsoleState, a: ConsoleAction): ConsoleState {
  switch (a.type) {
    case 'form':
      return { ...s, fieldCursor: 0, mode: 'form' };
    case 'mode':
      return { ...s, mode: a.mode };
    case 'history':
      return { ...(s.mode === 'result' ? closed(s) : s), historyCursor: 0, mode: 'history' };
    case 'closeResult':
      return { ...closed(s), mode: a.to };
    case 'sending':
      return { ...s, busy: true };
    case 'result':
      return {
        ...s,
        busy: false,
        result: a.result,
        expanded: a.result.ok ? initialExpanded(a.result.value) : new Set(['']),
        treeCursor: 0,
        revealed: false,
        mode: 'result',
      };
    case 'cursor':
      return a.which === 'field' ? { ...s, fieldCursor: a.to } : a.which === 'tree' ? { ...s, treeCursor: a.to } : { ...s, historyCursor: a.to };
    case 'fold':
      return { ...s, expanded: toggle(s.expanded, a.path) };
    case 'reveal':
      return { ...s, revealed: !s.revealed };
  }
}

/** Where a list cursor goes for a movement command (undefined: the command moves nothing). */
export function movedCursor(is: (command: 'cursor.down' | 'cursor.up' | 'page.down' | 'page.up' | 'cursor.top' | 'cursor.bottom') => boolean, cur: number, n: number, page: number): number | undefined {
  const last = Math.max(0, n - 1);
  if (is('cursor.down')) return Math.min(last, cur + 1);
  if (is('cursor.up')) return Math.max(0, cur - 1);
  if (is('page.down')) return Math.min(last, cur + page);
  if (is('page.up')) return Math.max(0, cur - page);
  if (is('cursor.top')) return 0;
  if (is('cursor.bottom')) return last;
  return undefined;
}

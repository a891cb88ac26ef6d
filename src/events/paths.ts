// Where avatop keeps what it remembers of the nodes it watched: `$XDG_STATE_HOME/avatop` (`~/.local/state/avatop`),
// one folder per node under `nodes/<network>/<NodeID>/`, and two small files at the top.
//
//   seen.json                      when the Events pane was last opened
//   targets.json                   the node each watched address last answered as (so a node down at start is known)
//   nodes/<network>/<NodeID>/
//     writer.lock                  the process writing this node's log (writer-lock.ts)
//     events-YYYYMMDD-NNN.jsonl    the event log, one JSON object a line (30 days, 10 MB)
//     history-YYYYMMDD-NNN.jsonl   a sample a minute (7 days, 4 MB)
//     node.json                    the tracker's state and the last trustworthy budget of each validation
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { NodeRef } from '../domain/events/record';

export const TOP_FILES = { seen: 'seen.json', targets: 'targets.json' } as const;
export const NODE_STATE_FILE = 'node.json';

/**
 * `$XDG_STATE_HOME/avatop`, else `~/.local/state/avatop`; undefined when there is no home to put it in. The XDG
 * spec ignores a relative XDG_STATE_HOME (it would put the log wherever avatop happens to start).
 */
export function defaultStateDir(env: NodeJS.ProcessEnv, home: () => string = homedir): string | undefined {
  if (env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME)) return join(env.XDG_STATE_HOME, 'avatop');
  try {
    const h = env.HOME && isAbsolute(env.HOME) ? env.HOME : home();
    return h ? join(h, '.local', 'state', 'avatop') : undefined;
  } catch {
    return undefined;
  }
}

/** A name safe as one path segment: what a node calls its network is its word, not ours. */
function segment(s: string): string {
  const clean = s.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, 80);
  return clean || '_';
}

export function nodeDir(stateDir: string, n: Pick<NodeRef, 'network' | 'nodeId'>): string {
  return join(stateDir, 'nodes', segment(n.network || 'unknown'), segment(n.nodeId));
}

// A watched address as a key (a hash of its origin and path): pure, in domain/events/target-key.ts.
export { targetKey } from '../domain/events/target-key';

// Everything the state folder holds, read without watching anything: `avatop events` and a one-shot `status` (the
// last trustworthy budget of a node it cannot ask).
import { join } from 'node:path';
import { filterEvents, foldLines, type EventFilter } from '../domain/events/fold';
import { parseEventLine, type EventLine, type NodeRef } from '../domain/events/record';
import type { LastBudget } from '../domain/events/last-budget';
import { nodeFs, type FsOps } from './fs-ops';
import { NodeJournal } from './node-journal';

export interface LogContents {
  /** Folded, newest first, within the filter. */
  readonly events: readonly EventLine[];
  /** Every node the folder has a log of, with the name it was last watched by. */
  readonly nodes: readonly NodeRef[];
  readonly skipped: number;
  readonly notes: readonly string[];
}

function dirs(fs: FsOps, path: string): string[] {
  try {
    return fs.readdirSync(path).filter((n) => {
      try {
        return fs.statSync(join(path, n)).isDirectory();
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

/** Each node folder as a journal (`nodes/<network>/<NodeID>/`). */
export function journals(stateDir: string, fs: FsOps = nodeFs): NodeJournal[] {
  const out: NodeJournal[] = [];
  const root = join(stateDir, 'nodes');
  for (const network of dirs(fs, root)) {
    for (const nodeId of dirs(fs, join(root, network))) {
      const probe = new NodeJournal(stateDir, { network, nodeId, name: nodeId }, { fs });
      const name = probe.readState()?.name;
      out.push(name ? new NodeJournal(stateDir, { network, nodeId, name }, { fs }) : probe);
    }
  }
  return out;
}

export function readAllEvents(stateDir: string, filter: EventFilter, fs: FsOps = nodeFs): LogContents {
  const lines: EventLine[] = [];
  const notes: string[] = [];
  let skipped = 0;
  const nodes: NodeRef[] = [];
  for (const j of journals(stateDir, fs)) {
    const raw = j.events.read(filter.sinceMs);
    raw.forEach((text, i) => {
      const r = parseEventLine(text);
      if (r.ok) lines.push(r.line);
      else {
        skipped++;
        if (notes.length < 5) notes.push(`${j.node.network}/${j.node.nodeId}: line ${i + 1} skipped: ${r.why}`);
      }
    });
    nodes.push(j.node);
  }
  // The name a node is shown by is the one it was last watched under.
  const folded = foldLines(lines);
  const names = new Map(nodes.map((n) => [`${n.network}/${n.nodeId}`, n.name]));
  for (const e of folded) if (!names.has(`${e.network}/${e.nodeId}`) || names.get(`${e.network}/${e.nodeId}`) === e.nodeId) names.set(`${e.network}/${e.nodeId}`, e.node);
  return {
    events: filterEvents(folded, filter),
    nodes: nodes.map((n) => ({ ...n, name: names.get(`${n.network}/${n.nodeId}`) ?? n.name })),
    skipped,
    notes,
  };
}

/** The last trustworthy budgets kept for a node, by validation key. */
export function readLastBudgets(stateDir: string, node: Pick<NodeRef, 'network' | 'nodeId'>, fs: FsOps = nodeFs): Readonly<Record<string, LastBudget>> {
  return new NodeJournal(stateDir, { ...node, name: node.nodeId }, { fs }).readState()?.budgets ?? {};
}

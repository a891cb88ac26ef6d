// Everything the state folder holds, read without watching anything: `avatop events` and a one-shot `status` (the
// last trustworthy budget of a node it cannot ask).
import { join } from 'node:path';
import { filterEvents, foldLines, type EventFilter } from '../domain/events/fold';
import { parseEventLine, type EventLine, type NodeRef } from '../domain/events/record';
import type { LastBudget } from '../state/reward-memory';
import { nodeFs, readJsonFile, type FsOps } from './fs-ops';
import { NodeJournal } from './node-journal';
import { targetKey, TOP_FILES } from './paths';

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

/** The last trustworthy budget of each validation kept for a node (node.json). */
export function readLastBudgets(stateDir: string, node: Pick<NodeRef, 'network' | 'nodeId'>, fs: FsOps = nodeFs): LastBudget[] {
  return Object.values(new NodeJournal(stateDir, { ...node, name: node.nodeId }, { fs }).readState()?.budgets ?? {});
}

/** targets.json: the node each watched address last answered as, by `targetKey`. */
export function readTargets(stateDir: string, fs: FsOps = nodeFs): Record<string, NodeRef> {
  const v = readJsonFile(fs, join(stateDir, TOP_FILES.targets));
  return v && typeof v === 'object' ? (v as Record<string, NodeRef>) : {};
}

/** The node that last answered at `url`, for one that does not answer now. */
export function nodeLastAt(stateDir: string, url: string, fs: FsOps = nodeFs): Pick<NodeRef, 'network' | 'nodeId'> | undefined {
  const r = readTargets(stateDir, fs)[targetKey(url)];
  return r && typeof r.nodeId === 'string' && typeof r.network === 'string' ? { network: r.network, nodeId: r.nodeId } : undefined;
}

// A one-shot's part in keeping the last trustworthy budget of each validation (node.json, node-journal.ts): `status`
// saves what it read itself, and which node answered at its address (targets.json), so a later `status` of the same
// node, isolated or out of reach, counts down from it.
// A monitor or an exporter watching the node holds its writer lock and saves its own (node-watch.ts): then the
// one-shot leaves node.json alone rather than race the writer.
import { join } from 'node:path';
import type { NodeRef } from '../domain/events/record';
import { INITIAL_TRACKER } from '../domain/events/tracker';
import { rememberBudgets } from '../domain/reward/projection';
import type { LastBudget } from '../state/reward-memory';
import { nodeFs, writeFileAtomic, type FsOps } from './fs-ops';
import { NodeJournal } from './node-journal';
import { targetKey, TOP_FILES } from './paths';
import { readTargets } from './read-all';

/** `watched`: another process writes this node's journal (it keeps the budgets itself). */
export type KeepOutcome = 'kept' | 'unchanged' | 'watched' | { readonly failed: string };

/** Merges `records` into the node's kept budgets (a newer figure of a validation replaces an older one, never the reverse). */
export function keepLastBudgets(stateDir: string, node: NodeRef, records: readonly LastBudget[], fs: FsOps = nodeFs): KeepOutcome {
  if (records.length === 0) return 'unchanged';
  const journal = new NodeJournal(stateDir, node, { fs });
  if (!journal.lock.acquire()) return journal.lock.error ? { failed: journal.lock.error } : 'watched';
  try {
    const saved = journal.readState();
    const before = saved?.budgets ?? {};
    const budgets = rememberBudgets(before, records);
    if (saved && budgets === before) return 'unchanged';
    const r = journal.writeState({
      v: 1,
      name: saved?.name ?? node.name,
      network: node.network,
      nodeId: node.nodeId,
      savedAt: saved?.savedAt ?? 0,
      tracker: saved?.tracker ?? INITIAL_TRACKER,
      budgets,
    });
    return r.ok ? 'kept' : { failed: r.code };
  } finally {
    journal.lock.release();
  }
}

/** Notes in targets.json which node answered at `url`, so it is known while it does not answer. False: not written. */
export function rememberTarget(stateDir: string, url: string, node: NodeRef, fs: FsOps = nodeFs): boolean {
  const all = readTargets(stateDir, fs);
  const tk = targetKey(url);
  const cur = all[tk];
  if (cur && cur.nodeId === node.nodeId && cur.network === node.network && cur.name === node.name) return true;
  try {
    fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    writeFileAtomic(fs, join(stateDir, TOP_FILES.targets), `${JSON.stringify({ ...all, [tk]: { network: node.network, nodeId: node.nodeId, name: node.name } })}\n`);
    return true;
  } catch {
    return false;
  }
}

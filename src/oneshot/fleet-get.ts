// `avatop get` over several nodes: the same resource from each, in parallel; one table with a NODE column, or with
// -o json a list with each node's name, URL and rows (or its error in words). Exit status: the worst of them.
import type { OneShotNode } from './command-frame';
import type { ResourceResult } from './resources';
import { renderTextTable } from '../columns/text-table';
import type { TextColumn } from '../columns/column';
import { AvatopError } from '../rpc/errors';
import { exitForNodeError, worstExit } from '../config/exit-codes';

type Fetch = (node: OneShotNode) => Promise<ResourceResult<any>>;

interface Outcome {
  readonly node: OneShotNode;
  readonly result?: ResourceResult<any>;
  readonly error?: AvatopError;
  readonly exitCode: number;
}

export interface FleetGet {
  readonly text: string;
  /** Errors in words, one line per node that failed (for stderr). */
  readonly errors: readonly string[];
  readonly json: Array<Record<string, unknown>>;
  readonly exitCode: number;
}

export async function fleetGet(nodes: readonly OneShotNode[], fetch: Fetch): Promise<FleetGet> {
  const outcomes: Outcome[] = await Promise.all(
    nodes.map(async (node): Promise<Outcome> => {
      try {
        return { node, result: await fetch(node), exitCode: 0 };
      } catch (err) {
        if (err instanceof AvatopError) return { node, error: err, exitCode: exitForNodeError(err) };
        throw err;
      }
    }),
  );
  const ok = outcomes.filter((o) => o.result);
  // Every node's table has the same columns (one resource); the first answer's columns lay them out.
  const columns = ok[0]?.result?.columns ?? [];
  const table: Array<{ node: string; row: unknown }> = ok.flatMap((o) => o.result!.rows.map((row) => ({ node: o.node.name, row })));
  const cols: TextColumn<{ node: string; row: unknown }>[] = [
    { title: 'NODE', value: (r) => r.node },
    ...columns.map((c) => ({ title: c.title, align: c.align, value: (r: { row: unknown }) => c.value(r.row) })),
  ];
  const notes = ok.filter((o) => o.result!.note).map((o) => `${o.node.name}: ${o.result!.note}`);
  const errors = outcomes.filter((o) => o.error).map((o) => `${o.node.name} (${o.node.url}): ${o.error!.short}${o.error!.hint ? ` — ${o.error!.hint}` : ''}`);
  const text = [...notes, ok.length > 0 ? renderTextTable(cols, table) : ''].filter(Boolean).join('\n');
  const json = outcomes.map((o) => ({
    name: o.node.name,
    url: o.node.url,
    ...(o.result ? { rows: o.result.rows } : { error: o.error!.short, rows: null }),
  }));
  return { text, errors, json, exitCode: worstExit(outcomes.map((o) => o.exitCode)) };
}

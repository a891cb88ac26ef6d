// `avatop get RESOURCE [ARGS]`: one resource as a table, or with -o json as JSON a program can read.
import { UsageError } from '../config/flags';
import { runOneShot, toJson } from '../oneshot/command-frame';
import { RESOURCES } from '../oneshot/resources';
import { renderTextTable } from '../columns/text-table';
import { AvatopError } from '../rpc/errors';
import { EXIT_OK, exitForNodeError } from '../config/exit-codes';
import { fleetGet } from '../oneshot/fleet-get';

const names = Object.keys(RESOURCES);
const usage = `Usage: avatop get RESOURCE [ARGS] [flags]

Resources:
${names.map((n) => `  ${n.padEnd(11)}${RESOURCES[n]?.describe}`).join('\n')}

Examples:
  avatop get peers
  avatop get validators -o json | jq '.[0]'
  avatop get utxos P-avax1… --source-chain X
  avatop get blocks 20 --watch
  avatop get peers --url http://10.0.0.5:9650 --url http://10.0.0.6:9650   several nodes: a NODE column`;

export async function run(argv: string[]): Promise<number> {
  return runOneShot(argv, {
    usage,
    flags: [{ name: 'source-chain', kind: 'string', value: 'CHAIN', description: 'utxos: atomic UTXOs exported from CHAIN (X, C or an ID)' }],
    async run(ctx) {
      const [name, ...args] = ctx.positionals;
      const resource = name === undefined ? undefined : RESOURCES[name];
      if (!resource) throw new UsageError(name ? `unknown resource "${name}" (one of ${names.join(', ')})` : `which resource? (one of ${names.join(', ')})`);
      if (ctx.nodes.length > 1) {
        // Several nodes: one table with a NODE column, a JSON list with each node's name and URL, the worst exit.
        const fleet = await fleetGet(ctx.nodes, (n) => resource.fetch(n.client, args, { ...ctx.extra, uptimeThreshold: ctx.settings.uptimeThreshold, uptimeThresholdFrom: ctx.settings.uptimeThresholdFrom }));
        for (const e of fleet.errors) process.stderr.write(`avatop: ${e}\n`);
        if (ctx.format === 'json') ctx.out(toJson(fleet.json));
        else if (fleet.text) ctx.out(fleet.text);
        return fleet.exitCode;
      }
      try {
        const result = await resource.fetch(ctx.client, args, { ...ctx.extra, uptimeThreshold: ctx.settings.uptimeThreshold, uptimeThresholdFrom: ctx.settings.uptimeThresholdFrom });
        if (ctx.format === 'json') ctx.out(toJson(result.rows));
        else ctx.out([result.note, renderTextTable(result.columns, result.rows)].filter(Boolean).join('\n'));
        return EXIT_OK;
      } catch (err) {
        if (err instanceof AvatopError) {
          process.stderr.write(`avatop: ${err.short}${err.hint ? ` — ${err.hint}` : ''}\n`);
          return exitForNodeError(err);
        }
        throw err;
      }
    },
  });
}

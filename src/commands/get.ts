// `avatop get RESOURCE [ARGS]`: one resource as a table, or with -o json as JSON a program can read.
import { UsageError } from '../config/flags';
import { runOneShot, toJson } from '../oneshot/command-frame';
import { RESOURCES } from '../oneshot/resources';
import { renderTextTable } from '../oneshot/text-table';
import { AvatopError } from '../rpc/errors';
import { exitForNodeError } from '../config/exit-codes';

const names = Object.keys(RESOURCES);
const usage = `Usage: avatop get RESOURCE [ARGS] [flags]

Resources:
${names.map((n) => `  ${n.padEnd(11)}${RESOURCES[n]?.describe}`).join('\n')}

Examples:
  avatop get peers
  avatop get validators -o json | jq '.[0]'
  avatop get utxos P-avax1… --source-chain X
  avatop get blocks 20 --watch`;

export async function run(argv: string[]): Promise<number> {
  return runOneShot(argv, {
    usage,
    flags: [{ name: 'source-chain', kind: 'string', value: 'CHAIN', description: 'utxos: atomic UTXOs exported from CHAIN (X, C or an ID)' }],
    async run(ctx) {
      const [name, ...args] = ctx.positionals;
      const resource = name === undefined ? undefined : RESOURCES[name];
      if (!resource) throw new UsageError(name ? `unknown resource "${name}" (one of ${names.join(', ')})` : `which resource? (one of ${names.join(', ')})`);
      try {
        const result = await resource.fetch(ctx.client, args, { ...ctx.extra, uptimeThreshold: ctx.settings.uptimeThreshold });
        if (ctx.format === 'json') ctx.out(toJson(result.rows));
        else ctx.out([result.note, renderTextTable(result.columns, result.rows)].filter(Boolean).join('\n'));
        return 0;
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

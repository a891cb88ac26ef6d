/**
 * What every one-shot command shares: settings and usage errors (exit 3, UNKNOWN), --help and --version, a client,
 * `-o json`, and `--watch` repeating the command every interval until interrupted.
 */
import { UsageError, formatFlagHelp, type FlagSpec } from '../config/flags';
import { COMMON_FLAGS, OUTPUT_FLAGS, resolveSettings, type Settings } from '../config/settings';
import { AVATOP_VERSION } from '../config/version';
import { EXIT_STATUS_HELP, EXIT_UNKNOWN, EXIT_WARNING } from '../config/exit-codes';
import { createClient, type AvatopClient } from '../rpc/client';
import { fleetNodes, type FleetNode } from '../config/nodes';
import { collectGarbage } from '../runtime/gc';

/** `line`: one line for status bars (`status` only). */
export type OutputFormat = 'table' | 'json' | 'line';

export interface OneShotContext {
  settings: Settings;
  positionals: string[];
  extra: Record<string, string | boolean | string[]>;
  format: OutputFormat;
  client: AvatopClient;
  /** Every node named (--url, --node, config nodes), each with its own client; `client` is the first's. */
  nodes: readonly OneShotNode[];
  out: (text: string) => void;
}

export interface OneShotNode {
  readonly name: string;
  readonly url: string;
  readonly client: AvatopClient;
}

export interface OneShotCommand {
  usage: string;
  flags?: readonly FlagSpec[];
  /**
   * The most one run may take when no --timeout is given (with --timeout T, T bounds the whole run): a check run by
   * check_nrpe or a cron job with a limit of its own answers within it, saying what did not answer in time.
   */
  runLimitMs?: number;
  /** The --output formats it writes (default table and json). */
  formats?: readonly OutputFormat[];
  /** Returns the exit status of one run. */
  run(ctx: OneShotContext): Promise<number>;
}

/** JSON with bigints as decimal strings and Dates as RFC 3339, so scripts get exact values. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
}

export async function runOneShot(argv: string[], command: OneShotCommand): Promise<number> {
  const flags = [...COMMON_FLAGS, ...OUTPUT_FLAGS, ...(command.flags ?? [])];
  let resolved;
  let fleet: FleetNode[];
  try {
    resolved = resolveSettings(argv, process.env, COMMON_FLAGS, [...OUTPUT_FLAGS, ...(command.flags ?? [])]);
    fleet = fleetNodes(resolved.settings);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`avatop: ${err.message}\n`);
      return EXIT_UNKNOWN;
    }
    throw err;
  }
  const { settings, positionals, extra } = resolved;
  if (resolved.help) {
    process.stdout.write(`${command.usage}\n\nFlags:\n${formatFlagHelp(flags)}\n\n${EXIT_STATUS_HELP}\n`);
    return 0;
  }
  if (resolved.version) {
    process.stdout.write(`avatop ${AVATOP_VERSION}\n`);
    return 0;
  }
  const output = extra.output ?? 'table';
  const formats = command.formats ?? ['table', 'json'];
  if (!formats.includes(output as OutputFormat)) {
    const expected = formats.length === 2 ? formats.join(' or ') : `${formats.slice(0, -1).join(', ')} or ${formats[formats.length - 1]}`;
    process.stderr.write(`avatop: --output: expected ${expected}, got "${String(output)}"\n`);
    return EXIT_UNKNOWN;
  }

  // Each run's deadline (--watch starts a new one per run); undefined for commands without a limit.
  let runDeadline: number | undefined;
  const startRun = (): void => {
    if (command.runLimitMs !== undefined) runDeadline = Date.now() + (settings.timeoutGiven ? settings.timeoutMs : command.runLimitMs);
  };
  const deadlineAt = () => runDeadline;
  const nodes = fleet.map((n) => ({
    name: n.name,
    url: n.url,
    client: createClient({ url: n.url, headers: n.headers, timeoutMs: settings.timeoutMs, deadlineAt, collectGarbage }),
  }));
  const ctx: OneShotContext = {
    settings,
    positionals,
    extra,
    format: output as OutputFormat,
    client: nodes[0]!.client,
    nodes,
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  };
  try {
    if (extra.watch !== true) {
      startRun();
      return await command.run(ctx);
    }
    let stop = false;
    const onSignal = (): void => {
      stop = true;
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    let code = 0;
    while (!stop) {
      if (output === 'table' && process.stdout.isTTY) process.stdout.write('\x1b[H\x1b[2J');
      try {
        startRun();
        code = await command.run(ctx);
      } catch (err) {
        if (err instanceof UsageError) throw err;
        process.stderr.write(`avatop: ${err instanceof Error ? err.message : String(err)}\n`);
        code = EXIT_WARNING;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, settings.intervalMs);
        const wake = (): void => {
          clearTimeout(timer);
          resolve();
        };
        process.once('SIGINT', wake);
      });
    }
    return code;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`avatop: ${err.message}\n`);
      return EXIT_UNKNOWN;
    }
    throw err;
  } finally {
    await Promise.allSettled(nodes.map((n) => n.client.close()));
  }
}

// `avatop events`: what happened while you were away, read from the event log without starting the UI or asking any
// node. Its exit status is the worst of the window, so a cron job or a login script can act on it.
import { formatFlagHelp, UsageError, type FlagSpec } from '../config/flags';
import { parseDuration, resolveSettings } from '../config/settings';
import { COMMON_FLAGS } from '../config/settings';
import { AVATOP_VERSION } from '../config/version';
import { exitFor } from '../config/exit-codes';
import { readAllEvents } from '../events/read-all';
import { matchesNode, worstSeverity } from '../domain/events/fold';
import { SEVERITIES, type Severity } from '../domain/events/record';
import { renderTextTable } from '../columns/text-table';
import { textColumns } from '../columns/column';
import { eventColumns } from '../columns/events';
import { toJson } from '../oneshot/command-frame';
import { formatLocalTimestamp } from '../format/time';

const DEFAULT_SINCE = '24h';

/** The common flags this command has a use for; its own --node is a name, not NAME=URL. */
const SHARED = COMMON_FLAGS.filter((f) => ['config', 'state-dir', 'state', 'help', 'version'].includes(f.name));

const FLAGS: readonly FlagSpec[] = [
  { name: 'since', kind: 'string', value: 'DURATION|TIME', description: `events of the last DURATION (30m, 24h, 7d) or since an ISO time (default ${DEFAULT_SINCE})` },
  { name: 'node', kind: 'string', value: 'NAME', description: "only this node: its name, its NodeID, or the start of either" },
  { name: 'severity', kind: 'string', value: 'LEVEL', description: 'only events at least this severe: info, warning or critical (default info)' },
  { name: 'output', short: 'o', kind: 'string', value: 'table|json', description: 'output format (default table)' },
];

const usage = `Usage: avatop events [--since 24h] [--node NAME] [--severity LEVEL] [-o json]

Prints what the monitor and the exporter recorded about the nodes they watched (unreachable and back, health checks
failing and passing, restarts, upgrades, validations, budget and balance tiers), oldest first, without starting the
UI or asking any node. The log is kept under --state-dir (default $XDG_STATE_HOME/avatop or ~/.local/state/avatop).

Examples:
  avatop events                               the last 24 hours
  avatop events --since 7d --node validator-1 -o json
  avatop events --since 2026-11-26T09:00:00Z --severity warning

Exit status: 0 nothing worse than information in the window, 1 warnings, 2 critical events, 3 a usage error.`;

export interface EventsIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  now?: () => number;
}

/** "24h" back from now, or an ISO time. */
export function parseSince(text: string, now: number): number {
  if (/^\d{4}-\d{2}-\d{2}/.test(text.trim())) {
    const t = Date.parse(text.trim());
    if (!Number.isFinite(t)) throw new UsageError(`--since: "${text}" is not a time (e.g. 2026-11-26T09:00:00Z)`);
    return t;
  }
  return now - parseDuration(text, '--since');
}

export async function run(argv: string[], io: EventsIo = { stdout: process.stdout, stderr: process.stderr, env: process.env }): Promise<number> {
  const now = (io.now ?? Date.now)();
  const fail = (message: string) => {
    io.stderr.write(`avatop events: ${message}\n`);
    return exitFor('usage');
  };
  let resolved;
  let sinceMs: number;
  let minSeverity: Severity | undefined;
  let format: 'table' | 'json';
  try {
    resolved = resolveSettings(argv, io.env, SHARED, FLAGS);
    const { extra, positionals } = resolved;
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}" (see --help)`);
    sinceMs = parseSince(typeof extra.since === 'string' ? extra.since : DEFAULT_SINCE, now);
    const sev = extra.severity;
    if (sev !== undefined) {
      if (!SEVERITIES.includes(sev as Severity)) throw new UsageError(`--severity: expected info, warning or critical, got "${String(sev)}"`);
      minSeverity = sev as Severity;
    }
    const out = extra.output ?? 'table';
    if (out !== 'table' && out !== 'json') throw new UsageError(`--output: expected table or json, got "${String(out)}"`);
    format = out;
  } catch (err) {
    if (err instanceof UsageError) return fail(err.message);
    throw err;
  }
  if (resolved.help) {
    io.stdout.write(`${usage}\n\nFlags:\n${formatFlagHelp([...FLAGS, ...SHARED])}\n`);
    return 0;
  }
  if (resolved.version) {
    io.stdout.write(`avatop ${AVATOP_VERSION}\n`);
    return 0;
  }
  const dir = resolved.settings.stateDir;
  if (!dir) return fail('the event log is off (--no-state, or "stateDir": false in the config file): there is nothing to read');

  const all = readAllEvents(dir, { sinceMs, minSeverity });
  const nodeName = typeof resolved.extra.node === 'string' ? resolved.extra.node.trim() : undefined;
  let events = all.events;
  if (nodeName !== undefined) {
    const n = nodeName.toLowerCase();
    const known = all.nodes.filter((x) => x.name.toLowerCase().startsWith(n) || x.nodeId.toLowerCase().startsWith(n));
    events = events.filter((e) => matchesNode(e, nodeName) || known.some((k) => k.nodeId === e.nodeId && k.network === e.network));
    if (known.length === 0 && events.length === 0) {
      const names = all.nodes.map((x) => x.name);
      return fail(`no node named "${nodeName}" in the event log${names.length > 0 ? ` (nodes: ${names.join(', ')})` : ` at ${dir}`}`);
    }
  }
  const chronological = [...events].reverse();
  const worst = worstSeverity(events);
  for (const note of all.notes) io.stderr.write(`avatop events: ${note}\n`);
  if (format === 'json') {
    io.stdout.write(`${toJson({ since: new Date(sinceMs).toISOString(), stateDir: dir, worst: worst ?? null, skipped: all.skipped, events: chronological })}\n`);
  } else if (chronological.length === 0) {
    io.stdout.write(all.nodes.length === 0 ? `No event log yet at ${dir} (avatop and avatop exporter write it while they watch a node).\n` : `No events since ${formatLocalTimestamp(sinceMs)}.\n`);
  } else {
    io.stdout.write(`${renderTextTable(textColumns(eventColumns(now, { node: true })), chronological)}\n`);
  }
  return exitFor(worst === 'critical' ? 'eventCritical' : worst === 'warning' ? 'eventWarnings' : 'ok');
}

// Exit statuses in the monitoring-plugin convention (Nagios, Icinga, Sensu and Zabbix read it): a check's status is
// its exit code, and a script or cron job can tell a typo in its own command line (3) from a node that is down (2).
// One table of outcomes for every command: each command reports what happened as an outcome, and the code, the
// help text and the README's table all come from here, so a 403 cannot mean 2 in one command and 1 in another.
import { AvatopError, HttpError, RpcError, TransportError } from '../rpc/errors';

export const EXIT_OK = 0;
/** Degraded: the node answers, but something needs attention (still bootstrapping, uptime under the threshold …). */
export const EXIT_WARNING = 1;
/** The node cannot be reached, refuses avatop, or cannot follow its network. */
export const EXIT_CRITICAL = 2;
/** avatop could not judge: a usage or configuration error, or a question this node cannot answer. */
export const EXIT_UNKNOWN = 3;

export type ExitCode = typeof EXIT_OK | typeof EXIT_WARNING | typeof EXIT_CRITICAL | typeof EXIT_UNKNOWN;

export type ExitOutcome =
  | 'ok'
  | 'degraded'
  | 'bootstrapping'
  | 'nodeError'
  | 'undecodable'
  | 'unreachable'
  | 'refused'
  | 'leftBehind'
  | 'eventWarnings'
  | 'eventCritical'
  | 'usage'
  | 'unsupported';

interface OutcomeRow {
  readonly code: ExitCode;
  /** When it happens, in the README's words. */
  readonly when: string;
}

/** Every outcome of every command, with its exit status. */
export const EXIT_OUTCOMES: Readonly<Record<ExitOutcome, OutcomeRow>> = {
  ok: { code: EXIT_OK, when: 'the node is healthy (`status`); the command did what was asked' },
  degraded: { code: EXIT_WARNING, when: 'the node answers but needs attention: a downtime budget at the warning tier or worse, lost, or unknown (isolated), a health check failing, an upgrade due (a network upgrade its release does not schedule activates within 7 days)' },
  bootstrapping: { code: EXIT_WARNING, when: 'a chain is still bootstrapping (the node answers 503 on it)' },
  nodeError: { code: EXIT_WARNING, when: 'the node answered a `get` with an error or a reply avatop could not read' },
  undecodable: { code: EXIT_WARNING, when: '`decode` was given bytes that are not a tx, block, UTXO or output' },
  unreachable: { code: EXIT_CRITICAL, when: 'the node cannot be reached (refused, timed out, DNS, TLS)' },
  refused: { code: EXIT_CRITICAL, when: 'the node or a proxy in front of it refuses avatop (HTTP 401, 403, 404, a redirect, 5xx)' },
  leftBehind: { code: EXIT_CRITICAL, when: 'the node cannot follow its network: a network upgrade its release does not schedule has activated, and its connected stake collapsed or its P-chain stopped' },
  eventWarnings: { code: EXIT_WARNING, when: '`events`: the window holds warnings (and nothing critical)' },
  eventCritical: { code: EXIT_CRITICAL, when: '`events`: the window holds a critical event (an outage, a lost reward, a spent budget)' },
  usage: {
    code: EXIT_UNKNOWN,
    when: 'a usage or configuration error: an unknown flag, `--url notaurl`, a bad config file, an unknown `get` resource, a bad `--listen` or a port in use',
  },
  unsupported: { code: EXIT_UNKNOWN, when: 'the node does not support what was asked (a method its release lacks)' },
};

export function exitFor(outcome: ExitOutcome): ExitCode {
  return EXIT_OUTCOMES[outcome].code;
}

const NAMES: Readonly<Record<ExitCode, string>> = { 0: 'OK', 1: 'WARNING', 2: 'CRITICAL', 3: 'UNKNOWN' };
const SUMMARY: Readonly<Record<ExitCode, string>> = {
  0: 'OK',
  1: 'WARNING (degraded, bootstrapping, a node error)',
  2: 'CRITICAL (node unreachable, refusing avatop, or left behind by an upgrade)',
  3: 'UNKNOWN (usage or configuration error, or the node does not support what was asked)',
};

/** For every command's --help. */
export const EXIT_STATUS_HELP = `Exit status (monitoring-plugin convention): ${([0, 1, 2, 3] as const).map((c) => `${c} ${SUMMARY[c]}`).join(', ')}.`;

/** The README's exit table (a generated section). */
export function exitTableMarkdown(): string {
  const rows = ([0, 1, 2, 3] as const).map((code) => {
    const when = Object.values(EXIT_OUTCOMES)
      .filter((o) => o.code === code)
      .map((o) => o.when)
      .join('; ');
    return `| ${code} | ${NAMES[code]} | ${when} |`;
  });
  return ['| Exit | Meaning | When |', '|---|---|---|', ...rows, ''].join('\n');
}

/** The monitoring-plugin reading of several statuses: any node CRITICAL is CRITICAL, else the highest. */
export function worstExit(codes: readonly number[]): number {
  return codes.includes(EXIT_CRITICAL) ? EXIT_CRITICAL : Math.max(EXIT_OK, ...codes);
}

/** What a failed node call means: one rule for `status`, `get`, the fleet and every other command. */
export function outcomeOfNodeError(err: AvatopError): ExitOutcome {
  if (err instanceof TransportError) return 'unreachable';
  if (err instanceof HttpError) return err.isBootstrapping ? 'bootstrapping' : 'refused';
  if (err instanceof RpcError && err.unsupported) return 'unsupported';
  return 'nodeError';
}

export function exitForNodeError(err: AvatopError): ExitCode {
  return exitFor(outcomeOfNodeError(err));
}

// Exit statuses in the monitoring-plugin convention (Nagios, Icinga, Sensu and Zabbix read it): a check's status is
// its exit code, and a script or cron job can tell a typo in its own command line (3) from a node that is down (2).
import { AvatopError, RpcError, TransportError } from '../rpc/errors';

export const EXIT_OK = 0;
/** Degraded: the node answers, but something needs attention (still bootstrapping, uptime under the threshold …). */
export const EXIT_WARNING = 1;
/** The node cannot be reached. */
export const EXIT_CRITICAL = 2;
/** avatop could not judge: a usage or configuration error, or a question this node cannot answer. */
export const EXIT_UNKNOWN = 3;

/** For --help and the README. */
export const EXIT_STATUS_HELP =
  'Exit status (monitoring-plugin convention): 0 OK, 1 WARNING (degraded), 2 CRITICAL (node unreachable), 3 UNKNOWN (usage or configuration error, or the node does not support what was asked).';

/** What a failed node call means for a one-shot command's exit status. */
export function exitForNodeError(err: AvatopError): number {
  if (err instanceof TransportError) return EXIT_CRITICAL;
  if (err instanceof RpcError && err.unsupported) return EXIT_UNKNOWN;
  return EXIT_WARNING;
}

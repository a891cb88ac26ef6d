// `avatop status`: a compact health summary for scripts, cron and tmux status lines.
// Exit 0 OK (healthy), 1 WARNING (degraded), 2 CRITICAL (unreachable), 3 UNKNOWN (usage or configuration error):
// the monitoring-plugin convention, so Nagios, Icinga, Sensu and Zabbix can run it as a check.
import { gatherStatus } from '../oneshot/gather-status';
import { runOneShot, toJson } from '../oneshot/command-frame';
import { assessStatus } from '../oneshot/status-report';
import { fleetStatus } from '../oneshot/fleet-status';
import { keepStatusBudgets, withKeptBudgets } from '../oneshot/status-memory';
import { statusLine } from '../oneshot/status-line';
import { parseDuration } from '../config/settings';
import type { FlagSpec } from '../config/flags';
import { WARN_BUDGET_FLAG, warnBudgetOf } from './warn-budget';

const FLAGS: readonly FlagSpec[] = [
  WARN_BUDGET_FLAG,

  { name: 'warn-end', kind: 'string', value: 'DURATION', description: 'warn (exit 1) when the validation ends within this, e.g. 24h (default 24h)' },
  { name: 'l1-validation', kind: 'list', value: 'ID', description: "an L1 validation ID to check too (this node's own are found from the subnets it tracks), repeatable" },
];

/** The whole of one run without --timeout: under check_nrpe's 10 s with room for the process to start. */
const STATUS_RUN_LIMIT_MS = 8_000;

const usage = `Usage: avatop status [flags]

Prints whether the node is reachable and healthy: bootstrapped P/X/C, its own health checks (failing ones by
name, checks not run yet since it started), version, peers, P-chain height and its age,
the network's view of this node (each connected validator's measurement, weighed by stake), the downtime budget
(how much longer the node can be offline this period and keep its reward, at the stake-weighted median voter's
view) and what happens at the period's end (ends, renews, exits); the same for its
subnet validations (found from the subnets it tracks; an elastic subnet's own uptimeRequirement) and the balance
runway of its L1 validations (found the same way, or named with --l1-validation).
It warns (exit 1) when a budget is at the warning tier or worse (--warn-budget), lost, or unknown because the node
is isolated, a validation that does not renew ends within --warn-end, or an L1
validation has balance for less than 7 days; each reason is a line in words.
A network upgrade half of the stake announces that this node's release does not schedule is a line from when it
is seen ("N% of stake runs avalanchego X, which schedules a network upgrade at T; this node runs Y: upgrade
before T"), a warning (exit 1) from 7 days before T, and once T has passed and the node cannot follow the network
(its connected stake collapsed or its P-chain stopped) critical (exit 2): "cannot follow the network since T".
It answers within ${STATUS_RUN_LIMIT_MS / 1000} s (with --timeout T, within T) even when the node hangs, so a check run by check_nrpe
(10 s) or cron gets its answer; what did not answer in time is named.
Exit status: 0 healthy, 1 degraded, 2 unreachable, refusing avatop or left behind by a network upgrade, 3 usage or
configuration error (as a monitoring plugin: OK, WARNING, CRITICAL, UNKNOWN).

Examples:
  avatop status
  avatop status --url http://10.0.0.5:9650 -o json
  avatop status -o line          one line for a tmux status bar: avatop mainnet v1.15.0 HEALTHY h 21382033 peers 1571 budget 17d 9h
  avatop status --watch --interval 30s
  avatop status --node validator=http://10.0.0.5:9650 --node backup=http://10.0.0.6:9650
                                 several nodes: one table, -o json a list, the worst exit status`;

export async function run(argv: string[]): Promise<number> {
  return runOneShot(argv, {
    usage,
    flags: FLAGS,
    runLimitMs: STATUS_RUN_LIMIT_MS,
    formats: ['table', 'json', 'line'],
    async run(ctx) {
      const duration = (name: string) => (typeof ctx.extra[name] === 'string' ? parseDuration(ctx.extra[name] as string, `--${name}`) : undefined);
      const rule = { override: ctx.settings.uptimeThreshold, overrideFrom: ctx.settings.uptimeThresholdFrom, warnBudget: warnBudgetOf(ctx.extra['warn-budget']), warnEndMs: duration('warn-end') };
      if (ctx.nodes.length > 1) {
        // Several nodes (--url repeated, --node, config nodes): one table, the worst exit status.
        const fleet = await fleetStatus(ctx.nodes, rule, { l1Validations: (ctx.extra['l1-validation'] as string[] | undefined) ?? [], watch: ctx.settings.watch, stateDir: ctx.settings.stateDir });
        ctx.out(ctx.format === 'json' ? toJson(fleet.json) : ctx.format === 'line' ? fleet.line : fleet.text);
        return fleet.exitCode;
      }
      const gathered = await gatherStatus(ctx.client, { l1Validations: (ctx.extra['l1-validation'] as string[] | undefined) ?? [], watch: ctx.settings.watch });
      // The event log's last trustworthy budgets: counted down for a node found isolated or out of reach.
      const stateDir = ctx.settings.stateDir;
      const snapshot = stateDir ? withKeptBudgets(gathered, stateDir) : gathered;
      const now = Date.now();
      const report = assessStatus(snapshot, rule, now);
      if (stateDir) keepStatusBudgets(snapshot, report.validations, stateDir, ctx.nodes[0]?.name ?? snapshot.url);
      ctx.out(ctx.format === 'json' ? toJson(report.json) : ctx.format === 'line' ? statusLine(report, now) : report.lines.join('\n'));
      return report.exitCode;
    },
  });
}

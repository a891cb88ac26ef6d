// `avatop status`: a compact health summary for scripts, cron and tmux status lines.
// Exit 0 OK (healthy), 1 WARNING (degraded), 2 CRITICAL (unreachable), 3 UNKNOWN (usage or configuration error):
// the monitoring-plugin convention, so Nagios, Icinga, Sensu and Zabbix can run it as a check.
import { gatherStatus } from '../oneshot/gather-status';
import { runOneShot, toJson } from '../oneshot/command-frame';
import { assessStatus } from '../oneshot/status-report';

const usage = `Usage: avatop status [flags]

Prints whether the node is reachable and healthy: bootstrapped P/X/C, its own health checks (failing ones by
name, checks not run yet since it started), version, peers, P-chain height and its age,
uptime against the reward threshold, and when this node's validation ends.
Exit status: 0 healthy, 1 degraded, 2 unreachable, 3 usage or configuration error (as a monitoring plugin:
OK, WARNING, CRITICAL, UNKNOWN).

Examples:
  avatop status
  avatop status --url http://10.0.0.5:9650 -o json
  avatop status --watch --interval 30s`;

export async function run(argv: string[]): Promise<number> {
  return runOneShot(argv, {
    usage,
    async run(ctx) {
      const snapshot = await gatherStatus(ctx.client);
      const report = assessStatus(snapshot, { override: ctx.settings.uptimeThreshold }, Date.now());
      ctx.out(ctx.format === 'json' ? toJson(report.json) : report.lines.join('\n'));
      return report.exitCode;
    },
  });
}

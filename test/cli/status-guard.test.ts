// `avatop status` as cron runs it, against the simulator's reward-guard scenarios: exit 1 for each warning, one line
// in words per reason, and JSON with each validation's threshold, source, budget and end. The budget is checked
// against the formula applied to what the node itself served (info.uptime, getCurrentValidators), within 5%.
import { afterEach, describe, expect, it } from 'vitest';
import { createSimNode, type ScenarioName, type SimNode } from '../../src/sim';
import { runCli } from './run-cli';

let node: SimNode | undefined;
afterEach(async () => {
  await node?.close();
  node = undefined;
});

async function rpc(url: string, path: string, method: string, params: unknown = {}): Promise<any> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as { result: unknown }).result;
}

/** v1.15: today's mainnet. v1.14: a v1.14.2 node, whose release does not schedule Helicon, on a local network (on
 * mainnet it is left behind since Helicon, and says so). */
async function statusOf(scenario: ScenarioName, profile: 'v1.14' | 'v1.15', extra: string[] = []) {
  node = await createSimNode({ scenario, profile, networkId: profile === 'v1.14' ? 12345 : 1, validators: 120, peers: 60, utxos: 5 });
  const l1 = node.network.scenarioL1 ? ['--l1-validation', node.network.scenarioL1.validationIdStr] : [];
  const text = await runCli(['status', '--url', node.url, ...l1, ...extra]);
  const json = await runCli(['status', '--url', node.url, ...l1, ...extra, '-o', 'json']);
  return { text, json: JSON.parse(json.stdout) as Record<string, any>, code: json.code };
}

describe('status: the reward guard', () => {
  for (const profile of ['v1.14', 'v1.15'] as const) {
    it(`healthy (${profile}): exit 0, a budget of days, no problem`, async () => {
      const r = await statusOf('healthy', profile);
      expect(r.text.code).toBe(0);
      expect(r.code).toBe(0);
      expect(r.text.stdout).toMatch(/^budget\s+can be offline \d+d \d+h more this period$/m);
      const v = r.json.validations[0];
      expect(v.threshold).toBe(profile === 'v1.15' ? 90 : 80);
      expect(v.thresholdSource).toMatch(profile === 'v1.15' ? /started after Helicon, 2026-09-22/ : /Helicon not scheduled by this node's release/);
      expect(v.downtimeBudgetSeconds).toBeGreaterThan(2 * 86_400);
    });
  }

  // Known wrong until the budget follows the vote (issue 28): on today's mainnet the node's weighted average counts the
  // 2% of stake still on v1.14 (disconnected since Helicon) as 0 and truncates every view, so avatop, reading that
  // average, says "reward lost" where 96% of the stake would vote to reward. `it.fails` turns red once fixed.
  it.fails('near-threshold: exit 1 with the budget in words, and the budget is the formula on what the node served', async () => {
    const r = await statusOf('near-threshold', 'v1.15');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^problem\s+downtime budget low: can be offline only 2\dh \d\dm more this period \(warning under 2d 0h\)$/m);
    // The formula, from the node's own replies.
    const up = await rpc(node!.url, '/ext/info', 'info.uptime');
    const { validators } = await rpc(node!.url, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [node!.nodeId] });
    const start = Number(validators[0].startTime) * 1000;
    const end = Number(validators[0].endTime) * 1000;
    const now = Date.now();
    const expected = ((1 - 0.9) * (end - start) - (1 - Number(up.weightedAveragePercentage) / 100) * (now - start)) / 1000;
    expect(Math.abs(r.json.validations[0].downtimeBudgetSeconds - expected) / Math.abs(expected)).toBeLessThan(0.05);
    // --warn-budget moves the line.
    const quiet = await runCli(['status', '--url', node!.url, '--warn-budget', '12h']);
    expect(quiet.code).toBe(0);
  });

  it('reward-lost: exit 1, "reward lost for this period", a negative budget', async () => {
    const r = await statusOf('reward-lost', 'v1.14');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^problem\s+reward lost for this period: peers see [\d.]+% uptime, 80% \(Helicon not scheduled by this node's release\) needed$/m);
    // Said once: no second line that the uptime is below the threshold.
    expect(r.text.stdout).not.toMatch(/is below the/);
    expect(r.json.validations[0].downtimeBudgetSeconds).toBeLessThan(0);
    expect(r.json.validations[0].budgetState).toBe('lost');
  });

  it('ending-soon: exit 1 within --warn-end, 0 with a shorter one; endsInSeconds', async () => {
    const r = await statusOf('ending-soon', 'v1.14');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^problem\s+validation ends in 1[01]h \d\dm$/m);
    expect(r.json.validations[0].endsInSeconds).toBeLessThan(12 * 3600 + 60);
    expect((await runCli(['status', '--url', node!.url, '--warn-end', '6h'])).code).toBe(0);
  });

  it('low-l1-balance: exit 1 naming the L1 validation, balanceRunwaySeconds in JSON', async () => {
    const r = await statusOf('low-l1-balance', 'v1.14');
    expect(r.code).toBe(1);
    const id = node!.network.scenarioL1!.validationIdStr;
    expect(r.text.stdout).toContain(`problem    L1 validation ${id} has balance for`);
    const l1 = r.json.l1Validations[0];
    expect(l1.validationID).toBe(id);
    expect(l1.balanceRunwaySeconds).toBeGreaterThan(4 * 86_400);
    expect(l1.balanceRunwaySeconds).toBeLessThan(7 * 86_400);
  });

  it("low-l1-balance without --l1-validation: discovery finds this node's L1 validation; exit 1, its runway in JSON", async () => {
    node = await createSimNode({ scenario: 'low-l1-balance', profile: 'v1.15', validators: 120, peers: 60, utxos: 5 });
    const id = node.network.scenarioL1!.validationIdStr;
    const text = await runCli(['status', '--url', node.url]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(new RegExp(`^l1\\s+${id} \\(L1 \\w+\\): balance lasts [45]d \\d+h at today's fee$`, 'm'));
    expect(text.stdout).toContain(`problem    L1 validation ${id} has balance for`);
    const json = JSON.parse((await runCli(['status', '--url', node.url, '-o', 'json'])).stdout) as Record<string, any>;
    const v = json.validations.find((x: any) => x.kind === 'l1');
    expect(v).toMatchObject({ validationID: id, source: 'discovered', threshold: null, downtimeBudgetSeconds: null, runwayTier: 'warn' });
    expect(v.balanceRunwaySeconds).toBeGreaterThan(4 * 86_400);
    expect(v.balanceRunwaySeconds).toBeLessThan(7 * 86_400);
  });

  it("a subnet validation: the subnet's uptimeRequirement, and a budget from the primary start to the subnet end", async () => {
    const r = await statusOf('healthy', 'v1.15');
    expect(r.code).toBe(0);
    const elastic = node!.network.scenarioElastic!;
    const subnetId = node!.network.subnets.find((s) => s.validators.includes(elastic))!.idStr;
    expect(r.text.stdout).toMatch(new RegExp(`^subnet\\s+${subnetId}: can be offline \\d+d \\d+h more this period \\(needs 80%: subnet's TransformSubnetTx uptimeRequirement\\); ends in \\d+d \\d+h$`, 'm'));
    const v = r.json.validations.find((x: any) => x.kind === 'subnet' && x.subnet === subnetId);
    expect(v).toMatchObject({ threshold: 80, thresholdSource: "subnet's TransformSubnetTx uptimeRequirement" });
    // The reward vote measures the primary uptime from the primary start (avalanchego's prefersCommit).
    const up = await rpc(node!.url, '/ext/info', 'info.uptime');
    const { validators } = await rpc(node!.url, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [node!.nodeId] });
    const start = Number(validators[0].startTime) * 1000;
    const now = Date.now();
    const expected = ((1 - 0.8) * (elastic.end * 1000 - start) - (1 - Number(up.weightedAveragePercentage) / 100) * (now - start)) / 1000;
    expect(Math.abs(v.downtimeBudgetSeconds - expected) / expected).toBeLessThan(0.05);
    expect(Math.abs(v.endsInSeconds - (elastic.end * 1000 - now) / 1000)).toBeLessThan(120);
  });

  it('near-threshold at 80%: the subnet validation, measured over the same uptime, is low on budget too', async () => {
    const r = await statusOf('near-threshold', 'v1.14');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^problem\s+subnet \w+: downtime budget low: can be offline only \d+h \d\dm more this period \(warning under 2d 0h\)$/m);
  });

  it('what discovery cannot find out is said but is no reason to warn; a named L1 validation that cannot be read is', async () => {
    node = await createSimNode({ scenario: 'healthy', validators: 120, peers: 60, utxos: 5, faults: [{ kind: 'rpc-error', method: 'platform.validatedBy', code: -32000, message: 'no such chain' }] });
    const r = await runCli(['status', '--url', node.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^validations \? \(subnet of chain \w+ unknown: .*no such chain.*\)$/m);
    const missing = '2wTscvX3JUsMbZHFRd9t8Ywz2q9j2BmETg8cTvgUHgawjbSvZX';
    const named = await runCli(['status', '--url', node.url, '--l1-validation', missing]);
    expect(named.code).toBe(1);
    expect(named.stdout).toMatch(new RegExp(`^problem\\s+L1 validation ${missing} unknown: `, 'm'));
  });

  it('--watch-node: another validator\'s budget from this node\'s view of it, in words and in JSON', async () => {
    node = await createSimNode({ scenario: 'healthy', validators: 120, peers: 60, utxos: 5 });
    const watched = [...node.network.validators].filter((v) => v.nodeIdStr !== node!.nodeId).sort((a, b) => a.uptime - b.uptime)[0]!;
    const text = await runCli(['status', '--url', node.url, '--watch-node', watched.nodeIdStr]);
    expect(text.stdout).toContain(`watched    ${watched.nodeIdStr}: `);
    const json = JSON.parse((await runCli(['status', '--url', node.url, '--watch-node', watched.nodeIdStr, '-o', 'json'])).stdout) as Record<string, any>;
    const w = json.watchedValidations[0];
    expect(w).toMatchObject({ nodeID: watched.nodeIdStr, current: true });
    // The formula on the uptime this node reports for it.
    const start = watched.start * 1000;
    const end = watched.end * 1000;
    const expected = ((1 - w.threshold / 100) * (end - start) - (1 - w.uptime / 100) * (Date.now() - start)) / 1000;
    expect(Math.abs(w.downtimeBudgetSeconds - expected)).toBeLessThan(Math.max(60, Math.abs(expected) * 0.05));
    const bad = await runCli(['status', '--url', node.url, '--watch-node', 'nope']);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/--watch-node: expected a node ID/);
  });

  it('a bad --warn-budget is a usage error (exit 3)', async () => {
    node = await createSimNode({ validators: 20, peers: 4, utxos: 5 });
    const r = await runCli(['status', '--url', node.url, '--warn-budget', 'soon']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/--warn-budget: expected a duration/);
  });
});

// `avatop status` as cron runs it, against the simulator's reward-guard scenarios (today's mainnet): exit 1 for each
// warning, one line in words per reason, and JSON with each validation's threshold, source, budget and end. The
// budget is checked against the median voter's arithmetic applied to what the node itself served (info.peers views,
// getValidatorsAt weights, getCurrentValidators times), within 5%.
import { describe, expect, it } from 'vitest';
import { createSimNode, type ScenarioName } from '../../src/sim';
import { runCli } from './run-cli';
import { result } from '../helpers/rpc';
import { track } from '../helpers/track';

/** What the node served, read apart from avatop's client (test/helpers/rpc.ts). */
const rpc = (url: string, path: string, method: string, params: unknown = {}) => result<any>(url, path, method, params);

/** The stake-weighted median of the connected validators' views (0: no ping yet, ignored), from the node's replies. */
async function medianView(url: string): Promise<number> {
  const { height } = await rpc(url, '/ext/bc/P', 'platform.getHeight');
  const set = (await rpc(url, '/ext/bc/P', 'platform.getValidatorsAt', { height: Number(height) })) as Record<string, { weight: string }>;
  const { peers } = (await rpc(url, '/ext/info', 'info.peers')) as { peers: Array<{ nodeID: string; observedUptime: string }> };
  const voters = peers.filter((p) => Number(p.observedUptime) > 0 && set[p.nodeID]).map((p) => ({ u: Number(p.observedUptime), w: Number(set[p.nodeID]!.weight) }));
  voters.sort((a, b) => a.u - b.u);
  const known = voters.reduce((a, v) => a + v.w, 0);
  let cum = 0;
  return voters.find((v) => (cum += v.w) * 2 >= known)!.u;
}

async function statusOf(scenario: ScenarioName, profile: 'v1.14' | 'v1.15', extra: string[] = []) {
  const node = track(await createSimNode({ scenario, profile, networkId: profile === 'v1.14' ? 12345 : 1, validators: 120, peers: 60, utxos: 5 }));
  const l1 = node.network.scenarioL1 ? ['--l1-validation', node.network.scenarioL1.validationIdStr] : [];
  const text = await runCli(['status', '--url', node.url, ...l1, ...extra]);
  const json = await runCli(['status', '--url', node.url, ...l1, ...extra, '-o', 'json']);
  return { node, text, json: JSON.parse(json.stdout) as Record<string, any>, code: json.code };
}

describe('status: the reward guard', () => {
  it('healthy: exit 0, a budget of days at the 90% of a validation started after Helicon, no problem', async () => {
    const r = await statusOf('healthy', 'v1.15');
    expect(r.text.code).toBe(0);
    expect(r.code).toBe(0);
    expect(r.text.stdout).toMatch(/^budget\s+can be offline \d+d \d+h more this period \(of \d+d \d+h\); nothing to do$/m);
    expect(r.text.stdout).toMatch(/^vote\s+median voter \d+% over 9\d\.\d% of stake; good to 1% of the time elapsed/m);
    const v = r.json.validations[0];
    expect(v.threshold).toBe(90);
    expect(v.thresholdSource).toMatch(/started after Helicon, 2026-09-22/);
    expect(v.downtimeBudgetSeconds).toBeGreaterThan(2 * 86_400);
    expect(v.network.byUptime.length).toBeGreaterThan(0);
  });

  it('near-threshold: exit 1 with the budget in words, and the budget is the median voter\'s arithmetic on what the node served', async () => {
    const r = await statusOf('near-threshold', 'v1.15');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^problem\s+downtime budget low: can be offline 1\dh \d\dm more this period \(of 3d 0h\); keep restarts and maintenance short until the period ends on \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?Z$/m);
    const median = await medianView(r.node.url);
    const { validators } = await rpc(r.node.url, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [r.node.nodeId] });
    const start = Number(validators[0].startTime) * 1000;
    const end = Number(validators[0].endTime) * 1000;
    const now = Date.now();
    const expected = ((1 - 0.9) * (end - start) - (1 - median / 100) * (now - start)) / 1000;
    expect(r.json.validations[0].uptime).toBe(median);
    expect(Math.abs(r.json.validations[0].downtimeBudgetSeconds - expected) / Math.abs(expected)).toBeLessThan(0.05);
    // --warn-budget moves the line: a duration under the budget, or a smaller share.
    expect((await runCli(['status', '--url', r.node.url, '--warn-budget', '6h'])).code).toBe(0);
    expect((await runCli(['status', '--url', r.node.url, '--warn-budget', '15%'])).code).toBe(0);
  });

  it('reward-lost: exit 1, "reward lost for this period" with what follows, a negative budget', async () => {
    const r = await statusOf('reward-lost', 'v1.15');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^problem\s+reward lost for this period \(2d \d+h over the 3d 0h allowed\): the stake is returned without it when the validation ends on .*; tell the delegators, and re-stake after the end$/m);
    // Said once: no second line that the uptime is below the threshold.
    expect(r.text.stdout).not.toMatch(/is below the/);
    expect(r.json.validations[0].downtimeBudgetSeconds).toBeLessThan(0);
    expect(r.json.validations[0]).toMatchObject({ budgetState: 'lost', budgetTier: 'lost' });
  });

  it('ending-soon: exit 1 within --warn-end, 0 with a shorter one; endsInSeconds', async () => {
    const r = await statusOf('ending-soon', 'v1.15');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^problem\s+validation ends \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?Z \(in 1[01]h \d\dm\); re-stake before then to keep validating$/m);
    expect(r.json.validations[0].endsInSeconds).toBeLessThan(12 * 3600 + 60);
    expect(r.json.validations[0].periodOutcome).toBe('ends');
    expect((await runCli(['status', '--url', r.node.url, '--warn-end', '6h'])).code).toBe(0);
  });

  it('auto-renew: a cycle ending within a day that renews is no problem; the cycle, its compounding and last reward tx in JSON', async () => {
    const r = await statusOf('auto-renew', 'v1.15');
    // The primary cycle's end is no problem; its subnet validations end with it and are (they do not renew).
    expect(r.json.problems.filter((p: string) => !p.startsWith('subnet '))).toEqual([]);
    expect(r.json.problems.every((p: string) => /^subnet \w+: validation ends .*; re-stake before then to keep validating$/.test(p))).toBe(true);
    expect(r.text.stdout).toMatch(/^validator\s+cycle ends \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?Z \(in 1[12]h \d\dm\) and renews for 14d 0h; 50\.0% of its reward restaked, the rest paid out$/m);
    const v = r.json.validations[0];
    expect(v).toMatchObject({ autoRenewed: true, periodOutcome: 'renews', nextPeriodSeconds: 14 * 86_400, compoundShare: 0.5 });
    // The previous cycle's reward UTXOs are under its reward tx, as the node keeps them.
    const utxos = await rpc(r.node.url, '/ext/bc/P', 'platform.getRewardUTXOs', { txID: v.lastCycleRewardTxID, encoding: 'hex' });
    expect(utxos.utxos.length).toBeGreaterThan(0);
  });

  it('auto-renew-failing: exit 1; this cycle\'s reward is lost and the validator removed at its end, with what is still paid', async () => {
    const r = await statusOf('auto-renew-failing', 'v1.15');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^problem\s+this cycle's reward is lost \(.* over the 1d 9h allowed\): the validator is removed at the cycle's end on .* and its stake returned, with the rewards restaked in earlier cycles and the delegation commission still paid out; .*issue a new validator to keep validating$/m);
    expect(r.json.validations[0]).toMatchObject({ periodOutcome: 'removed', budgetTier: 'lost' });
  });

  it('auto-renew-off: exit 1, "auto-renew off: exits at the end of this cycle on DATE"', async () => {
    const r = await statusOf('auto-renew-off', 'v1.15');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^problem\s+validation auto-renew off: exits at the end of this cycle on \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?Z \(in 1[12]h \d\dm\); add a validator before then to keep validating$/m);
    expect(r.json.validations[0]).toMatchObject({ periodOutcome: 'exits', nextPeriodSeconds: 0 });
  });

  it('a fresh 48-hour cycle at 100%: exit 0, OK (its 4h 48m is the whole allowance)', async () => {
    const r = await statusOf('short-cycle', 'v1.15');
    expect(r.code).toBe(0);
    expect(r.json.validations[0]).toMatchObject({ budgetTier: 'ok', allowanceSeconds: 4.8 * 3600, periodOutcome: 'renews' });
  });

  it('low-l1-balance: exit 1 naming the L1 validation, balanceRunwaySeconds in JSON', async () => {
    const r = await statusOf('low-l1-balance', 'v1.15');
    expect(r.code).toBe(1);
    const id = r.node.network.scenarioL1!.validationIdStr;
    expect(r.text.stdout).toContain(`problem    L1 validation ${id} has balance for`);
    // One list: the L1 validation is an entry of validations (schema 2; schema 1 listed it in l1Validations too).
    expect(r.json.l1Validations).toBeUndefined();
    const l1s = r.json.validations.filter((v: any) => v.kind === 'l1');
    expect(l1s).toHaveLength(1);
    const l1 = l1s[0];
    expect(l1.validationID).toBe(id);
    expect(l1.balanceRunwaySeconds).toBeGreaterThan(4 * 86_400);
    expect(l1.balanceRunwaySeconds).toBeLessThan(7 * 86_400);
  });

  it("low-l1-balance without --l1-validation: discovery finds this node's L1 validation; exit 1, its runway in JSON", async () => {
    const node = track(await createSimNode({ scenario: 'low-l1-balance', profile: 'v1.15', validators: 120, peers: 60, utxos: 5 }));
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
    const elastic = r.node.network.scenarioElastic!;
    const subnetId = r.node.network.subnets.find((s) => s.validators.includes(elastic))!.idStr;
    expect(r.text.stdout).toMatch(new RegExp(`^subnet\\s+${subnetId}: can be offline \\d+d \\d+h more this period \\(of \\d+d \\d+h\\)[^\\n]* \\(needs 80%: subnet's TransformSubnetTx uptimeRequirement\\); ends in \\d+d \\d+h$`, 'm'));
    const v = r.json.validations.find((x: any) => x.kind === 'subnet' && x.subnet === subnetId);
    expect(v).toMatchObject({ threshold: 80, thresholdSource: "subnet's TransformSubnetTx uptimeRequirement" });
    // The reward vote measures the primary uptime from the primary start (avalanchego's prefersCommit).
    const median = await medianView(r.node.url);
    const { validators } = await rpc(r.node.url, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [r.node.nodeId] });
    const start = Number(validators[0].startTime) * 1000;
    const now = Date.now();
    const expected = ((1 - 0.8) * (elastic.end * 1000 - start) - (1 - median / 100) * (now - start)) / 1000;
    expect(Math.abs(v.downtimeBudgetSeconds - expected) / expected).toBeLessThan(0.05);
    expect(Math.abs(v.endsInSeconds - (elastic.end * 1000 - now) / 1000)).toBeLessThan(120);
  });

  it('near-threshold: the subnet validation, measured over the same uptime at its own 80%, says its budget', async () => {
    const r = await statusOf('near-threshold', 'v1.15');
    expect(r.code).toBe(1);
    expect(r.text.stdout).toMatch(/^subnet\s+\w+: can be offline \d+d \d+h more this period \(of \d+d \d+h\)/m);
  });

  it('an isolated node: "budget unknown" with what to check, exit 1, never "reward lost"', async () => {
    const node = track(await createSimNode({ scenario: 'healthy', validators: 120, peers: 60, utxos: 5, isolated: true }));
    const r = await runCli(['status', '--url', node.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^problem\s+budget unknown: the node is isolated \(its peers' views cover 0% of stake\), and avatop has no earlier figure to count down from; check its connectivity/m);
    expect(r.stdout).not.toMatch(/reward lost/);
  });

  it('what discovery cannot find out is said but is no reason to warn; a named L1 validation that cannot be read is', async () => {
    const node = track(await createSimNode({ scenario: 'healthy', validators: 120, peers: 60, utxos: 5, faults: [{ kind: 'rpc-error', method: 'platform.validatedBy', code: -32000, message: 'no such chain' }] }));
    const r = await runCli(['status', '--url', node.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^validations \? \(subnet of chain \w+ unknown: .*no such chain.*\)$/m);
    const missing = '2wTscvX3JUsMbZHFRd9t8Ywz2q9j2BmETg8cTvgUHgawjbSvZX';
    const named = await runCli(['status', '--url', node.url, '--l1-validation', missing]);
    expect(named.code).toBe(1);
    expect(named.stdout).toMatch(new RegExp(`^problem\\s+L1 validation ${missing} unknown: `, 'm'));
  });

  it('--watch-node: another validator\'s budget from this node\'s view of it, in words and in JSON', async () => {
    const node = track(await createSimNode({ scenario: 'healthy', validators: 120, peers: 60, utxos: 5 }));
    const watched = [...node.network.validators].filter((v) => v.nodeIdStr !== node.nodeId).sort((a, b) => a.uptime - b.uptime)[0]!;
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
    const node = track(await createSimNode({ validators: 20, peers: 4, utxos: 5 }));
    const r = await runCli(['status', '--url', node.url, '--warn-budget', 'soon']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/--warn-budget: expected a share of the allowance like 25% or a duration like 48h, got "soon"/);
  });
});

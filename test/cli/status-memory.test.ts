// `status` with the event log's memory of budgets: a run while the network's vote can be trusted keeps each
// validation's budget in the state folder; a later run that finds the node isolated, or cannot reach it, counts down
// from that figure ("projected since HH:MMZ") instead of saying "budget unknown". The projection is checked against
// the rule written out here: the kept budget, (1 − threshold) × length − (1 − median voter's uptime) × elapsed, minus
// the wall time since it was read.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSimNode } from '../../src/sim';
import { nodeDir } from '../../src/events/paths';
import { runCli } from './run-cli';
import { tempDir } from '../helpers/temp-dir';
import { track } from '../helpers/track';

interface Kept {
  validation: string;
  nodeId: string;
  atMs: number;
  startMs: number;
  endMs: number;
  thresholdPercent: number;
  medianUptimePercent: number;
  remainingMs: number;
}

function keptBudgets(stateDir: string, network: string, nodeId: string): Record<string, Kept> {
  return (JSON.parse(readFileSync(join(nodeDir(stateDir, { network, nodeId }), 'node.json'), 'utf8')) as { budgets: Record<string, Kept> }).budgets;
}

const primaryOf = (stdout: string) => (JSON.parse(stdout) as { validations: Array<Record<string, any>> }).validations.find((v) => v.kind === 'primary')!;

describe('status and the last trustworthy budget', () => {
  it('an isolated node, then an unreachable one: the budget of the run before, spent in real time since', async () => {
    const stateDir = tempDir('status-memory');
    const node = track(await createSimNode({ scenario: 'healthy', validators: 120, peers: 60, utxos: 5 }));
    const url = node.url;

    // A run while the vote can be trusted keeps its figure.
    const first = await runCli(['status', '--url', url, '--state-dir', stateDir, '-o', 'json']);
    expect(first.code).toBe(0);
    const read = primaryOf(first.stdout);
    expect(read.budgetBasis).toBe('vote');

    const json = JSON.parse(first.stdout) as { networkName: string; nodeID: string };
    const kept = keptBudgets(stateDir, json.networkName, json.nodeID).primary!;
    // The kept figure is the median voter's arithmetic at the time the views were read.
    const allowed = (1 - kept.thresholdPercent / 100) * (kept.endMs - kept.startMs);
    expect(kept.remainingMs).toBeCloseTo(allowed - (1 - kept.medianUptimePercent / 100) * (kept.atMs - kept.startMs), 0);
    expect(kept.thresholdPercent).toBe(read.threshold);
    expect(kept.medianUptimePercent).toBe(read.uptime);
    expect(Math.abs(kept.remainingMs / 1000 - read.downtimeBudgetSeconds)).toBeLessThan(2);

    node.connections.setIsolated(true);
    const before = Date.now();
    const isolated = await runCli(['status', '--url', url, '--state-dir', stateDir]);
    const isolatedJson = await runCli(['status', '--url', url, '--state-dir', stateDir, '-o', 'json']);
    const after = Date.now();
    const hhmm = new Date(kept.atMs).toISOString().slice(11, 19);
    expect(isolated.stdout).toMatch(new RegExp(`^budget\\s+at most [^,]+ more this (period|cycle), projected since ${hhmm}Z \\(isolated\\)`, 'm'));
    expect(isolated.stdout).not.toMatch(/budget unknown|reward lost/);
    const p = primaryOf(isolatedJson.stdout);
    expect(p.budgetBasis).toBe('projected');
    expect(p.projectedReason).toBe('isolated');
    expect(p.projectedSince).toBe(new Date(kept.atMs).toISOString());
    // Spent in real time since it was read: never more than the kept figure minus the time since.
    expect(p.downtimeBudgetSeconds).toBeLessThanOrEqual(Math.round((kept.remainingMs - (before - kept.atMs)) / 1000) + 1);
    expect(p.downtimeBudgetSeconds).toBeGreaterThanOrEqual(Math.round((kept.remainingMs - (after - kept.atMs)) / 1000) - 1);
    // A projection is not kept as a trustworthy figure.
    expect(keptBudgets(stateDir, json.networkName, json.nodeID).primary).toEqual(kept);

    // The same node with no state folder: nothing to count down from.
    const forgetful = await runCli(['status', '--url', url, '--no-state']);
    expect(forgetful.stdout).toMatch(/^problem\s+budget unknown: the node is isolated/m);

    // Out of reach: the node it last was, and its budget counted down the same way; still CRITICAL (exit 2).
    await node.close();
    const gone = await runCli(['status', '--url', url, '--state-dir', stateDir]);
    expect(gone.code).toBe(2);
    expect(gone.stdout).toMatch(/^UNREACHABLE/m);
    expect(gone.stdout).toMatch(new RegExp(`^budget\\s+at most [^,]+ more this period \\(of [^)]+\\), projected since ${hhmm}Z \\(node unreachable\\)`, 'm'));
    const goneJson = JSON.parse((await runCli(['status', '--url', url, '--state-dir', stateDir, '-o', 'json'])).stdout) as { validations: Array<Record<string, any>> };
    expect(goneJson.validations[0]).toMatchObject({ kind: 'primary', budgetBasis: 'projected', projectedReason: 'unreachable', projectedSince: new Date(kept.atMs).toISOString() });
    expect(goneJson.validations[0]!.downtimeBudgetSeconds).toBeLessThanOrEqual(Math.round((kept.remainingMs - (after - kept.atMs)) / 1000) + 1);
    // Several nodes at once: the same kept figure in the fleet's BUDGET column.
    const fleet = await runCli(['status', '--node', `a=${url}`, '--node', `b=${url}`, '--state-dir', stateDir]);
    expect(fleet.code).toBe(2);
    expect(fleet.stdout).toMatch(/^a\s+UNREACHABLE: connection refused\s.*\s\d+d \d+h proj\.\s/m);
  }, 120_000);
});

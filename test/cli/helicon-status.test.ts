// `avatop status -o json` and `avatop get validators` follow the node's own info.upgrades heliconTime: the same
// validation needs 80% on a node where Helicon is not scheduled or starts after it, 90% where it started after.
// --uptime-threshold stands for the node's --uptime-requirement: it moves only validations started before Helicon.
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim';
import { runCli } from './run-cli';
import { shared } from '../helpers/track';
import { suiteTempDir } from '../helpers/temp-dir';

const noConfig = { XDG_CONFIG_HOME: suiteTempDir('noconf') };
const small = { seed: 7, validators: 60, peers: 10, utxos: 10 };
// A v1.14.2 node, whose release does not schedule Helicon, on a local network (where nobody left it behind).
const unscheduled = shared(() => createSimNode({ ...small, profile: 'v1.14', networkId: 12345 }));
// Custom networks with their own Helicon times (an upgrade file).
const past = shared(() => createSimNode({ ...small, networkId: 1337, heliconTime: '2020-01-01T00:00:00Z' }));
const future = shared(() => createSimNode({ ...small, networkId: 1337, heliconTime: '2099-01-01T00:00:00Z' }));
const v111 = shared(() => createSimNode({ ...small, profile: 'v1.11' }));

async function statusJson(url: string, ...extra: string[]) {
  const r = await runCli(['status', '--url', url, '-o', 'json', ...extra], noConfig);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { uptimeThreshold: number; uptimeThresholdSource: string; heliconTime: string | null; validator: { startTime: string } };
}

describe("status follows the node's heliconTime", () => {
  it("unscheduled (a v1.14.2 node): 80%, Helicon not scheduled by this node's release", async () => {
    const j = await statusJson(unscheduled().url);
    expect(j.validator).not.toBeNull();
    expect([j.uptimeThreshold, j.uptimeThresholdSource, j.heliconTime]).toEqual([80, "Helicon not scheduled by this node's release", 'unscheduled']);
  });

  it('Helicon before the validation started: 90%', async () => {
    const j = await statusJson(past().url);
    expect([j.uptimeThreshold, j.uptimeThresholdSource, j.heliconTime]).toEqual([90, 'started after Helicon, 2020-01-01', '2020-01-01T00:00:00.000Z']);
  });

  it('Helicon after the validation started: 80%', async () => {
    const j = await statusJson(future().url);
    expect([j.uptimeThreshold, j.uptimeThresholdSource]).toEqual([80, 'started before Helicon, 2099-01-01']);
  });

  it('a node without info.upgrades (v1.11): 80%, and says why', async () => {
    const j = await statusJson(v111().url);
    expect(j.uptimeThreshold).toBe(80);
    expect(j.uptimeThresholdSource).toMatch(/^info\.upgrades unavailable/);
  });

  it('says the figure and its source in the text report too', async () => {
    const r = await runCli(['status', '--url', unscheduled().url], noConfig);
    expect(r.stdout).toMatch(/^uptime .*\(needs 80%: Helicon not scheduled by this node's release\)$/m);
  });

  it('--uptime-threshold moves only a validation that started before Helicon, as the node\'s --uptime-requirement', async () => {
    const after = await statusJson(past().url, '--uptime-threshold', '75');
    expect([after.uptimeThreshold, after.uptimeThresholdSource]).toEqual([90, 'started after Helicon, 2020-01-01']);
    const before = await statusJson(future().url, '--uptime-threshold', '75');
    expect([before.uptimeThreshold, before.uptimeThresholdSource]).toEqual([75, "--uptime-threshold (as the node's --uptime-requirement); started before Helicon, 2099-01-01"]);
  });

  it('get validators: each row carries its own threshold', async () => {
    const r = await runCli(['get', 'validators', '--url', past().url, '-o', 'json'], noConfig);
    const rows = JSON.parse(r.stdout) as Array<{ uptimeThreshold: number; uptimeThresholdSource: string }>;
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect([row.uptimeThreshold, row.uptimeThresholdSource]).toEqual([90, 'started after Helicon, 2020-01-01']);
    const t = await runCli(['get', 'validators', '--url', unscheduled().url], noConfig);
    expect(t.stdout).toMatch(/^reward threshold: 80% \(Helicon not scheduled by this node's release\)/);
    expect(t.stdout).toMatch(/UPTIME\s+NEEDS/);
  });
});

// Discovery of this node's subnet and L1 validations against the simulated node, which answers as avalanchego does:
// its chains' health checks, validatedBy, getCurrentValidators per subnet, getSubnet + the TransformSubnetTx.
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim';
import { createClient } from '../../src/rpc/client';
import { discoverOwnValidations, ownValidationsSpec } from '../../src/poll/own-validations';
import { DISCOVERY_EVERY_MS } from '../../src/domain/reward/own-validations';
import { track } from '../helpers/track';

describe('discoverOwnValidations', () => {
  it("finds the scenario's elastic subnet and L1 validations, and asks the never-changing facts once", async () => {
    const node = track(await createSimNode({ scenario: 'low-l1-balance', profile: 'v1.15', validators: 120, peers: 30, utxos: 5 }));
    const client = track(createClient({ url: node.url }));
    const methods: string[] = [];
    client.onCall((e) => methods.push(e.method));
    const first = await discoverOwnValidations(client, node.nodeId);
    expect(first.errors).toEqual([]);
    const l1 = first.validations.find((v) => v.kind === 'l1');
    expect(l1).toMatchObject({ kind: 'l1', validationId: node.network.scenarioL1!.validationIdStr, source: 'discovered' });
    const elastic = first.validations.find((v) => v.kind === 'subnet' && v.permissionless);
    expect(elastic).toMatchObject({ endMs: node.network.scenarioElastic!.end * 1000, uptimeRequirement: 800_000 });
    expect(first.price).toBe(BigInt(node.network.validatorFeeState.price));
    // The staker's tx is there, as on a real node.
    const tx = (await client.call('platform.getTx', { txID: node.network.scenarioElastic!.txIdStr, encoding: 'json' })) as unknown as { tx: { unsignedTx: Record<string, unknown> } };
    expect(tx.tx.unsignedTx.subnetID).toBe(elastic && (elastic as { subnetId: string }).subnetId);
    const tracked = node.network.subnets.filter((s) => s.tracked).map((s) => s.idStr).sort();
    expect(first.trackedSubnets).toEqual(tracked);
    // Second round: no chain → subnet lookups, no TransformSubnetTx again; one getCurrentValidators per subnet.
    methods.length = 0;
    await discoverOwnValidations(client, node.nodeId);
    expect(methods.filter((m) => m === 'platform.validatedBy' || m === 'platform.getTx' || m === 'platform.getSubnet')).toEqual([]);
    expect(methods.filter((m) => m === 'platform.getCurrentValidators')).toHaveLength(tracked.length);
  });

  it('adds an L1 validation named with --l1-validation that the node does not track', async () => {
    const node = track(await createSimNode({ profile: 'v1.15', validators: 60, peers: 10, utxos: 5 }));
    const client = track(createClient({ url: node.url }));
    const other = node.network.subnets.find((s) => s.kind === 'l1' && !s.tracked)!.l1Validators[0]!;
    const r = await discoverOwnValidations(client, node.nodeId, { named: [other.validationIdStr] });
    expect(r.validations.find((v) => v.kind === 'l1')).toMatchObject({ validationId: other.validationIdStr, balance: other.balance, source: 'named' });
  });

  it('runs every few minutes, never on the fast poll', () => {
    const spec = ownValidationsSpec('NodeID-x');
    expect(spec.cadence).toBe('slow');
    expect(spec.intervalMs!({} as never, { tickMs: 2_000, slowMs: 30_000, maxAgeMs: 300_000 })).toBe(DISCOVERY_EVERY_MS);
    expect(DISCOVERY_EVERY_MS).toBeGreaterThanOrEqual(60_000);
  });
});

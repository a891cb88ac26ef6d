// The primary validator list patched by the blocks (poll/validator-patch.ts), against the simulated node on
// simulated time: after blocks that add delegations, reward stakers and change auto-renewal configs, the list the
// store holds is the list a fresh platform.getCurrentValidators gives, entry for entry (uptimes and connections
// drift with no tx, so they are compared for the entries read in the same instant); and the node is asked for far
// fewer bytes than by reading the whole list again. The reward guard's voter weights taken from it are the node's
// validator set.
import { describe, expect, it } from 'vitest';
import { lens } from '../../src/state/lenses';
import { PRIMARY_NETWORK_ID } from '../../src/state/store';
import { validatorReadingKey, type ValidatorReading } from '../../src/state/view-keys';
import { UPTIME_ROUND_MS, voterWeightsFromList } from '../../src/poll/validator-patch';
import { blockFromResult } from '../../src/poll/transforms';
import { defaultDecoders } from '../../src/poll/decoders';
import { runFor } from '../helpers/poll-drive';
import { simScheduler } from '../helpers/sim-scheduler';

const setup = () => simScheduler('v1.15', 'validators', { seed: 7 });

/** Every field a full reading and a patched list must agree on; uptime and connection when `drifting` too. */
function comparable(v: Record<string, unknown>, drifting: boolean): Record<string, unknown> {
  const { uptime, connected, signer, delegators: _d, validationRewardOwner: _v, delegationRewardOwner: _o, validatorAuthority: _a, ...rest } = v;
  // The list keeps the BLS key, not its proof, nor the owners (transforms.ts, listedValidator); the renewal is in
  // nextPeriod, compared.
  const key = (signer as { publicKey?: unknown } | undefined)?.publicKey;
  return drifting ? { ...rest, key, uptime, connected } : { ...rest, key };
}

describe('the primary validator list, patched by the blocks', () => {
  it('after blocks that add delegations, reward stakers and reconfigure renewals, equals a fresh getCurrentValidators', async () => {
    const t = await setup();
    const calls: { method: string; bytes: number }[] = [];
    t.client.onCall((e) => calls.push({ method: e.method, bytes: e.bytes }));
    const reading = () => lens.view<ValidatorReading>(validatorReadingKey(PRIMARY_NETWORK_ID)).get(t.store.getState()).data!;
    const net = t.sim.network;
    const rewarded = { delegator: 0, validator: 0, renewed: 0 };
    const types: Record<string, number> = {};
    let checks = 0;

    /** The held list against a fresh whole reading, the node's clock standing still. */
    async function compare(): Promise<void> {
      const held = lens.validators(PRIMARY_NETWORK_ID).get(t.store.getState()).data!;
      const live = held.rows.filter((r) => r.change !== 'removed').map((r) => r.value as unknown as Record<string, unknown>);
      const fresh = (await t.client.call('platform.getCurrentValidators', {})).validators as unknown as Record<string, unknown>[];
      const r = reading();
      expect(r.height).toBeLessThanOrEqual(t.store.getState().pchain.height.data!);
      const key = (v: Record<string, unknown>) => String(v.nodeID);
      expect(live.map(key).sort()).toEqual(fresh.map(key).sort());
      const heldBy = new Map(live.map((v) => [key(v), v]));
      for (const f of fresh) {
        // Read in the last patch, after the last block: as the node has it now, uptime and connection included.
        const now = r.readAt.get(key(f)) === r.patchedAt;
        expect(comparable(heldBy.get(key(f))!, now), key(f)).toEqual(comparable(f, now));
        checks++;
      }
      expect(t.clock.now() - r.oldestReadAt).toBeLessThanOrEqual(UPTIME_ROUND_MS);
      // The reward guard's voter weights, from the list, are the node's validator set (getValidatorsAt).
      const set = await t.client.call('platform.getValidatorsAt', { height: Number(t.store.getState().pchain.height.data!) });
      const weights = voterWeightsFromList(t.store.getState())!;
      const byNode = (xs: readonly { nodeID: string; weight: bigint }[]) => [...xs].map((x) => [x.nodeID, x.weight]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      expect(byNode(weights.validators)).toEqual(byNode(set.validators));
      expect(weights.totalWeight).toBe(set.totalWeight);
    }
    /** Blocks go by for `ms` (the watcher reads each), then a slow interval with none, then the comparison. */
    async function live(ms: number): Promise<void> {
      const from = t.store.getState().pchain.height.data!;
      const whole = reading().fullAt;
      await t.run(ms);
      await runFor(t.clock, t.scheduler, t.store, 35_000, { stepMs: 1_000 });
      // Every change in the window was patched: the list was not read whole meanwhile.
      expect(reading().fullAt).toBe(whole);
      const to = t.store.getState().pchain.height.data!;
      for (let h = from + 1n; h <= to; h++) {
        const { header } = blockFromResult(await t.client.call('platform.getBlockByHeight', { height: Number(h), encoding: 'hex' }), defaultDecoders, { height: h });
        for (const tx of header.txTypes ?? []) types[tx.typeName ?? '?'] = (types[tx.typeName ?? '?'] ?? 0) + 1;
      }
      await compare();
    }

    // Delegations come and renewal configs change every few blocks here: three and a half minutes of patches cost
    // less than one whole reading.
    const whole = (await t.client.callRaw('platform.getCurrentValidators', {})).bytes;
    calls.length = 0;
    await t.run(180_000);
    await runFor(t.clock, t.scheduler, t.store, 35_000, { stepMs: 1_000 });
    const patches = calls.filter((c) => c.method === 'platform.getCurrentValidators');
    expect(patches.length).toBeGreaterThan(10);
    expect(patches.reduce((n, c) => n + c.bytes, 0)).toBeLessThan(whole);
    await compare();
    // Stakers end rarely (a few a day among 300): the node's clock jumps to 40 s before the next ends (the monitor
    // sees a gap and reads the list whole), then the blocks that reward them are read one by one and patched.
    for (let i = 0; i < 30 && (rewarded.delegator < 2 || rewarded.validator < 2 || rewarded.renewed < 1); i++) {
      const next = net.endQueue[0]!;
      const jump = next.end * 1000 - net.nowSec() * 1000 - 40_000;
      if (jump > 0) t.sim.tick(jump);
      const before = reading().fullAt;
      await runFor(t.clock, t.scheduler, t.store, 60_000, { stepMs: 1_000 });
      if (jump > 60_000) expect(reading().fullAt, 'read whole after the jump').toBeGreaterThan(before);
      const due = net.endQueue.filter((x) => x.end * 1000 <= net.nowSec() * 1000 + 80_000);
      await live(80_000);
      for (const x of due) {
        if ((x as { kind?: string }).kind === 'delegator') rewarded.delegator++;
        else if (net.validatorsByNode.get(x.nodeIdStr)?.txIdStr === x.txIdStr) rewarded.renewed++;
        else rewarded.validator++;
      }
    }
    expect(rewarded.delegator).toBeGreaterThanOrEqual(2);
    expect(rewarded.validator).toBeGreaterThanOrEqual(2);
    expect(types.AddPermissionlessDelegatorTx).toBeGreaterThan(10);
    expect(types.SetAutoRenewedValidatorConfigTx ?? 0).toBeGreaterThan(0);
    expect(types.RewardValidatorTx).toBeGreaterThanOrEqual(4);
    expect(checks).toBeGreaterThan(5 * 250);
  });
});

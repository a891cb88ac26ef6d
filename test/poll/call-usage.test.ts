// Each resource is charged its own calls: two resources calling the same method at the same time (the validators
// list and one validator's record, both platform.getCurrentValidators) against the simulated node, each with its
// own reply size, neither charged the other's bytes.
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../src/poll/clock';
import { planFor } from '../../src/poll/plan';
import { VIEW_TABLE } from '../../src/app/view-table';
import { createScheduler } from '../../src/poll/scheduler';
import { createClient } from '../../src/rpc/client';
import { createSimNode, type SimNode } from '../../src/sim/index';
import { createAvatopStore, PRIMARY_NETWORK_ID, type AvatopState } from '../../src/state/store';
import { pushView, setPane } from '../../src/state/ui';
import { quiesce } from '../helpers/poll-drive';
import { track } from '../helpers/track';

const START = Date.UTC(2026, 10, 1);
const METHOD = 'platform.getCurrentValidators';

describe('per-call accounting', () => {
  it('two resources calling the same method are each charged their own reply', async () => {
    const sim: SimNode = track(await createSimNode({ seed: 5, validators: 300, peers: 20, utxos: 10, subnets: 2, autoAdvance: false, startTimeMs: START }));
    const client = track(createClient({ url: sim.url, timeoutMs: 10_000 }));
    const clock = createManualClock(START);
    const store = createAvatopStore({ now: START });
    const nodeId = sim.network.validators.find((v) => v.nodeIdStr !== sim.nodeId)!.nodeIdStr;
    store.setState((s) => ({ ...s, ui: pushView(setPane(s.ui, 'validators'), { kind: 'validator', nodeId }) }));
    const scheduler = track(createScheduler({ client, store, clock, intervalMs: 2_000, random: () => 0.5, views: VIEW_TABLE }), (s) => s.stop());

    const listKey = `validators:${PRIMARY_NETWORK_ID}`;
    const oneKey = `validator:${PRIMARY_NETWORK_ID}/${nodeId}`;
    const specs = planFor('validators', store.getState().ui.nav, store.getState(), { views: VIEW_TABLE });
    const sameMethod = specs.filter((s) => s.method === METHOD);
    expect(sameMethod.map((s) => s.key)).toEqual(expect.arrayContaining([listKey, oneKey]));

    // The replies each would get on their own (the chain does not move: the simulated clock stands still).
    const own = async (key: string) => (await client.callRaw(METHOD, specs.find((s) => s.key === key)!.params)).bytes;
    const listBytes = await own(listKey);
    const oneBytes = await own(oneKey);
    expect(listBytes).toBeGreaterThan(20 * oneBytes);

    scheduler.start();
    await quiesce(scheduler, store);
    const s: AvatopState = store.getState();
    const list = s.validators.bySubnet[PRIMARY_NETWORK_ID]!;
    const one = s.validators.detail[`${PRIMARY_NETWORK_ID}/${nodeId}`]!;
    expect(list.status).toBe('ok');
    expect(one.status).toBe('ok');
    // Only the request ids differ from the replies above, by a few digits. The list's first reading asks for the
    // height first when the header's answer is not in yet (the height it is as of: poll/validator-patch.ts).
    const heightBytes = (await client.callRaw('platform.getHeight', {})).bytes;
    expect(Math.min(Math.abs(list.bytes! - listBytes), Math.abs(list.bytes! - listBytes - heightBytes))).toBeLessThan(8);
    expect(Math.abs(one.bytes! - oneBytes)).toBeLessThan(8);
    expect(list.latencyMs).toBeGreaterThan(0);
    expect(one.latencyMs).toBeGreaterThan(0);
    // Every byte of the method is charged to exactly one resource.
    const method = s.accounting.byMethod[METHOD]!;
    const charged = sameMethod.reduce((sum, spec) => sum + (spec.lens.get(s).bytes ?? 0), 0);
    // (The list's height question, if it asked one, is charged to it too, and counted under getHeight.)
    const extra = charged - method.bytes;
    expect(extra === 0 || Math.abs(extra - heightBytes) < 8, `${extra}`).toBe(true);
  });
});

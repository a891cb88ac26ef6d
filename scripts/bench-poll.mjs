#!/usr/bin/env node
// Poll load benchmark: requests and bytes per minute that avatop's scheduler sends to a node, per pane, beside a
// naive loop that calls every method the panes use once per interval. Both run on simulated time against the
// embedded simulated node (mainnet scale by default), so a minute takes a few seconds. Runs the TypeScript sources
// through tsx, so it works on a fresh clone after `npm install`:
//   node scripts/bench-poll.mjs [--block-ms 2000] [--validators 1500] [--peers 300] [--interval-ms 2000]
//                               [--budget 32768] (scheduler byte budget per resource, bytes/s; 0 = off)
import { register } from 'tsx/esm/api';

register();
const { createSimNode } = await import('../src/sim/index.ts');
const { createClient } = await import('../src/rpc/client.ts');
const { createManualClock } = await import('../src/poll/clock.ts');
const { createScheduler } = await import('../src/poll/scheduler.ts');
const { planFor } = await import('../src/poll/plan.ts');
const { createAvatopStore } = await import('../src/state/store.ts');
const { setPane, PANES } = await import('../src/state/ui.ts');
const { openUtxoQuery } = await import('../src/state/utxos.ts');
const { quiesce } = await import('../src/poll/quiesce.ts');
const { resolveOk } = await import('../src/state/resource.ts');
const { lens } = await import('../src/state/lenses.ts');

function flag(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? Number(process.argv[i + 1]) : fallback;
}
const blockMs = flag('block-ms', 2_000);
const validators = flag('validators', 1_500);
const peers = flag('peers', 300);
const intervalMs = flag('interval-ms', 2_000);
const budget = flag('budget', 32 * 1024);
const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 1);

const sim = await createSimNode({ seed: 5, validators, peers, utxos: 5_000, subnets: 6, blockIntervalMs: blockMs, autoAdvance: false, startTimeMs: START });
const wallet = sim.network.wallets[0].str;
const panes = PANES.filter((p) => p !== 'console');


function meter(client) {
  const m = { requests: 0, bytes: 0 };
  client.onCall((e) => {
    m.requests++;
    m.bytes += e.bytes + e.requestBytes;
  });
  return m;
}

/** avatop on one pane (or touring all of them): the first minute (start-up included), then a steady minute. */
async function avatop(pane) {
  const client = createClient({ url: sim.url, timeoutMs: 30_000 });
  const m = meter(client);
  const clock = createManualClock(sim.network.timeMs);
  const store = createAvatopStore({ now: clock.now() });
  const first = pane === 'tour' ? panes[0] : pane;
  store.setState((s) => ({ ...s, ui: setPane(s.ui, first), utxos: openUtxoQuery(s.utxos, { addresses: [wallet], pageSize: 100 }) }));
  const scheduler = createScheduler({ client, store, clock, intervalMs, random: () => 0.5, byteBudgetPerSec: budget });
  const minute = async (startUp) => {
    const before = { ...m };
    if (startUp) {
      scheduler.start();
      await quiesce(scheduler, store);
    }
    for (let t = 0; t < MINUTE; t += 500) {
      if (pane === 'tour' && t % 6_000 === 0) {
        const next = panes[(t / 6_000) % panes.length];
        store.setState((s) => ({ ...s, ui: setPane(s.ui, next) }));
      }
      sim.tick(500);
      await clock.advance(500);
      await quiesce(scheduler, store);
    }
    return { requests: m.requests - before.requests, bytes: m.bytes - before.bytes };
  };
  const a = await minute(true);
  const b = await minute(false);
  scheduler.stop();
  await client.close();
  return { first: a, steady: b };
}

/** The naive monitor: every method any pane or the header uses, all of them every interval. */
async function naive() {
  const client = createClient({ url: sim.url, timeoutMs: 30_000 });
  const m = meter(client);
  const store = createAvatopStore();
  // Give the plan what it needs to list every call: this node's ID (own validator record) and a UTXO query.
  store.setState((s) => ({
    ...lens.nodeId.set(s, resolveOk(s.node.id, { nodeID: sim.nodeId }, { at: 0 })),
    utxos: openUtxoQuery(s.utxos, { addresses: [wallet], pageSize: 100 }),
  }));
  const calls = new Map();
  for (const pane of panes) {
    for (const spec of planFor(pane, [], store.getState())) {
      if (spec.key === 'recentBlocks') continue; // naive: the newest block each interval, below
      calls.set(`${spec.method} ${JSON.stringify(spec.params ?? {})}`, { method: spec.method, params: spec.params ?? {} });
    }
  }
  const list = [...calls.values()];
  const tick = async () => {
    const { height } = await client.call('platform.getHeight');
    await Promise.all([
      ...list.map((c) => client.call(c.method, c.params).catch(() => undefined)),
      client.call('platform.getBlockByHeight', { height: Number(height), encoding: 'hex' }).catch(() => undefined),
    ]);
  };
  const before = { ...m };
  for (let t = 0; t < MINUTE; t += intervalMs) {
    sim.tick(intervalMs);
    await tick();
  }
  await client.close();
  return { perMinute: { requests: m.requests - before.requests, bytes: m.bytes - before.bytes }, methods: list.length + 2 };
}

const kb = (n) => `${(n / 1024).toFixed(0)} KiB`.padStart(11);
const mb = (n) => `${(n / 1024 / 1024).toFixed(2)} MiB`.padStart(11);
const fmt = (n) => (n >= 1024 * 1024 ? mb(n) : kb(n));

console.log(
  `avatop poll load vs a naive loop (simulated node, today's default profile: ${validators} validators, ${peers} peers, a block every ~${blockMs} ms; ` +
    `interval ${intervalMs} ms; byte budget ${budget ? `${budget} B/s per resource` : 'off'})`,
);
const n = await naive();
console.log(`naive loop: ${n.methods} calls per interval, ${n.perMinute.requests} requests/min, ${fmt(n.perMinute.bytes).trim()}/min\n`);
console.log('pane         | first minute (start-up)  | steady minute            | naive/avatop bytes (steady)');
console.log('-------------|--------------------------|--------------------------|----------------------------');
for (const pane of [...panes, 'tour']) {
  const r = await avatop(pane);
  const ratio = n.perMinute.bytes / Math.max(1, r.steady.bytes);
  console.log(
    `${pane.padEnd(12)} | ${String(r.first.requests).padStart(4)} req ${fmt(r.first.bytes)}/min | ${String(r.steady.requests).padStart(4)} req ${fmt(r.steady.bytes)}/min | ${ratio.toFixed(1).padStart(7)}×`,
  );
}
console.log('\nbytes = request + response bodies as counted by the client; "tour" switches pane every 6 s.');
await sim.close();

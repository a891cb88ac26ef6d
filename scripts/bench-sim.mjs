#!/usr/bin/env node
// Benchmark of the simulated node: startup, platform.getCurrentValidators latency (cold after a new block, and
// cached) at 1,500 and 10,000 validators, reply size, and the memory the node holds; info.peers (every validator it
// is connected to, as today's mainnet node is, plus the non-validators) and info.uptime (NodeUptime over them). Runs the TypeScript sources
// through tsx, so it works on a fresh clone after `npm install`:  node scripts/bench-sim.mjs
import { register } from 'tsx/esm/api';
import { request } from 'undici';

register();
const { createSimNode } = await import('../src/sim/index.ts');

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getCurrentValidators', params: {} });
const call = (method) => ({ path: '/ext/info', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }) });

/** Time to the reply's headers (the node builds the whole reply before it writes them), and to its last byte. */
async function timeCall(url, what = { path: '/ext/bc/P', body: BODY }) {
  const t = performance.now();
  const res = await request(`${url}${what.path}`, { method: 'POST', body: what.body, headers: { 'content-type': 'application/json' } });
  const ttfb = performance.now() - t;
  const text = await res.body.text();
  return { ttfb, ms: performance.now() - t, bytes: Buffer.byteLength(text) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (n) => (n / 1024 / 1024).toFixed(1);

for (const validators of [1_500, 10_000]) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const node = await createSimNode({ validators, peers: validators >= 10_000 ? 1_000 : 300, utxos: 5_000, autoAdvance: false });
  const startupMs = performance.now() - t0;
  const cold = [];
  const coldTtfb = [];
  const warm = [];
  const warmTtfb = [];
  let bytes = 0;
  await timeCall(node.url); // warm up the JIT
  for (let round = 0; round < 7; round++) {
    node.tick(2_000); // a new block: the cached reply is rebuilt on the next call
    const c = await timeCall(node.url);
    cold.push(c.ms);
    coldTtfb.push(c.ttfb);
    bytes = c.bytes;
    for (let i = 0; i < 5; i++) {
      const w = await timeCall(node.url);
      warm.push(w.ms);
      warmTtfb.push(w.ttfb);
    }
  }
  const peers = [];
  const uptime = [];
  let peerBytes = 0;
  for (let i = 0; i < 7; i++) {
    node.tick(2_000);
    const p = await timeCall(node.url, call('info.peers'));
    peers.push(p.ms);
    peerBytes = p.bytes;
    uptime.push((await timeCall(node.url, call('info.uptime'))).ms);
  }
  globalThis.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  process.stdout.write(
    `validators ${String(validators).padStart(6)}: startup ${startupMs.toFixed(0)} ms, ` +
      `getCurrentValidators after a new block ${median(cold).toFixed(1)} ms (headers at ${median(coldTtfb).toFixed(1)}), ` +
      `cached ${median(warm).toFixed(1)} ms (headers at ${median(warmTtfb).toFixed(1)}) (medians, client in the same process), ` +
      `reply ${mb(bytes)} MB, node heap ~${mb(heapAfter - heapBefore)} MB, process RSS ${mb(process.memoryUsage().rss)} MB; ` +
      `info.peers ${node.network.peers.size} peers ${median(peers).toFixed(1)} ms (${mb(peerBytes)} MB), info.uptime ${median(uptime).toFixed(1)} ms (medians, after a new block)\n`,
  );
  await node.close();
}

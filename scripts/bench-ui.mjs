#!/usr/bin/env node
// UI rendering benchmark: the real App with a store holding 10,000 validators (and 10,000 peers), measured from a
// key press to the frame that shows its effect. Prints medians; no assertions.
//   node scripts/bench-ui.mjs            (React production build, as the bundle runs)
//   NODE_ENV=development node scripts/bench-ui.mjs
process.env.NODE_ENV ??= 'production';
import { register } from 'tsx/esm/api';

register();
const React = await import('react');
const { render } = await import('ink-testing-library');
const { App } = await import('../src/app/App.tsx');
const { DEFAULT_REWARD_THRESHOLD } = await import('../src/ui/config.tsx');
const { createAvatopStore, PRIMARY_NETWORK_ID } = await import('../src/state/store.ts');
const { resolveOk } = await import('../src/state/resource.ts');
const { diffRows } = await import('../src/state/rows.ts');
const { setPane } = await import('../src/state/ui.ts');
const { defaultTheme } = await import('../src/theme/index.ts');

const N = Number(process.argv[2] ?? 10_000);
const now = Date.now();
const validators = Array.from({ length: N }, (_, i) => ({
  nodeID: `NodeID-${String(i).padStart(6, '0')}${'x'.repeat(27)}`,
  txID: `tx${i}`,
  weight: BigInt(2_000 + ((i * 7919) % 100_000)) * 1_000_000_000n,
  startTime: new Date(now - ((i * 31) % 300) * 86_400_000),
  endTime: new Date(now + ((i * 17) % 300) * 86_400_000 + 3_600_000),
  uptime: 70 + ((i * 13) % 30),
  connected: i % 50 !== 0,
  delegationFee: 2 + (i % 5),
  delegatorCount: BigInt(i % 7),
  delegatorWeight: BigInt(i % 7) * 25_000_000_000n,
  potentialReward: BigInt(i) * 1_000_000n,
  signer: i % 3 ? { publicKey: '0xabc', proofOfPossession: '0xdef' } : undefined,
}));

const store = createAvatopStore();
const meta = { at: now, latencyMs: 1 };
store.setState((s) => ({
  ...s,
  validators: { ...s.validators, bySubnet: { [PRIMARY_NETWORK_ID]: resolveOk(s.validators.bySubnet[PRIMARY_NETWORK_ID] ?? { status: 'idle', failures: 0 }, diffRows(undefined, validators, (v) => v.nodeID), meta) } },
  ui: setPane(s.ui, 'validators'),
}), true);

const config = { url: 'bench', rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit() {}, refresh() {} } };
const t0 = performance.now();
const r = render(React.createElement(App, { store, theme: defaultTheme(), config, size: { columns: 160, rows: 50 } }));
const until = async (test) => {
  const start = performance.now();
  while (!test(r.lastFrame() ?? '')) {
    await new Promise((res) => setImmediate(res));
    if (performance.now() - start > 30_000) throw new Error('timeout; frame:\n' + (r.lastFrame() ?? '').split('\n').slice(0, 8).join('\n'));
  }
  return performance.now() - start;
};
await until((f) => f.includes(`1/${N.toLocaleString('en-US')}`));
const first = performance.now() - t0;

async function timeKey(key, expect, times) {
  const samples = [];
  const cpu = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    r.stdin.write(key(i));
    await until((f) => expect(f, i));
    samples.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], p90: samples[Math.floor(samples.length * 0.9)], cpu: cpu[Math.floor(cpu.length / 2)] };
}

const fmt = (n) => n.toLocaleString('en-US');
const pos = (f) => /· ([\d,]+)\/[\d,]+/.exec(f)?.[1];
const down = await timeKey(() => 'j', (f, i) => pos(f) === fmt(i + 2), Math.min(60, N - 2));
const sort = await timeKey(() => 's', (f, i) => f.includes(['SHARE▲', 'START▲', 'END▲', 'LEFT▲', 'UPTIME▲', 'CONN▲'][i]), 6);
const bottom = await timeKey(() => 'G', (f) => pos(f) === fmt(N), 1);
r.stdin.write('/');
await until((f) => f.includes('filter /'));
const filter = await timeKey(() => '7', (f) => / matching "7"/.test(f), 1);
const filter2 = await timeKey(() => '7', (f) => / matching "77"/.test(f), 1);
const frameChars = (r.lastFrame() ?? '').length;
r.unmount();

const ms = (x) => `${x.toFixed(1)} ms`;
process.stdout.write(
  [
    `UI benchmark: ${fmt(N)} validators, 160x50 terminal, NODE_ENV=${process.env.NODE_ENV}, Node ${process.version}`,
    `  first frame with the table         ${ms(first)}`,
    `  (wall time from key to frame; CPU time of this process in brackets, steadier on a busy machine)`,
    `  cursor down (j)                    median ${ms(down.median)} [${ms(down.cpu)} CPU], p90 ${ms(down.p90)}`,
    `  sort by next column (s)            median ${ms(sort.median)} [${ms(sort.cpu)} CPU], p90 ${ms(sort.p90)}`,
    `  jump to last row (G)               ${ms(bottom.median)} [${ms(bottom.cpu)} CPU]`,
    `  filter, first keystroke (indexes)  ${ms(filter.median)} [${ms(filter.cpu)} CPU]`,
    `  filter, next keystroke             ${ms(filter2.median)} [${ms(filter2.cpu)} CPU]`,
    `  frame size                         ${fmt(frameChars)} characters`,
    '',
  ].join('\n'),
);
process.exit(0);

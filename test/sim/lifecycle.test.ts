// The node's life as a process: `avatop sim` serves until SIGINT with real timers moving the chain, and a closed
// node leaves nothing behind that keeps the process alive.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { result } from '../helpers/rpc';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function collect(stream: NodeJS.ReadableStream): { text: () => string; waitFor: (re: RegExp) => Promise<RegExpMatchArray> } {
  let text = '';
  const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const w of [...waiters]) {
      const m = w.re.exec(text);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  return {
    text: () => text,
    waitFor: (re) =>
      new Promise((resolve) => {
        const m = re.exec(text);
        if (m) resolve(m);
        else waiters.push({ re, resolve });
      }),
  };
}

describe('simulated node lifecycle', () => {
  it('avatop sim prints its URL and node ID, moves with the clock, and stops on SIGINT', async () => {
    const child = spawn(process.execPath, ['bin/avatop.cjs', 'sim', '--port', '0', '--validators', '60', '--peers', '20', '--block-interval', '200'], {
      cwd: ROOT,
      env: { ...process.env, AVATOP_FROM_SOURCE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = collect(child.stdout!);
    const [, url] = await out.waitFor(/avatop sim: (http:\/\/127\.0\.0\.1:\d+)/);
    const [, nodeId] = await out.waitFor(/node ID\s+(NodeID-\S+)/);
    const first = Number((await result<{ height: string }>(url!, '/ext/bc/P', 'platform.getHeight')).height);
    const me = await result<{ nodeID: string }>(url!, '/ext/info', 'info.getNodeID');
    expect(me.nodeID).toBe(nodeId);
    let height = first;
    while (height <= first) {
      await new Promise((r) => setTimeout(r, 100));
      height = Number((await result<{ height: string }>(url!, '/ext/bc/P', 'platform.getHeight')).height);
    }
    child.kill('SIGINT');
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(0);
    expect(out.text()).toContain('avatop sim: stopped');
  });

  it('avatop sim --help prints usage; a bad flag exits 3 (UNKNOWN) naming it', async () => {
    const help = spawn(process.execPath, ['bin/avatop.cjs', 'sim', '--help'], { cwd: ROOT, env: { ...process.env, AVATOP_FROM_SOURCE: '1' } });
    const helpOut = collect(help.stdout!);
    expect(((await once(help, 'exit')) as [number])[0]).toBe(0);
    expect(helpOut.text()).toMatch(/Usage: avatop sim/);
    expect(helpOut.text()).toMatch(/--fault/);
    const bad = spawn(process.execPath, ['bin/avatop.cjs', 'sim', '--validators', 'many'], { cwd: ROOT, env: { ...process.env, AVATOP_FROM_SOURCE: '1' } });
    const badErr = collect(bad.stderr!);
    expect(((await once(bad, 'exit')) as [number])[0]).toBe(3);
    expect(badErr.text()).toMatch(/--validators needs a whole number/);
  });

  it('avatop sim --network-id 1337 --helicon-time serves that Helicon time; a bad one, or one on mainnet, exits 3 (UNKNOWN) naming the flag', async () => {
    const child = spawn(process.execPath, ['bin/avatop.cjs', 'sim', '--port', '0', '--network-id', '1337', '--helicon-time', '2026-03-01T00:00:00Z', '--validators', '40', '--peers', '10', '--utxos', '10'], {
      cwd: ROOT,
      env: { ...process.env, AVATOP_FROM_SOURCE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = collect(child.stdout!);
    const [, url] = await out.waitFor(/avatop sim: (http:\/\/127\.0\.0\.1:\d+)/);
    await out.waitFor(/profile\s+v1\.15, seed 1, network 1337/);
    expect((await result<{ heliconTime: string }>(url!, '/ext/info', 'info.upgrades')).heliconTime).toBe('2026-03-01T00:00:00Z');
    child.kill('SIGINT');
    expect(((await once(child, 'exit')) as [number])[0]).toBe(0);
    const bad = spawn(process.execPath, ['bin/avatop.cjs', 'sim', '--network-id', '1337', '--helicon-time', 'soon'], { cwd: ROOT, env: { ...process.env, AVATOP_FROM_SOURCE: '1' } });
    const badErr = collect(bad.stderr!);
    expect(((await once(bad, 'exit')) as [number])[0]).toBe(3);
    expect(badErr.text()).toMatch(/--helicon-time: heliconTime must be an RFC 3339 time or "unscheduled"/);
    // Mainnet's upgrade times are the node's own: no upgrade file there.
    const fixed = spawn(process.execPath, ['bin/avatop.cjs', 'sim', '--helicon-time', '2026-03-01T00:00:00Z'], { cwd: ROOT, env: { ...process.env, AVATOP_FROM_SOURCE: '1' } });
    const fixedErr = collect(fixed.stderr!);
    expect(((await once(fixed, 'exit')) as [number])[0]).toBe(3);
    expect(fixedErr.text()).toMatch(/cannot configure upgrades for networkID: mainnet/);
  });

  it('exits by itself once a node is closed, even with a stalled reply and a restart pending', async () => {
    const script = `
      const { createSimNode } = await import('./src/sim/index.ts');
      const node = await createSimNode({ validators: 30, peers: 10, utxos: 10, blockIntervalMs: 100 });
      node.faults.add({ kind: 'stall' });
      fetch(node.url + '/ext/info', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"info.getNodeID"}' }).catch(() => {});
      await new Promise((r) => setTimeout(r, 200));
      void node.faults.restart(60_000);
      await node.close();
      process.stdout.write('closed\\n');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = collect(child.stdout!);
    const err = collect(child.stderr!);
    const [code] = (await once(child, 'exit')) as [number];
    expect(err.text().replace(/npm warn.*\n/g, '')).toBe('');
    expect(code).toBe(0);
    expect(out.text()).toContain('closed');
  });
});

// A reply that would not fit in the heap is refused while it arrives, with a message, before it is parsed.
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BIN_NODE_FLAGS } from '../cli/run-cli';
import { countValueMarks, heapAvailable, heapNeeded, BYTES_PER_VALUE } from '../../src/rpc/value-budget';
import { track } from '../helpers/track';

describe('value budget', () => {
  it('counts commas and opening brackets', () => {
    expect(countValueMarks(Buffer.from('{"a":[1,2,{"b":"x,y"}]}'))).toBe(6);
    expect(countValueMarks(Buffer.from('"plain"'))).toBe(0);
  });

  it('weighs values and text', () => {
    expect(heapNeeded(1_000, 10_000)).toBe(1_000 * BYTES_PER_VALUE + 20_000);
    expect(heapAvailable(100, 200)).toBe(0);
  });

  // 4 million `{}`: 12 MB, under the 32 MiB byte cap, but 256 MiB once parsed (measured). The client runs in a child
  // with bin/avatop.cjs's heap flags, where parsing it would end the process. A skimmed reply (the exporter's peer
  // facts) builds an object for each `{}` too, and is counted only once its size could matter: refused all the same.
  it.each([
    ['parsed whole', 'validators', 'whole'],
    ['skimmed', 'peers', 'skim'],
  ])('refuses a body denser than a capped heap can take (%s), and reads the next reply', async (_how, key, mode) => {
    const dense = Buffer.from(`{"jsonrpc":"2.0","id":ID,"result":{"numPeers":1,"${key}":[${'{},'.repeat(3_999_999)}{}]}}`);
    let calls = 0;
    const server = track(createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const id = String(JSON.parse(body).id);
        const reply = calls++ === 0 ? Buffer.from(dense.toString('latin1').replace('ID', id), 'latin1') : Buffer.from(`{"jsonrpc":"2.0","id":${id},"result":{"height":"42"}}`);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': reply.length });
        res.end(reply);
      });
    }).listen(0, '127.0.0.1'));
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    const flags = BIN_NODE_FLAGS;
    expect(flags.some((f) => f.startsWith('--max-old-space-size='))).toBe(true);
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', fileURLToPath(new URL('../helpers/dense-reply-client.ts', import.meta.url)), `http://127.0.0.1:${port}`, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const [code] = await once(child, 'exit');
    expect(stderr).not.toMatch(/heap out of memory/);
    expect(code).toBe(0);
    const [first, second] = JSON.parse(stdout);
    expect(first).toMatchObject({ ok: false, name: 'ResponseTooLargeError' });
    expect(first.short).toMatch(/too dense to read \([\d,]+ values\)/);
    expect(second).toEqual({ ok: true, height: '42' });
  }, 60_000);
});

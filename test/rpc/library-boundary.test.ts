// The library's createClient leaves the host process's memory policy alone: no V8 flag set (not even to expose gc
// before refusing a reply too dense for the heap), the heap limit unchanged, no timer of its own (no heap governor).
// The CLI owns the one memory policy (bin/avatop.cjs's heap flags, docs/performance.md).
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createSimNode } from '../../src/sim';
import { BIN_NODE_FLAGS, runProcess } from '../cli/run-cli';

describe('library boundary', () => {
  // 4 million `{}`: 12 MB, but 256 MiB once parsed, so under the CLI's heap flags the client refuses it.
  const dense = `{"jsonrpc":"2.0","id":ID,"result":{"validators":[${'{},'.repeat(3_999_999)}{}]}}`;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const reply = Buffer.from(dense.replace('ID', String(JSON.parse(body).id)), 'latin1');
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': reply.length });
      res.end(reply);
    });
  });
  afterAll(() => server.close());

  it('createClient sets no V8 flag, keeps the heap limit and starts no timer, even when it refuses a reply', async () => {
    const sim = await createSimNode({ validators: 50, peers: 10, utxos: 10, subnets: 1, autoAdvance: false });
    try {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as { port: number };
      const helper = fileURLToPath(new URL('../helpers/library-client.ts', import.meta.url));
      const r = await runProcess(process.execPath, [...BIN_NODE_FLAGS, '--import', 'tsx', helper, sim.url, `http://127.0.0.1:${port}`]);
      expect(r.stderr).not.toMatch(/heap out of memory/);
      expect(r.code).toBe(0);
      const seen = JSON.parse(r.stdout);
      expect(seen.calls).toEqual([
        { ok: true, validators: expect.any(Number) },
        { ok: false, name: 'ResponseTooLargeError' },
      ]);
      expect(seen.flagCalls).toEqual([]);
      expect(seen.limitAfter).toBe(seen.limitBefore);
      expect(seen.intervals).toBe(0);
      expect(seen.gcGlobal).toBe('undefined');
    } finally {
      await sim.close();
    }
  }, 60_000);
});

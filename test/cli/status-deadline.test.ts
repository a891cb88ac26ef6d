// A hung node must not hang the check that watches it: check_nrpe gives a command 10 s, and `status` against a node
// that accepts requests and never finishes a reply took 11.7 s (its 10 s request timeout plus the start). Now the
// whole run keeps to 8 s (or --timeout), and the answer says what timed out.
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim';
import { createTransport } from '../../src/rpc/transport';
import { TransportError } from '../../src/rpc/errors';
import { caught } from '../helpers/caught';
import { runCli } from './run-cli';
import { shared } from '../helpers/track';
import { suiteTempDir } from '../helpers/temp-dir';

// Every reply starts and never ends (a node wedged mid-write).
const hung = shared(() => createSimNode({ seed: 5, validators: 30, peers: 5, utxos: 5, faults: [{ kind: 'stall' }] }));
const env = { XDG_CONFIG_HOME: suiteTempDir('noconf') };

describe('a whole-run deadline', () => {
  it('bounds each request by what is left of it, whatever the request timeout', async () => {
    const t = createTransport({ url: hung().url, timeoutMs: 60_000, deadlineAt: () => Date.now() + 300 });
    try {
      const err = await caught(t.call('info', 'info.getNodeID', {}));
      expect(err).toBeInstanceOf(TransportError);
      expect((err as TransportError).kind).toBe('timeout');
      expect((err as TransportError).short + (err as TransportError).detail).toMatch(/within (\d{1,3}) ms/);
    } finally {
      await t.close();
    }
  });

  it('status against a hung node answers UNREACHABLE (exit 2) long before the node would, within its own limit', async () => {
    const started = Date.now();
    const r = await runCli(['status', '--url', hung().url], env);
    const took = Date.now() - started;
    process.stdout.write(`status against a hung node: ${took} ms, process start included\n`);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^UNREACHABLE/);
    // What it waited is said, and is its own limit, not the 10 s request timeout (not a speed figure: the limit).
    const waited = /request timed out after ([\d.]+) s/.exec(r.stdout);
    expect(waited, r.stdout).not.toBeNull();
    expect(Number(waited![1])).toBeGreaterThan(7);
    expect(Number(waited![1])).toBeLessThanOrEqual(8);
  });

  it('--timeout bounds the whole run when given', async () => {
    const r = await runCli(['status', '--url', hung().url, '--timeout', '1s', '-o', 'json'], env);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).problems.join(' ')).toMatch(/request timed out after (1|1\.0|0\.\d) s/);
  });
});

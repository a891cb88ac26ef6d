// One exit table (src/config/exit-codes.ts), every command: each command as a real process against live, dead,
// 403-ing and bootstrapping simulated nodes and with bad usage, checked against the table's outcome, never against
// a number the command happens to print. A node that refuses avatop is 2 from every command, usage is 3 from every
// command, and each command's --help states the codes it really returns.
import { beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import { createSimNode } from '../../src/sim';
import { exitFor, EXIT_OUTCOMES, type ExitOutcome } from '../../src/config/exit-codes';
import { runCli } from './run-cli';
import { deadUrl as freePortUrl } from '../helpers/ports';
import { suiteTempDir } from '../helpers/temp-dir';
import { shared } from '../helpers/track';

const live = shared(() => createSimNode({ seed: 7, validators: 60, peers: 12, utxos: 20 }));
// Every request answered 403, as a proxy with its own host rules does.
const refusing = shared(() => createSimNode({ seed: 8, validators: 30, peers: 5, utxos: 5, faults: [{ kind: 'http-error', status: 403, body: 'invalid host specified\n' }] }));
const booting = shared(() => createSimNode({ seed: 9, validators: 30, peers: 5, utxos: 5, faults: [{ kind: 'bootstrapping' }] }));
// A port something else holds.
const holder = shared(
  async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return server;
  },
  { release: (server: Server) => new Promise<void>((r) => server.close(() => r())) },
);
const heldPort = () => (holder().address() as { port: number }).port;
let dead: string;
beforeAll(async () => {
  dead = await freePortUrl();
});
const env = { XDG_CONFIG_HOME: suiteTempDir('noconf') };

type Case = [label: string, args: () => string[], outcome: ExitOutcome];

const NODE_COMMANDS: Array<[string, string[]]> = [
  ['status', ['status']],
  ['get validators', ['get', 'validators']],
  ['get blocks', ['get', 'blocks', '3']],
  ['get peers', ['get', 'peers']],
];

const cases: Case[] = [
  ...NODE_COMMANDS.flatMap(([name, args]): Case[] => [
    [`${name}: a live node`, () => [...args, '--url', live().url], 'ok'],
    [`${name}: nothing listens`, () => [...args, '--url', dead], 'unreachable'],
    [`${name}: the node refuses (403)`, () => [...args, '--url', refusing().url], 'refused'],
    [`${name}: a bad flag`, () => [...args, '--url', live().url, '--no-such-flag'], 'usage'],
  ]),
  ['status: the P-chain bootstraps', () => ['status', '--url', booting().url], 'degraded'],
  ['get validators: the P-chain bootstraps', () => ['get', 'validators', '--url', booting().url], 'bootstrapping'],
  ['get: an unknown resource', () => ['get', 'nonsense', '--url', live().url], 'usage'],
  ['decode: bytes that are no tx, block or UTXO', () => ['decode', '0x00000000000000000000'], 'undecodable'],
  ['decode: no argument', () => ['decode'], 'usage'],
  ['decode: a bad flag', () => ['decode', '--nope', '0x00'], 'usage'],
  ['exporter: a bad flag', () => ['exporter', '--nope'], 'usage'],
  ['exporter: a bad --listen', () => ['exporter', '--listen', 'nowhere', '--url', live().url], 'usage'],
  ['exporter: the port is in use', () => ['exporter', '--listen', `127.0.0.1:${heldPort()}`, '--url', live().url], 'usage'],
  ['sim: a bad flag', () => ['sim', '--nope'], 'usage'],
  ['sim: the port is in use', () => ['sim', '--port', String(heldPort()), '--validators', '20', '--peers', '2', '--utxos', '2'], 'usage'],
  ['monitor: a bad flag', () => ['--nope'], 'usage'],
];

describe.concurrent('one exit table, every command', () => {
  for (const [label, args, outcome] of cases) {
    it(`${label} → ${exitFor(outcome)} (${outcome})`, async () => {
      const r = await runCli(args(), env);
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(exitFor(outcome));
    });
  }

  it('a refusing node is CRITICAL, as an unreachable one is, and the table says so', () => {
    expect(exitFor('refused')).toBe(2);
    expect(exitFor('unreachable')).toBe(2);
    expect(exitFor('usage')).toBe(3);
    expect(EXIT_OUTCOMES.refused.when).toMatch(/403/);
  });
});

describe('every --help states the codes the command returns', () => {
  for (const args of [['status', '--help'], ['get', '--help'], ['--help']]) {
    it(`avatop ${args.join(' ')}`, async () => {
      const r = await runCli(args, env);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`${exitFor('refused')} CRITICAL \\(node unreachable, refusing avatop`));
      expect(r.stdout).toMatch(new RegExp(`${exitFor('usage')} UNKNOWN \\(usage`));
    });
  }

  it('avatop decode --help', async () => {
    const r = await runCli(['decode', '--help'], env);
    expect(r.stdout).toContain(`${exitFor('undecodable')} (WARNING) bad input, ${exitFor('usage')} (UNKNOWN) bad usage`);
  });

  it('avatop exporter --help', async () => {
    const r = await runCli(['exporter', '--help'], env);
    expect(r.stdout).toContain(`${exitFor('usage')} (UNKNOWN) for a bad flag, a bad --listen or a port in use`);
  });
});

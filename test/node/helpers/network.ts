// Starts and stops a five-node avalanchego local network (network ID 12345) on 127.0.0.1 for the conformance tests.
// Each node gets free ports, its own data dir under one temp folder, and one of the five genesis staker keys, so
// sybil protection stays on exactly as on a real local net. Logs are kept when the caller says the run failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from '../../helpers/ports';

const stakingDir = resolve(fileURLToPath(new URL('../../fixtures/local-staking', import.meta.url)));

export const LOCAL_NODE_IDS = [
  'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
  'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ',
  'NodeID-NFBbbJ4qCmNaCzeW7sxErhvWqvEQMnYcN',
  'NodeID-GWPcbFJZFfZreETSoWjPimr846mXEKCtu',
  'NodeID-P7oB2McjBGgW2NXXWVYjV8JEDFoW9xDE5',
] as const;

export interface LocalNode {
  index: number;
  nodeId: string;
  httpPort: number;
  stakingPort: number;
  url: string;
  dataDir: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

export interface LocalNetwork {
  version: string;
  dir: string;
  nodes: LocalNode[];
  /** URL of the first node (the bootstrapper). */
  url: string;
  /** Milliseconds from spawn until every node answered /ext/health with 200. */
  startupMs: number;
  stop(opts?: { keepLogs?: boolean }): Promise<void>;
}

function nodeArgs(version: string, n: LocalNode, bootstrapper: LocalNode | undefined, extra: string[]): string[] {
  const i = n.index + 1;
  const args = [
    '--network-id=local',
    `--data-dir=${n.dataDir}`,
    // In-memory databases: nothing to keep, and far less disk I/O on a shared 2-core box.
    '--db-type=memdb',
    '--http-host=127.0.0.1',
    `--http-port=${n.httpPort}`,
    '--staking-host=127.0.0.1',
    `--staking-port=${n.stakingPort}`,
    '--public-ip=127.0.0.1',
    `--staking-tls-cert-file=${join(stakingDir, `staker${i}.crt`)}`,
    `--staking-tls-key-file=${join(stakingDir, `staker${i}.key`)}`,
    // The default 30 s would keep /ext/health at 503 long after the node is ready.
    '--health-check-frequency=2s',
    // The default asks for 32768 descriptors, above the hard limit of many containers (20000 here): startup fails.
    '--fd-limit=8192',
    '--network-initial-reconnect-delay=200ms',
    '--network-max-reconnect-delay=2s',
    '--log-level=info',
    '--log-display-level=warn',
    `--bootstrap-ips=${bootstrapper ? `127.0.0.1:${bootstrapper.stakingPort}` : ''}`,
    `--bootstrap-ids=${bootstrapper ? bootstrapper.nodeId : ''}`,
  ];
  // v1.14's local genesis carries the stakers' BLS keys; v1.11.2's has none, so the node's own generated key is fine.
  if (version !== 'v1.11.2') args.push(`--staking-signer-key-file=${join(stakingDir, `signer${i}.key`)}`);
  return [...args, ...extra];
}

async function isHealthy(url: string, signal: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch(`${url}/ext/health`, { signal: AbortSignal.any([signal, AbortSignal.timeout(3_000)]) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((res) => setTimeout(res, ms));
}

export interface StartOptions {
  version: string;
  binary: string;
  /** Give up (and stop the nodes) if not all healthy by then. */
  timeoutMs?: number;
  nodes?: number;
  /**
   * `--min-stake-duration` for every node (a consensus parameter, so all must agree; honoured on any network but
   * mainnet and fuji). Short stakes let a test see stakers end: proposal, commit and abort blocks.
   */
  minStakeDuration?: string;
}

/**
 * Starts the network; if a node dies during startup (a free port taken by someone else between our probe and the
 * node's bind is the likely cause), tries once more with new ports. A timeout is not retried.
 */
export async function startLocalNetwork(opts: StartOptions): Promise<LocalNetwork> {
  try {
    return await startOnce(opts);
  } catch (err) {
    if (!(err instanceof NodeExitedError)) throw err;
    return startOnce(opts);
  }
}

class NodeExitedError extends Error {}

async function startOnce(opts: StartOptions): Promise<LocalNetwork> {
  const count = opts.nodes ?? 5;
  const timeoutMs = opts.timeoutMs ?? 180_000;
  if (!existsSync(opts.binary)) throw new Error(`avalanchego binary missing: ${opts.binary}`);
  const dir = mkdtempSync(join(tmpdir(), `avatop-net-${opts.version}-`));
  const ports = await freePorts(count * 2);
  const nodes: LocalNode[] = [];
  const started = Date.now();

  for (let index = 0; index < count; index += 1) {
    const httpPort = ports[index * 2]!;
    const stakingPort = ports[index * 2 + 1]!;
    const dataDir = join(dir, `node${index + 1}`);
    const partial = { index, nodeId: LOCAL_NODE_IDS[index]!, httpPort, stakingPort, url: `http://127.0.0.1:${httpPort}`, dataDir };
    const extra = opts.minStakeDuration ? [`--min-stake-duration=${opts.minStakeDuration}`] : [];
    const args = nodeArgs(opts.version, partial as LocalNode, nodes[0], extra);
    const out = createWriteStream(join(dir, `node${index + 1}.out`));
    const child = spawn(opts.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
    const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    nodes.push({ ...partial, process: child, exited });
  }

  // A crashed test runner must not leave five nodes behind.
  const killAll = (): void => {
    for (const n of nodes) if (n.process.exitCode === null) n.process.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const stop = async ({ keepLogs = false } = {}): Promise<void> => {
    process.removeListener('exit', killAll);
    for (const n of nodes) if (n.process.exitCode === null) n.process.kill('SIGTERM');
    await Promise.all(
      nodes.map(async (n) => {
        const timer = setTimeout(() => n.process.kill('SIGKILL'), 15_000);
        await n.exited;
        clearTimeout(timer);
      }),
    );
    if (!keepLogs) rmSync(dir, { recursive: true, force: true });
  };

  const abort = new AbortController();
  const deadline = started + timeoutMs;
  try {
    const pending = new Set(nodes);
    while (pending.size > 0) {
      for (const n of nodes) {
        if (n.process.exitCode !== null) {
          throw new NodeExitedError(`node${n.index + 1} exited with ${n.process.exitCode} during startup`);
        }
      }
      for (const n of [...pending]) if (await isHealthy(n.url, abort.signal)) pending.delete(n);
      if (pending.size === 0) break;
      if (Date.now() > deadline) {
        throw new Error(`not healthy after ${timeoutMs} ms: ${[...pending].map((n) => `node${n.index + 1}`).join(', ')}`);
      }
      await delay(500);
    }
  } catch (err) {
    await stop({ keepLogs: true });
    const message = `${(err as Error).message}; logs kept in ${dir}`;
    throw err instanceof NodeExitedError ? new NodeExitedError(message) : new Error(message);
  }

  return { version: opts.version, dir, nodes, url: nodes[0]!.url, startupMs: Date.now() - started, stop };
}

/**
 * Stops every node but the first and waits until they have exited: node 1 stays bootstrapped (bootstrapping is not
 * undone) but is connected to none of the other validators. The network's stop() still ends node 1.
 */
export async function stopAllButFirst(net: LocalNetwork): Promise<void> {
  const others = net.nodes.slice(1);
  for (const n of others) if (n.process.exitCode === null) n.process.kill('SIGTERM');
  await Promise.all(
    others.map(async (n) => {
      const timer = setTimeout(() => n.process.kill('SIGKILL'), 15_000);
      await n.exited;
      clearTimeout(timer);
    }),
  );
}

/**
 * One node of the local network that never finishes bootstrapping: its only beacon (staker1's ID at a port nobody
 * listens on) never answers, so its P-chain route keeps answering 503 while the Info API works. It uses an
 * ephemeral staking certificate (it is not a validator). Resolves once the HTTP server answers.
 */
export async function startBootstrappingNode(opts: { version: string; binary: string; timeoutMs?: number }): Promise<LocalNetwork> {
  const dir = mkdtempSync(join(tmpdir(), `avatop-lone-${opts.version}-`));
  const [httpPort, stakingPort, deadPort] = (await freePorts(3)) as [number, number, number];
  const out = createWriteStream(join(dir, 'node.out'));
  const args = [
    '--network-id=local',
    `--data-dir=${join(dir, 'node')}`,
    '--db-type=memdb',
    '--http-host=127.0.0.1',
    `--http-port=${httpPort}`,
    '--staking-host=127.0.0.1',
    `--staking-port=${stakingPort}`,
    '--public-ip=127.0.0.1',
    '--staking-ephemeral-cert-enabled=true',
    '--staking-ephemeral-signer-enabled=true',
    '--fd-limit=8192',
    '--health-check-frequency=2s',
    '--log-display-level=warn',
    `--bootstrap-ips=127.0.0.1:${deadPort}`,
    `--bootstrap-ids=${LOCAL_NODE_IDS[0]}`,
  ];
  const child = spawn(opts.binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  const killIt = (): void => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killIt);
  const node: LocalNode = { index: 0, nodeId: '', httpPort, stakingPort, url: `http://127.0.0.1:${httpPort}`, dataDir: join(dir, 'node'), process: child, exited };
  const stop = async ({ keepLogs = false } = {}): Promise<void> => {
    process.removeListener('exit', killIt);
    if (child.exitCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    if (!keepLogs) rmSync(dir, { recursive: true, force: true });
  };
  const started = Date.now();
  const deadline = started + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop({ keepLogs: true });
      throw new Error(`lone node exited with ${child.exitCode}; logs kept in ${dir}`);
    }
    try {
      // The P route is registered once the platform VM exists; until then the path is a 404.
      const res = await fetch(`${node.url}/ext/bc/P`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getHeight', params: {} }),
        signal: AbortSignal.timeout(3_000),
      });
      await res.arrayBuffer();
      if (res.status === 503) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop({ keepLogs: true });
      throw new Error(`lone node's P route did not answer 503 in time; logs kept in ${dir}`);
    }
    await delay(300);
  }
  return { version: opts.version, dir, nodes: [node], url: node.url, startupMs: Date.now() - started, stop };
}

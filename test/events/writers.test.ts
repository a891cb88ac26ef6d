// Two avatop processes watching one node (a monitor and an exporter on the same host): one line per transition in
// its log, whichever of them saw it; the lock passes on when its holder is gone; nothing secret is written.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WriterLock } from '../../src/events/writer-lock';
import { createKeeper } from '../../src/events/keeper';
import { nodeDir } from '../../src/events/paths';
import { createAvatopStore, type AvatopStore } from '../../src/state/store';
import { resolveError, resolveOk } from '../../src/state/resource';
import { TransportError } from '../../src/rpc/errors';
import { foldText } from '../../src/domain/events/fold';
import { redact, secretsOf } from '../../src/events/redact';
import { nodeFs, type FsOps } from '../../src/events/fs-ops';
import { tempDir } from '../helpers/temp-dir';
import { track } from '../helpers/track';

const temp = () => tempDir('writers');

const NODE_ID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const NODE = { network: 'mainnet', nodeId: NODE_ID, name: 'validator-1' };

/** A store as the scheduler leaves it: the node known, and the probe's last answer or failure. */
function nodeStore(): AvatopStore {
  const store = createAvatopStore();
  const s = store.getState();
  store.setState({
    ...s,
    node: {
      ...s.node,
      id: resolveOk(s.node.id, { nodeID: NODE_ID, nodePOP: undefined } as never, { at: 1 }),
      networkName: resolveOk(s.node.networkName, 'mainnet', { at: 1 }),
    },
    pchain: { ...s.pchain, height: resolveOk(s.pchain.height, 100n, { at: 1, latencyMs: 3 }) },
  });
  return store;
}

function probe(store: AvatopStore, at: number, ok: boolean, error = new TransportError('refused', 'http://127.0.0.1:9650')) {
  const s = store.getState();
  const h = ok ? resolveOk(s.pchain.height, 100n, { at, latencyMs: 3 }) : resolveError(s.pchain.height, error, { at });
  store.setState({ ...s, pchain: { ...s.pchain, height: h } });
}

const tick = () => new Promise((r) => setImmediate(r));

describe('the writer lock', () => {
  it('one holder at a time; a holder that is gone is replaced, a live one is not', () => {
    const dir = temp();
    const a = new WriterLock(dir, { pid: 1001, alive: () => true });
    const b = new WriterLock(dir, { pid: 1002, alive: () => true });
    expect(a.acquire()).toBe(true);
    expect(b.acquire()).toBe(false);
    expect(a.acquire()).toBe(true);
    // a's process dies: b takes over at its next try, and a (were it still running) sees it lost the lock.
    const c = new WriterLock(dir, { pid: 1003, alive: (pid) => pid !== 1001 });
    expect(c.acquire()).toBe(true);
    expect(a.acquire()).toBe(false);
    c.release();
    expect(b.acquire()).toBe(true);
    expect(readdirSync(dir)).toEqual(['writer.lock']);
  });

  it('a second lock of this process for the held folder is refused without touching a file, and takes over on release', () => {
    const dir = temp();
    const calls: string[] = [];
    const counted = Object.fromEntries(Object.entries(nodeFs).map(([k, f]) => [k, (...a: unknown[]) => (calls.push(k), (f as (...x: unknown[]) => unknown)(...a))])) as unknown as FsOps;
    const a = new WriterLock(dir, { fs: counted });
    // c below stands for another process, alive: with the default check b asked the kernel about pid + 1, which is
    // a running process on some machines and not on others (CI on Node 24 once took c's lock over as stale).
    const b = new WriterLock(dir, { fs: counted, alive: () => true });
    expect(a.acquire()).toBe(true);
    calls.length = 0;
    expect(b.acquire()).toBe(false);
    expect(b.error).toBeUndefined();
    expect(calls).toEqual([]);
    // The holder still checks the file it holds (another process may have broken it).
    expect(a.acquire()).toBe(true);
    expect(calls).toEqual(['readFileSync']);
    a.release();
    expect(b.acquire()).toBe(true);
    expect(a.acquire()).toBe(false);
    // Another process (another pid) still meets this one through the files, and a lock broken by it frees the folder.
    const c = new WriterLock(dir, { fs: counted, pid: process.pid + 1, alive: (pid) => pid !== process.pid });
    expect(c.acquire()).toBe(true);
    expect(b.acquire()).toBe(false);
    c.release();
    expect(a.acquire()).toBe(true);
    expect(readdirSync(dir)).toEqual(['writer.lock']);
    a.release();
  });
});

describe('two processes watching one node', () => {
  it('write one line per transition between them', async () => {
    const stateDir = temp();
    let t = Date.UTC(2026, 10, 26, 11, 48, 0);
    const now = () => t;
    const mk = () => {
      const k = createKeeper({ stateDir, now, flushEveryMs: 3_600_000, loadDelayMs: 0 });
      track(k);
      return k;
    };
    const monitor = mk();
    const exporter = mk();
    const s1 = nodeStore();
    const s2 = nodeStore();
    const w1 = monitor.watch(s1, { name: 'validator-1', url: 'http://127.0.0.1:9650' });
    const w2 = exporter.watch(s2, { name: 'validator-1', url: 'http://127.0.0.1:9650' });
    await tick();
    expect([w1.writer, w2.writer]).toEqual([true, false]);
    // Both see the node stop answering and come back.
    for (const s of [s1, s2]) {
      probe(s, (t += 2000), false);
      probe(s, (t += 2000), false);
    }
    await tick();
    t += 60_000;
    for (const s of [s1, s2]) probe(s, t, true);
    await tick();
    monitor.flush();
    exporter.flush();
    const lines = readdirSync(nodeDir(stateDir, NODE))
      .filter((n) => n.startsWith('events-'))
      .flatMap((n) => readFileSync(join(nodeDir(stateDir, NODE), n), 'utf8').split('\n').filter(Boolean));
    expect(lines).toHaveLength(2);
    const folded = foldText(lines).events;
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ kind: 'unreachable', node: 'validator-1' });
    expect(folded[0]!.text).toMatch(/^unreachable for 1m 0\ds \(connection refused\); answering again$/);
    // The reader shows what the writer wrote.
    t += 20_000;
    exporter.flush();
    expect(exporter.events().map((e) => e.text)).toEqual(folded.map((e) => e.text));
  });

  it('the reader takes over when the writer stops, continuing its open incidents', async () => {
    const stateDir = temp();
    let t = Date.UTC(2026, 10, 26, 11, 48, 0);
    const now = () => t;
    const a = createKeeper({ stateDir, now, flushEveryMs: 3_600_000, loadDelayMs: 0 });
    const b = createKeeper({ stateDir, now, flushEveryMs: 3_600_000, loadDelayMs: 0 });
    track(b);
    const s1 = nodeStore();
    const s2 = nodeStore();
    a.watch(s1, { name: 'n', url: 'http://127.0.0.1:9650' });
    const wb = b.watch(s2, { name: 'n', url: 'http://127.0.0.1:9650' });
    await tick();
    probe(s1, (t += 2000), false);
    probe(s1, (t += 2000), false);
    await tick();
    a.close(); // the monitor quits mid-outage: its lines are written and the lock given back
    b.flush();
    expect(wb.writer).toBe(true);
    probe(s2, (t += 30_000), true);
    await tick();
    b.flush();
    const f = foldText(readdirSync(nodeDir(stateDir, { network: 'mainnet', nodeId: NODE_ID })).filter((n) => n.startsWith('events-')).flatMap((n) => readFileSync(join(nodeDir(stateDir, { network: 'mainnet', nodeId: NODE_ID }), n), 'utf8').split('\n').filter(Boolean)));
    expect(f.events).toHaveLength(1);
    expect(f.events[0]!.end).toBe(t);
  });
});

describe('credentials', () => {
  it("are never written: the URL's user and password, header values, and anything shaped like them", async () => {
    const url = 'https://operator:hunter2secret@node.example:9650/avax';
    const headers = { Authorization: 'Bearer s3cr3t-t0ken-value', 'X-Api-Key': 'k3y-abcdef' };
    const secrets = secretsOf(url, headers);
    expect(redact(`failed calling ${url} with Authorization: Bearer s3cr3t-t0ken-value`, secrets)).not.toMatch(/hunter2|s3cr3t|operator:/);
    expect(redact('proxy said: token=abc123 api_key=zzz', [])).toBe('proxy said: token=[redacted] api_key=[redacted]');

    const stateDir = temp();
    let t = Date.UTC(2026, 10, 26, 11, 48, 0);
    const k = createKeeper({ stateDir, now: () => t, flushEveryMs: 3_600_000, loadDelayMs: 0 });
    track(k);
    const s = nodeStore();
    k.watch(s, { name: 'validator-1', url, headers });
    await tick();
    const leaky = new TransportError('refused', url);
    Object.assign(leaky, { summary: `refused by ${url} (k3y-abcdef, s3cr3t-t0ken-value)` });
    probe(s, (t += 2000), false, leaky);
    probe(s, (t += 2000), false, leaky);
    await tick();
    k.close();
    const all = readdirSync(stateDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => readFileSync(join(e.parentPath ?? (e as unknown as { path: string }).path, e.name), 'utf8'))
      .join('\n');
    expect(all).toContain("unreachable");
    expect(all).not.toMatch(/hunter2|s3cr3t|k3y-abcdef|operator/);
  });
});

describe('a folder that cannot be written', () => {
  it('tracks in memory and says so, then writes what it kept once the folder can be written', async () => {
    const stateDir = temp();
    let readOnly = true;
    const refuse = () => {
      if (readOnly) throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
    };
    const fs: FsOps = {
      ...nodeFs,
      mkdirSync: (p, o) => (refuse(), nodeFs.mkdirSync(p, o)),
      openSync: (p, f, m) => (f !== 'r' && refuse(), nodeFs.openSync(p, f, m)),
    };
    let t = Date.UTC(2026, 10, 26, 11, 48, 0);
    const k = createKeeper({ stateDir, fs, now: () => t, flushEveryMs: 3_600_000, loadDelayMs: 0 });
    track(k);
    const s = nodeStore();
    k.watch(s, { name: 'validator-1', url: 'http://127.0.0.1:9650' });
    await tick();
    probe(s, (t += 2000), false);
    probe(s, (t += 2000), false);
    await tick();
    k.flush();
    expect(k.events().map((e) => e.kind)).toEqual(['unreachable']);
    expect(k.notes().join('\n')).toMatch(/cannot write the event log in .* \(EROFS\): events are kept for this run only/);
    readOnly = false;
    k.flush();
    const lines = readdirSync(nodeDir(stateDir, NODE)).filter((n) => n.startsWith('events-')).flatMap((n) => readFileSync(join(nodeDir(stateDir, NODE), n), 'utf8').split('\n').filter(Boolean));
    expect(foldText(lines).events.map((e) => e.kind)).toEqual(['unreachable']);
    expect(k.notes().join('\n')).toMatch(/written again/);
  });
});

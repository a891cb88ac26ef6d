// The metrics pane and the header's metrics against the simulated node over loopback: what is shown, and who reads
// /ext/metrics how often (counted at the simulator).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim/index';
import { SMALL_SIM, startScreen, type Screen } from './harness';
import { track } from '../helpers/track';

const served = (s: Screen) => s.sim!.metrics.served;

describe('metrics pane against the simulated node', () => {
  it('opens with m and shows resources, consensus and sparklines once two readings are in', async () => {
    const screen = await startScreen();
    await screen.waitFor(/Node ID/);
    // The latency needs a block accepted between two readings (one a second here).
    const f = await screen.press('m', (f) => /CPU\s+\d+% of a core/.test(f) && /[▁▂▃▄▅▆▇█]{2,}/.test(f) && /P-chain\s+[\d.]+ blk\/s · [\d.]+ s/.test(f));
    expect(f).toMatch(/resident memory\s+[\d.]+GiB/);
    expect(f).toMatch(/file descriptors\s+[\d,]+ open of 32,768 \([\d.]+%\)/);
    expect(f).toMatch(/goroutines\s+[\d,]+/);
    expect(f).toMatch(/disk available\s+[\d.]+GiB \([\d.]+%\)/);
    expect(f).toMatch(/database reads\s+[\d.]+MiB\/s/);
    expect(f).toMatch(/peers\s+\d+/);
    expect(f).toMatch(/P-chain\s+[\d.]+ blk\/s · [\d.]+ s · \d+ processing/);
    expect(f).toMatch(/failing health checks\s+0/);
    expect(f).toMatch(/API calls\s+[\d.]+ call\/s/);
    expect(f).toMatch(/\/ext\/metrics: [\d.]+KiB a reading/);
  });

  it('v1.11 names (before v1.11.8) give the same lines', async () => {
    const screen = await startScreen({ sim: { profile: 'v1.11' } });
    await screen.waitFor(/Node ID/);
    const f = await screen.press('m', (f) => /CPU\s+\d+% of a core/.test(f) && /bytes in\s+[\d.]+KiB\/s/.test(f));
    expect(f).toMatch(/resident memory\s+[\d.]+GiB/);
    expect(f).toMatch(/disk available\s+[\d.]+GiB\s/);
    expect(f).toMatch(/goroutines\s+[\d,]+/);
    expect(f).toMatch(/C-chain\s+[\d.]+ blk\/s/);
  });

  it('reads /ext/metrics every tick only while the pane is shown; elsewhere at most once per slow interval', async () => {
    const screen = await startScreen({ slowMs: 60_000 });
    // The header's slow reading (after its start-up delay) may happen once; nothing more while the peers pane is up.
    await screen.press('2', /\d+ peers · 1\/\d+/);
    const heightPolls = () => screen!.store.getState().accounting.byMethod['platform.getHeight']?.requests ?? 0;
    const h0 = heightPolls();
    await screen.waitFor(() => heightPolls() >= h0 + 15);
    expect(served(screen)).toBeLessThanOrEqual(1);
    const before = served(screen);
    await screen.press('m', /CPU/);
    await screen.waitFor(() => served(screen) >= before + 3);
    // Leaving the pane stops the fast reads.
    await screen.press('2', /\d+ peers · 1\/\d+/);
    const left = served(screen);
    const h1 = heightPolls();
    await screen.waitFor(() => heightPolls() >= h1 + 15);
    // One reading may have been on its way when the pane closed.
    expect(served(screen)).toBeLessThanOrEqual(left + 1);
  });

  it('a node without the metrics API is one line in words, and the rest of avatop carries on', async () => {
    const screen = await startScreen({ sim: { metricsApi: false } });
    await screen.waitFor(/Node ID/);
    const f = await screen.press('m', /node metrics: the node does not serve \/ext\/metrics/);
    expect(f).toMatch(/--api-metrics-enabled=false/);
    expect(f).toMatch(/height [\d,]+/);
  });

  it('a malformed page is refused with a message; the last good values stay, marked stale; no control sequence reaches the frame', async () => {
    const screen = await startScreen();
    await screen.waitFor(/Node ID/);
    await screen.press('m', /resident memory\s+[\d.]+GiB/);
    screen.sim!.faults.add({ kind: 'malformed', path: '/ext/metrics' });
    const f = await screen.waitFor(/metrics reply is not Prometheus text/);
    expect(f).toMatch(/resident memory\s+[\d.]+GiB/);
    expect(f).not.toContain('\x1b]0;');
    expect(f).not.toContain('pwned\x07');
  });

  it('a huge page is refused at the cap, not read into memory', async () => {
    const screen = await startScreen();
    await screen.waitFor(/Node ID/);
    screen.sim!.faults.add({ kind: 'huge', path: '/ext/metrics', bytes: 64 * 1024 * 1024 });
    const f = await screen.press('m', /metrics page larger than 8 MiB: refused/);
    expect(f).toMatch(/height [\d,]+/);
  });
});

describe('a real avalanchego page', () => {
  it('shows the resident memory, disk and goroutines a real v1.14.2 node reported', async () => {
    // The simulated node answers the APIs; /ext/metrics is a page captured from a real v1.14.2 node.
    const sim = track(await createSimNode(SMALL_SIM));
    const page = readFileSync(new URL('../fixtures/metrics/v1.14.2.txt', import.meta.url));
    const target = new URL(sim.url);
    const front = track(http.createServer((req, res) => {
      if (req.url === '/ext/metrics') {
        res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
        res.end(page);
        return;
      }
      const fwd = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      // Connections closed at the end of the test are not failures of the test.
      fwd.on('error', () => res.destroy());
      req.on('error', () => fwd.destroy());
      req.pipe(fwd);
    }), (f) => {
      f.closeAllConnections();
      return new Promise((r) => f.close(r));
    });
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    const screen = await startScreen({ url: `http://127.0.0.1:${(front.address() as AddressInfo).port}` });
    await screen.waitFor(/Node ID/);
    const f = await screen.press('m', /goroutines\s+104/);
    expect(f).toMatch(/resident memory\s+90\.8MiB/);
    // An in-memory database: the node reports 2^64 bytes free and 100%; no disk warning for that.
    expect(f).toMatch(/disk available\s+16\.0EiB \(100\.0%\)/);
    expect(f).toMatch(/file descriptors\s+20 open of 8,192/);
    expect(f).toMatch(/peers\s+4/);
    expect(f).not.toMatch(/DISK|FDS/);
  });
});

describe('header: bootstrap progress and resource warnings from /ext/metrics', () => {
  it('while the chains bootstrap, shows fetched and then accepted progress with an ETA', async () => {
    const screen = await startScreen();
    await screen.waitFor(/P✓ X✓ C✓/);
    screen.sim!.faults.setBootstrapping(true);
    const fetching = await screen.waitFor(/P fetched [\d.]+k?/, 30_000);
    expect(fetching).toMatch(/P… X… C…/);
    // The simulated P-chain fetches 90k blocks at 3k/s, then accepts them: the ETA appears once it executes.
    screen.sim!.tick(35_000);
    const executing = await screen.waitFor(/P \d+% ETA (\d+m )?\d+s/, 60_000);
    expect(executing).not.toMatch(/ETA -/);
  }, 90_000);

  it('warns when the disk runs low or file descriptors near the limit, on any pane', async () => {
    const screen = await startScreen();
    await screen.press('2', /\d+ peers · 1\/\d+/);
    screen.sim!.metrics.diskFreeBytes = 12 * 1024 ** 3;
    screen.sim!.metrics.openFds = 30_000;
    // The header's slow reading (every 2 s here, the first after 3 s) brings them.
    const f = await screen.waitFor(/DISK 12\.0GiB free {2}FDS 92% used/, 30_000);
    expect(f.split('\n')[1]).toMatch(/^P✓ X✓ C✓ {2}health healthy {2}DISK/);
  });
});

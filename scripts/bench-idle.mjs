#!/usr/bin/env node
// Idle cost measured from outside, beside btop and htop in the same minute (issue 31): each program in its own tmux
// session of 140×45 on a private tmux server, the bytes it writes to its terminal counted through `pipe-pane`, its
// CPU from /proc/<pid>/stat and its resident memory from /proc/<pid>/status. avatop watches `avatop sim` (the
// default simulated mainnet, or --sim-args) through a loopback relay per avatop that counts what the node sends
// and receives, HTTP headers included. "Idle": no key pressed while the simulated chain makes a block every 2 s.
//   node scripts/bench-idle.mjs [--seconds 60] [--against DIR] [--sim-args "--peers 1500"] [--json]
// --against DIR runs a second checkout's build (DIR/dist/avatop.cjs) in the same minute, pane for pane, so its
// figures and these can be quoted as ratios from one run. Prints a table, or with --json one JSON object.
import { execFileSync } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, shebang, startSim, statusKb } from './proc.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1] !== undefined) return process.argv[i + 1];
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return eq ? eq.slice(name.length + 3) : fallback;
};
const SECONDS = Number(arg('seconds', '60'));
const WARMUP_MS = Number(arg('warmup', '15')) * 1000;
const AGAINST = arg('against', undefined);
const SIM_ARGS = (arg('sim-args', '') ?? '').split(/\s+/).filter(Boolean);
const JSON_OUT = process.argv.includes('--json');
const COLS = 140;
const ROWS = 45;
const log = (s) => process.stderr.write(`[bench-idle] ${s}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const has = (cmd) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};


/** A loopback TCP relay in front of the node that counts bytes both ways. */
async function relay(port) {
  const counts = { up: 0, down: 0 };
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    client.on('data', (d) => (counts.up += d.length));
    upstream.on('data', (d) => (counts.down += d.length));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) {
      s.on('error', end);
      s.on('close', end);
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, counts, close: () => server.close() };
}

const work = mkdtempSync(join(tmpdir(), 'avatop-bench-idle-'));
const SOCKET = `avatop-bench-${process.pid}`;
const tmux = (...a) => execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...a], { encoding: 'utf8' }).trim();
const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/** A program in its own detached tmux session of COLS×ROWS, its output appended to a file. */
function session(name, argv, env = {}) {
  const envs = Object.entries({ LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', ...env }).map(([k, v]) => `${k}=${q(v)}`);
  const cmd = `exec env ${envs.join(' ')} ${argv.map(q).join(' ')}`;
  tmux('new-session', '-d', '-s', name, '-x', String(COLS), '-y', String(ROWS), cmd);
  const file = join(work, `${name}.out`);
  writeFileSync(file, '');
  tmux('pipe-pane', '-t', name, `cat >> ${q(file)}`);
  const pid = Number(tmux('display-message', '-p', '-t', name, '#{pane_pid}'));
  return { name, pid, file, bytes: () => statSync(file).size, screen: () => tmux('capture-pane', '-p', '-t', name) };
}

async function main() {
  const checkouts = [{ label: 'avatop', dir: root }];
  if (AGAINST) checkouts.push({ label: 'against', dir: resolve(AGAINST) });
  for (const c of checkouts) {
    c.bin = join(c.dir, 'dist', 'avatop.cjs');
    if (!existsSync(c.bin)) throw new Error(`${c.bin} is missing: build it (node scripts/build.mjs --no-types in ${c.dir})`);
    ({ env: c.env, flags: c.flags } = shebang(readFileSync(join(c.dir, 'bin', 'avatop.cjs'), 'utf8')));
  }
  log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; starting avatop sim ${SIM_ARGS.join(' ')}`);
  const sim = await startSim(checkouts[0].bin, SIM_ARGS);
  const sessions = [];
  const relays = [];
  try {
    // Each avatop on the overview (CPU, terminal bytes, memory) and on the validators pane (what the node sends).
    for (const c of checkouts) {
      for (const pane of ['overview', 'validators']) {
        const r = await relay(sim.port);
        relays.push(r);
        const home = join(work, `${c.label}-${pane}-home`);
        mkdirSync(home, { recursive: true });
        const s = session(`${c.label}-${pane}`, [process.execPath, ...c.flags, c.bin, '--url', r.url, '--pane', pane], { ...c.env, TERM: 'tmux-256color', XDG_CACHE_HOME: home, HOME: home });
        sessions.push({ ...s, kind: 'avatop', checkout: c.label, pane, relay: r });
      }
    }
    const cfg = join(work, 'config');
    mkdirSync(join(cfg, 'btop'), { recursive: true });
    // btop's own default is 2000 ms; written out so a user's config cannot change it.
    writeFileSync(join(cfg, 'btop', 'btop.conf'), 'update_ms = 2000\n');
    if (has('btop')) sessions.push({ ...session('btop', ['btop', '--utf-force'], { TERM: 'tmux-256color', XDG_CONFIG_HOME: cfg, HOME: work }), kind: 'btop' });
    if (has('htop')) sessions.push({ ...session('htop', ['htop', '-d', '20'], { TERM: 'tmux-256color', XDG_CONFIG_HOME: cfg, HOME: work }), kind: 'htop' });
    log(`warm-up ${WARMUP_MS / 1000} s (start-up requests and JIT out of the window)`);
    await sleep(WARMUP_MS);
    for (const s of sessions) {
      s.c0 = cpuMs(s.pid);
      s.b0 = s.bytes();
      if (s.relay) s.n0 = s.relay.counts.up + s.relay.counts.down;
    }
    const load0 = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    const s0 = cpuMs(sim.pid);
    const t0 = performance.now();
    log(`measuring ${SECONDS} s`);
    // RSS read every 5 s as well as at the end: the heap governor's full collections make a sawtooth of about 3 MiB,
    // so one reading moves by ±1.5 MiB from run to run and the mean is the steadier figure.
    for (const s of sessions) s.rssSamples = [];
    while (performance.now() - t0 < SECONDS * 1000) {
      await sleep(Math.min(5000, SECONDS * 1000 - (performance.now() - t0)));
      for (const s of sessions) s.rssSamples.push(statusKb(s.pid, 'VmRSS'));
    }
    const wall = performance.now() - t0;
    const perMin = (n) => (n / wall) * 60_000;
    const results = sessions.map((s) => ({
      name: s.name,
      kind: s.kind,
      checkout: s.checkout,
      pane: s.pane,
      cpuPercent: ((cpuMs(s.pid) - s.c0) / wall) * 100,
      termBytesPerMin: perMin(s.bytes() - s.b0),
      rssKb: statusKb(s.pid, 'VmRSS'),
      rssMeanKb: s.rssSamples.reduce((a, b) => a + b, 0) / s.rssSamples.length,
      hwmKb: statusKb(s.pid, 'VmHWM'),
      nodeBytesPerMin: s.relay ? perMin(s.relay.counts.up + s.relay.counts.down - s.n0) : undefined,
      screenOk: s.kind === 'avatop' ? /height \d/.test(s.screen()) : undefined,
    }));
    const out = {
      seconds: wall / 1000,
      cols: COLS,
      rows: ROWS,
      loadAverage: `${load0} → ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
      simCpuPercent: ((cpuMs(sim.pid) - s0) / wall) * 100,
      results,
    };
    if (JSON_OUT) {
      process.stdout.write(JSON.stringify(out) + '\n');
    } else {
      const kib = (n) => (n === undefined ? '—' : `${(n / 1024).toFixed(1)} KiB`);
      process.stdout.write(`idle ${out.seconds.toFixed(0)} s in ${COLS}×${ROWS} tmux panes, load average ${out.loadAverage}, simulated node ${out.simCpuPercent.toFixed(2)}%\n`);
      process.stdout.write('program                | CPU of a core | terminal / min | RSS      | RSS mean | peak RSS | node bytes / min\n');
      for (const r of results) {
        process.stdout.write(
          `${r.name.padEnd(22)} | ${`${r.cpuPercent.toFixed(2)}%`.padStart(13)} | ${kib(r.termBytesPerMin).padStart(14)} | ${`${(r.rssKb / 1024).toFixed(1)} MiB`.padStart(8)} | ${`${(r.rssMeanKb / 1024).toFixed(1)} MiB`.padStart(8)} | ${`${(r.hwmKb / 1024).toFixed(1)} MiB`.padStart(8)} | ${kib(r.nodeBytesPerMin)}${r.screenOk === false ? '  (no data on screen!)' : ''}\n`,
        );
      }
    }
    return out;
  } finally {
    try {
      tmux('kill-server');
    } catch {
      // already gone
    }
    for (const r of relays) r.close();
    await sim.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

#!/usr/bin/env node
// Where the monitor's memory goes (issue 31.4): the bundled CLI (dist/avatop.cjs, with bin/avatop.cjs's heap flags)
// on a pane of the default simulated mainnet in a 140×45 pseudo-terminal, a V8 heap snapshot taken after a warm-up
// (--heapsnapshot-signal), its resident memory split as /proc/<pid>/smaps_rollup and status tell it, and the heap's
// self sizes summed by kind and constructor.
//   node scripts/heap-snapshot.mjs [--pane overview] [--seconds 30] [--top 40] [--keep] [--dir DIR] [-- sim args]
// --dir DIR measures another checkout's build (DIR/dist/avatop.cjs); --keep leaves the .heapsnapshot file behind.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shebang, startSim, statusKb } from './proc.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const own = dash >= 0 ? argv.slice(0, dash) : argv;
const simArgs = dash >= 0 ? argv.slice(dash + 1) : [];
const arg = (name, fallback) => {
  const i = own.indexOf(`--${name}`);
  return i >= 0 && own[i + 1] !== undefined ? own[i + 1] : fallback;
};
const PANE = arg('pane', 'overview');
const SECONDS = Number(arg('seconds', '30'));
const TOP = Number(arg('top', '40'));
const DIR = resolve(arg('dir', root));
const KEEP = own.includes('--keep');
const BIN = join(DIR, 'dist', 'avatop.cjs');
const log = (s) => process.stderr.write(`[heap-snapshot] ${s}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
if (!existsSync(BIN)) throw new Error(`${BIN} is missing: node scripts/build.mjs in ${DIR}`);
const { env: ENV, flags: FLAGS } = shebang(readFileSync(join(DIR, 'bin', 'avatop.cjs'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'avatop-heap-'));

function rollupKb(pid, key) {
  try {
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}
/** Resident kB of the mappings whose name matches (the heap's anonymous spaces have none). */
function residentByMapping(pid) {
  const by = new Map();
  let name = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      name = head[1] || '[anonymous]';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) by.set(name, (by.get(name) ?? 0) + Number(rss[1]));
  }
  return [...by.entries()].sort((a, b) => b[1] - a[1]);
}

/** The largest anonymous mappings one by one (size and resident kB): V8's spaces, wasm memory, malloc arenas. */
function anonymousMappings(pid) {
  const out = [];
  let cur;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      cur = head[3] ? undefined : { sizeKb: (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024, rssKb: 0 };
      if (cur) out.push(cur);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && cur) cur.rssKb = Number(rss[1]);
  }
  return out.sort((a, b) => b.rssKb - a.rssKb);
}

/** Self sizes by node type and name (constructor for objects), from the snapshot's flat node array. */
function summarise(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const f = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const N = f.length;
  const iType = f.indexOf('type');
  const iName = f.indexOf('name');
  const iSize = f.indexOf('self_size');
  const nodes = snap.nodes;
  const strings = snap.strings;
  const by = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += N) {
    const type = types[nodes[i + iType]];
    const size = nodes[i + iSize];
    total += size;
    let name = type === 'object' || type === 'closure' || type === 'native' || type === 'hidden' ? strings[nodes[i + iName]] : '';
    if (name.length > 60) name = `${name.slice(0, 57)}...`;
    const key = `${type}${name ? ` ${name}` : ''}`;
    const e = by.get(key) ?? { key, size: 0, count: 0 };
    e.size += size;
    e.count++;
    by.set(key, e);
  }
  return { total, nodeCount: nodes.length / N, rows: [...by.values()].sort((a, b) => b.size - a.size) };
}

const sim = await startSim(BIN, simArgs);
log(`sim ${sim.url}; avatop ${BIN} ${FLAGS.join(' ')} --pane ${PANE}`);
const cmd = `stty rows 45 cols 140; exec ${[process.execPath, ...FLAGS, '--heapsnapshot-signal=SIGUSR2', BIN, '--url', sim.url, '--pane', PANE].map((a) => JSON.stringify(a)).join(' ')}`;
const cli = spawn('script', ['-qfec', cmd, '/dev/null'], { cwd: work, stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...ENV, TERM: 'xterm-256color', XDG_CACHE_HOME: work } });
cli.stdout.resume();
try {
  await sleep(2_000);
  const pid = Number(execFileSync('pgrep', ['-P', String(cli.pid)]).toString().trim().split('\n')[0]);
  log(`pid ${pid}; waiting ${SECONDS} s`);
  await sleep(SECONDS * 1000);
  const before = { rss: statusKb(pid, 'VmRSS'), hwm: statusKb(pid, 'VmHWM'), anon: rollupKb(pid, 'Anonymous'), maps: residentByMapping(pid).slice(0, 8), anonMaps: anonymousMappings(pid).slice(0, 12) };
  process.kill(pid, 'SIGUSR2');
  let file;
  for (let i = 0; i < 600 && !file; i++) {
    await sleep(100);
    const f = readdirSync(work).find((n) => n.endsWith('.heapsnapshot'));
    // Written when its size stops changing.
    if (f) {
      const a = statSync(join(work, f)).size;
      await sleep(500);
      if (a > 0 && statSync(join(work, f)).size === a) file = join(work, f);
    }
  }
  if (!file) throw new Error('no heap snapshot was written');
  const s = summarise(file);
  const mib = (kb) => `${(kb / 1024).toFixed(1)} MiB`;
  process.stdout.write(`${PANE} after ${SECONDS} s: VmRSS ${mib(before.rss)}, VmHWM ${mib(before.hwm)}, anonymous ${mib(before.anon)}\n`);
  process.stdout.write(`resident by mapping: ${before.maps.map(([n, kb]) => `${n.split('/').pop()} ${mib(kb)}`).join(', ')}\n`);
  process.stdout.write(`largest anonymous mappings (resident/size): ${before.anonMaps.map((m) => `${mib(m.rssKb)}/${m.sizeKb >= 1048576 ? `${(m.sizeKb / 1048576).toFixed(0)} GiB` : mib(m.sizeKb)}`).join(', ')}\n`);
  process.stdout.write(`JS heap in the snapshot: ${(s.total / 1048576).toFixed(1)} MiB in ${s.nodeCount.toLocaleString('en-US')} nodes\n`);
  for (const r of s.rows.slice(0, TOP)) process.stdout.write(`${(r.size / 1048576).toFixed(2).padStart(7)} MiB ${String(r.count).padStart(8)}  ${r.key}\n`);
  if (KEEP) process.stdout.write(`kept ${file}\n`);
} finally {
  cli.stdin.write('q');
  await sleep(300);
  try { cli.kill('SIGKILL'); } catch {}
  await sim.stop();
  if (!KEEP) rmSync(work, { recursive: true, force: true });
}

#!/usr/bin/env node
// What the node sends avatop, method by method (issue 31): avatop (dist/avatop.cjs of this checkout, or --dir) in a
// 140×45 tmux pane on one pane, watching `avatop sim` (the default simulated mainnet) through an HTTP proxy that
// reads each request's JSON-RPC method and counts its request and reply, headers included. After a warm-up it counts
// for --seconds and prints bytes and requests a minute per method.
//   node scripts/bench-node-methods.mjs [--pane validators] [--seconds 60] [--warmup 15] [--dir CHECKOUT] [--json]
import http from 'node:http';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const root = resolve(arg('dir', join(dirname(fileURLToPath(import.meta.url)), '..')));
const PANE = arg('pane', 'validators');
const SECONDS = Number(arg('seconds', '60'));
const WARMUP = Number(arg('warmup', '15'));
const bin = join(root, 'dist', 'avatop.cjs');
if (!existsSync(bin)) throw new Error(`${bin} is missing: build it (node scripts/build.mjs --no-types in ${root})`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const sim = spawn(process.execPath, [bin, 'sim', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const simUrl = await new Promise((res, rej) => {
  let out = '';
  sim.stdout.on('data', (d) => {
    out += d;
    const m = /avatop sim: (http:\/\/\S+)/.exec(out);
    if (m && /watch it/.test(out)) res(new URL(m[1]));
  });
  sim.once('exit', (code) => rej(new Error(`avatop sim exited (${code})`)));
});

// Per method: requests and bytes both ways (a getCurrentValidators with node IDs apart from the whole list).
let counting = false;
const stats = new Map();
const agent = new http.Agent({ keepAlive: true });
const headerBytes = (raw) => raw.reduce((n, s) => n + Buffer.byteLength(s) + 2, 0) + 20;
const proxy = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    let method = `${req.method} ${req.url}`;
    try {
      const j = JSON.parse(body.toString());
      method = j.method;
      if (method === 'platform.getCurrentValidators') method += j.params?.nodeIDs ? ' (nodeIDs)' : j.params?.subnetID ? ' (a subnet)' : ' (whole)';
    } catch {
      // a GET (metrics) or not JSON: counted under its path
    }
    const up = http.request({ host: simUrl.hostname, port: simUrl.port, method: req.method, path: req.url, headers: req.headers, agent }, (ur) => {
      let down = headerBytes(ur.rawHeaders);
      res.writeHead(ur.statusCode, ur.headers);
      ur.on('data', (c) => {
        down += c.length;
        res.write(c);
      });
      ur.on('end', () => {
        res.end();
        if (!counting) return;
        const s = stats.get(method) ?? { requests: 0, bytes: 0 };
        s.requests++;
        s.bytes += headerBytes(req.rawHeaders) + body.length + down;
        stats.set(method, s);
      });
    });
    up.on('error', () => res.destroy());
    up.end(body);
  });
});
await new Promise((r) => proxy.listen(0, '127.0.0.1', r));

const home = mkdtempSync(join(tmpdir(), 'avatop-methods-'));
const SOCKET = `avatop-methods-${process.pid}`;
const tmux = (...a) => execFileSync('tmux', ['-L', SOCKET, '-f', '/dev/null', ...a], { encoding: 'utf8' });
try {
  const url = `http://127.0.0.1:${proxy.address().port}`;
  tmux('new-session', '-d', '-s', 'a', '-x', '140', '-y', '45', `exec env LANG=C.UTF-8 TERM=tmux-256color HOME=${home} XDG_CACHE_HOME=${home} ${process.execPath} ${bin} --url ${url} --pane ${PANE}`);
  await sleep(WARMUP * 1000);
  counting = true;
  const t0 = performance.now();
  await sleep(SECONDS * 1000);
  counting = false;
  const perMin = 60_000 / (performance.now() - t0);
  const rows = [...stats].map(([method, s]) => ({ method, requests: s.requests * perMin, bytes: s.bytes * perMin })).sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((n, r) => n + r.bytes, 0);
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ pane: PANE, seconds: SECONDS, totalBytesPerMin: total, methods: rows })}\n`);
  } else {
    process.stdout.write(`${PANE} pane, ${SECONDS} s after ${WARMUP} s, a minute (requests, KiB both ways, headers included):\n`);
    for (const r of rows) process.stdout.write(`${r.method.padEnd(46)} ${r.requests.toFixed(1).padStart(6)} ${(r.bytes / 1024).toFixed(1).padStart(9)} KiB\n`);
    process.stdout.write(`${'total'.padEnd(46)} ${''.padStart(6)} ${(total / 1024).toFixed(1).padStart(9)} KiB\n`);
  }
} finally {
  try {
    tmux('kill-server');
  } catch {
    // already gone
  }
  proxy.close();
  agent.destroy();
  sim.kill('SIGINT');
  rmSync(home, { recursive: true, force: true });
}

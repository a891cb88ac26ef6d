// What the bench scripts read of a process from outside (/proc), and how an installed avatop starts (its shebang).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process, in ms. */
export function cpuMs(pid) {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK;
}

/** A `kB` line of /proc/<pid>/status (VmRSS, VmHWM, ...). */
export function statusKb(pid, key) {
  const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/** bin/avatop.cjs's shebang (`#!/usr/bin/env -S [NAME=VALUE ...] node [flags]`): the environment and Node flags. */
export function shebang(binText) {
  const words = /^#!\/usr\/bin\/env -S (.*)$/m.exec(binText)?.[1].trim().split(/\s+/) ?? [];
  const env = {};
  while (words.length && /^\w+=/.test(words[0])) {
    const [k, ...v] = words.shift().split('=');
    env[k] = v.join('=');
  }
  return { env, flags: words.slice(1) };
}

/**
 * `avatop sim` of the bundle `bin` in its own process, on a free port; resolves once it serves. `wallets` are the
 * demo wallets it prints (address and UTXO count); `stop` interrupts it and resolves once it has exited.
 */
export async function startSim(bin, args = []) {
  const proc = spawn(process.execPath, [bin, 'sim', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /avatop sim: (http:\/\/\S+)/.exec(out);
      if (m && /watch it/.test(out)) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`avatop sim exited (${code}) before serving:\n${out}`)));
  });
  const wallets = [...out.matchAll(/(P-\S+) \((\d+) UTXOs\)/g)].map((m) => ({ address: m[1], utxos: Number(m[2]) }));
  return {
    url,
    port: Number(new URL(url).port),
    pid: proc.pid,
    wallets,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGINT');
      }),
  };
}

// What the bench scripts read of a process from outside (/proc), and how an installed avatop starts (its shebang).
import { execFileSync } from 'node:child_process';
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
